"""A screenshot of the Event settings dialog, for the docs and for review.

Builds a throwaway database with a 16-player Warcaste Skirmish Draft whose
settings were changed on the command line's path (Letter paper, pods of 7
kept for every round, late entries getting losses), opens the main window at
1280x800, chooses Events → Event settings… and saves settings-dialog.png,
made with `QWidget.grab()`:

    QT_QPA_PLATFORM=offscreen .venv/bin/python tools/screenshot_settings.py [OUT_DIR]
    xvfb-run -a .venv/bin/python tools/screenshot_settings.py [OUT_DIR]

OUT_DIR defaults to docs/screenshots. Everything goes through the services
and the window's own action, as a TO would do it; the dialog is cancelled.
"""

from __future__ import annotations

import datetime as dt
import sys

from PySide6.QtWidgets import QDialog
from screenshot_support import NAMES, new_event, session

from organizer.services.event import settings
from organizer.storage.database import Database


def fill_database(db: Database) -> int:
    event_id = new_event(
        db,
        name="Ember Gate Draft Weekend",
        format_id="warcaste-skirmish-draft",
        date=dt.date(2025, 6, 14),
        planned_rounds=3,
        players=NAMES[:16],
    )
    for key, value in (
        ("paper", "Letter"),
        ("pod_size", "7"),
        ("pods_keep_rounds", "yes"),
        ("late_entry_losses", "yes"),
    ):
        settings.set_setting(db, event_id=event_id, key=key, value=value)
    return event_id


def main(argv: list[str]) -> int:
    with session(argv) as shots:
        window = shots.open_window(fill_database(shots.db))

        def shoot(dialog: QDialog) -> int:
            shots.save_dialog(dialog, "settings-dialog.png")
            return int(QDialog.DialogCode.Rejected)

        window.prompts.run_dialog = shoot
        window.edit_settings.action.trigger()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
