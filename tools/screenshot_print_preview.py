"""A screenshot of the print preview: the match slips of a Warcaste event's round 1.

Builds a throwaway database with a 16-player Warcaste Skirmish event, pairs
round 1, and opens the preview of its match slips the way the Rounds tab's
Print menu does (`PrintCommands.preview`). The dialog is saved at 1280x800
with `QWidget.grab()` as print-preview.png:

    QT_QPA_PLATFORM=offscreen .venv/bin/python tools/screenshot_print_preview.py [OUT_DIR]
    xvfb-run -a .venv/bin/python tools/screenshot_print_preview.py [OUT_DIR]

OUT_DIR defaults to docs/screenshots. The PDF comes from
`services.printouts`, drawn by QtPdf's QPdfView as in the app.
"""

from __future__ import annotations

import datetime as dt
import sys

from PySide6.QtWidgets import QDialog
from screenshot_support import NAMES, WINDOW_SIZE, new_event, session, show_tab

from organizer.gui.rounds.rounds_tab import RoundsTab
from organizer.services.rounds import pairing
from organizer.storage.database import Database


def fill_database(db: Database) -> int:
    event_id = new_event(
        db,
        name="Friday Skirmish",
        format_id="warcaste-skirmish-constructed",
        date=dt.date(2025, 5, 9),
        players=NAMES[:16],
    )
    pairing.pair_next(db, event_id=event_id, seed=11)
    return event_id


def main(argv: list[str]) -> int:
    with session(argv) as shots:
        window = shots.open_window(fill_database(shots.db))
        rounds = show_tab(window, "Rounds", RoundsTab)

        def shoot(dialog: QDialog) -> int:
            # QPdfView draws its pages in the event loop: give it a second
            shots.save_dialog(dialog, "print-preview.png", size=WINDOW_SIZE, settle=1.0)
            return int(QDialog.DialogCode.Rejected)

        window.prompts.run_dialog = shoot
        if rounds.print_commands.preview("slips") is None:
            raise SystemExit("the preview did not open")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
