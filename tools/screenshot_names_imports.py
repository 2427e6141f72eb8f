"""Screenshots of names found and sorted as people expect, and of a long import's progress bar.

Registers players whose names need more than accents dropped (Ł, Ø, Đ, ß, Zoë), then saves:
the Players tab sorted by name; the same tab searched for "lukasz"; the progress bar a long
import shows (`kit.progress`), mid-way; and the pairings-by-name printout's first page, drawn
with QtPdf as the app's print preview draws it:

    QT_QPA_PLATFORM=offscreen .venv/bin/python tools/screenshot_names_imports.py [OUT_DIR]
"""

from __future__ import annotations

import datetime as dt
import sys

from PySide6.QtCore import Qt
from screenshot_support import event_view, new_event, session

from organizer.gui.kit.progress import ProgressBar, progress_dialog
from organizer.gui.printouts.pdf_pages import load_document, page_image
from organizer.services.printouts import printouts
from organizer.services.rounds import pairing

NAMES = (
    "Zoë Castellanos",
    "Łukasz Żółkiewski",
    "Øyvind Berg",
    "Đặng Thu",
    "Lukas Adler",
    "Jürgen Straße",
    "Ada Ek",
    "Anna de Vries",
    "Oscar Lind",
    "Dan Moore",
)


def main(argv: list[str]) -> int:
    with session(argv) as shots:
        event_id = new_event(
            shots.db,
            name="Names night",
            format_id="castle-wars",
            date=dt.date(2026, 11, 27),
            players=NAMES,
        )
        window = shots.open_window(event_id)
        tab = event_view(window).players_tab
        tab.table.sortByColumn(2, Qt.SortOrder.AscendingOrder)
        shots.save(window, "players-by-name.png")
        tab.search_edit.setText("lukasz")
        shots.save(window, "players-search-lukasz.png")
        tab.search_edit.clear()

        dialog = progress_dialog(window, "Import CSV", "Importing players…")
        ProgressBar(dialog).report(61_000, 100_000)  # moved when the grab turns the event loop
        dialog.show()
        shots.save(dialog, "import-progress.png")
        dialog.close()

        pairing.pair_next(shots.db, event_id=event_id, seed=3)
        pdf = printouts.printout(shots.db, event_id=event_id, kind="pairings-by-name")
        target = shots.out / "pairings-by-name.png"
        if not page_image(load_document(pdf, window), 0, 60).save(str(target)):
            raise SystemExit(f"could not write {target}")
        print(target)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
