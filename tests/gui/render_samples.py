"""Render page 1 of every printout from the sample events into PNGs, to look at them.

    QT_QPA_PLATFORM=offscreen .venv/bin/python -m tests.gui.render_samples docs/printouts

Writes <name>.png (QtPdf at 80 dpi, on white, through the preview's own
`organizer.gui.printouts.pdf_pages.page_image`) for each sample below; the PDFs are kept beside
them only with --keep-pdf. Lives in tests/gui because it imports PySide6.
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QApplication

from organizer.core.pairing.standings import compute_standings, final_standings
from organizer.gui.printouts.pdf_pages import load_document, page_image
from organizer.printing.deck_views import blank_form
from organizer.printing.page import PageSettings
from organizer.printing.render import render
from organizer.printing.views import (
    final_standings_view,
    pairings_view,
    slips_view,
    standings_view,
)
from tests.printing.sample import (
    big_event,
    conquest_event,
    sample_view,
    top_cut_event,
    warcaste_event,
)

DPI = 80


def samples() -> dict[str, bytes]:
    event, cut = warcaste_event(), top_cut_event()
    large = PageSettings(large_type=True)
    return {
        "pairings-by-table": render("pairings-by-table", sample_view("pairings-by-table")),
        "pairings-by-table-large": render(
            "pairings-by-table", sample_view("pairings-by-table"), settings=large
        ),
        "pairings-by-name": render("pairings-by-name", sample_view("pairings-by-name")),
        "pairings-by-name-large-2000": render(
            "pairings-by-name", sample_view_big(), settings=large
        ),
        "standings": render("standings", standings_view(event, compute_standings(event))),
        "standings-final": render("standings", final_standings_view(cut, final_standings(cut))),
        "slips": render("slips", slips_view(event, 2)),
        "slips-letter": render("slips", slips_view(event, 2), settings=PageSettings("Letter")),
        "slips-conquest": render("slips", slips_view(conquest_event(), 1)),
        "slips-castle-wars": render("slips", slips_view(big_event(8, format_id="castle-wars"), 2)),
        "pods": render("pods", sample_view("pods")),
        "seat-slips": render("seat-slips", sample_view("seat-slips")),
        "decklists": render("decklists", sample_view("decklists")),
        "decklist-form-warcaste": render("decklists", blank_form("warcaste-skirmish-constructed")),
        "decklist-form-wars-letter": render(
            "decklists", blank_form("wars-constructed"), settings=PageSettings("Letter")
        ),
        "penalties": render("penalties", sample_view("penalties")),
    }


def sample_view_big() -> object:
    return pairings_view(big_event(2000), 2)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("folder", type=Path)
    parser.add_argument("--keep-pdf", action="store_true")
    args = parser.parse_args()
    args.folder.mkdir(parents=True, exist_ok=True)
    app = QApplication.instance() or QApplication([])
    owner = QObject()
    for name, pdf in samples().items():
        if args.keep_pdf:
            (args.folder / f"{name}.pdf").write_bytes(pdf)
        out = args.folder / f"{name}.png"
        page_image(load_document(pdf, owner), 0, DPI).save(str(out))
        print(out)
    del app


if __name__ == "__main__":
    main()
