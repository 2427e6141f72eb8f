"""Render page 1 of every printout from the sample events into PNGs, to look at them.

    .venv/bin/python -m tests.printing.render_samples docs/printouts

Writes <name>.png (pdftoppm at 80 dpi) for each sample below; the PDFs are kept beside them
only with --keep-pdf.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import tempfile
from pathlib import Path

from organizer.core.pairing.standings import compute_standings, final_standings
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
    }


def sample_view_big() -> object:
    return pairings_view(big_event(2000), 2)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("folder", type=Path)
    parser.add_argument("--keep-pdf", action="store_true")
    args = parser.parse_args()
    args.folder.mkdir(parents=True, exist_ok=True)
    tool = shutil.which("pdftoppm") or "pdftoppm"
    with tempfile.TemporaryDirectory() as temp:
        for name, pdf in samples().items():
            source = (args.folder if args.keep_pdf else Path(temp)) / f"{name}.pdf"
            source.write_bytes(pdf)
            out = args.folder / name
            subprocess.run(
                [
                    tool,
                    "-r",
                    "80",
                    "-png",
                    "-f",
                    "1",
                    "-l",
                    "1",
                    "-singlefile",
                    str(source),
                    str(out),
                ],
                check=True,
            )
            print(f"{out}.png")


if __name__ == "__main__":
    main()
