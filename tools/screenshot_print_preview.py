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
import tempfile
import time
from pathlib import Path

from PySide6.QtWidgets import QApplication, QDialog, QWidget

from organizer.gui.app import create_main_window
from organizer.services import events, pairing, registration
from organizer.storage.database import Database

ROOT = Path(__file__).resolve().parents[1]
NAMES = [
    "Ada Byrne",
    "Bo Chen",
    "Cyrus Dorn",
    "Dana Ek",
    "Emeka Fofana",
    "Fatima Ghazali",
    "Gus Halvorsen",
    "Hana Ito",
    "Ivan Jovanović",
    "Jo Kim",
    "Kasia Lewandowska",
    "Liam Murphy",
    "Mei Nakamura",
    "Nils Olsen",
    "Olu Adeyemi",
    "Priya Raman",
]


def fill_database(db: Database) -> int:
    record, _ = events.create_event(
        db,
        name="Friday Skirmish",
        format_id="warcaste-skirmish-constructed",
        date=dt.date(2025, 5, 9),
    )
    text = "name\n" + "".join(f"{name}\n" for name in NAMES)
    registration.import_players_csv(db, event_id=record.id, text=text)
    pairing.pair_next(db, event_id=record.id, seed=11)
    return record.id


def save(widget: QWidget, path: Path) -> None:
    deadline = time.monotonic() + 1.0  # QPdfView draws its pages in the event loop
    while time.monotonic() < deadline:
        QApplication.processEvents()
        time.sleep(0.02)
    if not widget.grab().save(str(path)):
        raise SystemExit(f"could not write {path}")
    print(path)


def main(argv: list[str]) -> int:
    out = Path(argv[1]) if len(argv) > 1 else ROOT / "docs" / "screenshots"
    out.mkdir(parents=True, exist_ok=True)
    app = QApplication.instance() or QApplication(argv)
    with tempfile.TemporaryDirectory() as tmp:
        db = Database(f"sqlite:///{Path(tmp) / 'organizer.sqlite3'}")
        event_id = fill_database(db)
        window = create_main_window(db, event_id=event_id)
        window.resize(1280, 800)
        window.show()
        view = window.event_view
        assert view is not None
        rounds = view.rounds_tab
        view.tabs.setCurrentWidget(rounds)

        def shoot(dialog: QDialog) -> int:
            dialog.resize(1280, 800)
            dialog.show()
            save(dialog, out / "print-preview.png")
            dialog.close()
            return int(QDialog.DialogCode.Rejected)

        window.prompts.run_dialog = shoot
        if rounds.print_commands.preview("slips") is None:
            raise SystemExit("the preview did not open")
        window.close()
        db.close()
    del app
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
