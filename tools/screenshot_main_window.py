"""Screenshots of the main window and its dialogs, for the docs and for review.

Builds a throwaway database with three events and about twenty players, opens
the main window at 1280x800, and saves PNGs made with `QWidget.grab()`:

    QT_QPA_PLATFORM=offscreen .venv/bin/python tools/screenshot_main_window.py [OUT_DIR]
    xvfb-run -a .venv/bin/python tools/screenshot_main_window.py [OUT_DIR]

OUT_DIR defaults to docs/screenshots. Everything goes through the services and
the window's own commands, as a TO would do it.
"""

from __future__ import annotations

import datetime as dt
import sys
import tempfile
from pathlib import Path

from PySide6.QtWidgets import QApplication, QDialog, QWidget

from organizer.gui.app import create_main_window
from organizer.gui.csv_import import ImportReportDialog
from organizer.gui.new_event_dialog import NewEventDialog
from organizer.services import events, registration
from organizer.services.registration import ImportReport
from organizer.storage.database import Database

ROOT = Path(__file__).resolve().parents[1]

PLAYERS = [
    ("Ada Byrne", "ada@example.org", 0),
    ("Bo Chen", "", 0),
    ("Cyrus Dorn", "cyrus.dorn@example.net", 1),
    ("Dana Ek", "", 0),
    ("Emeka Fofana", "emeka@example.org", 0),
    ("Fatima Ghazali", "", 0),
    ("Gus Halvorsen", "gus.h@example.com", 0),
    ("Hana Ito", "", 2),
    ("Ivan Jovanović", "ivan@example.rs", 0),
    ("Jo Kim", "", 0),
    ("Kasia Lewandowska", "kasia@example.pl", 0),
    ("Liam Murphy", "", 0),
    ("Mei Nakamura", "mei@example.jp", 0),
    ("Nils Olsen", "", 0),
    ("Olu Adeyemi", "olu@example.org", 0),
    ("Priya Raman", "", 0),
    ("Quinn Sato", "quinn@example.com", 0),
    ("Rosa Torres", "", 0),
    ("Sven Ulrich", "", 0),
]


def fill_database(db: Database) -> int:
    events.create_event(
        db, name="Castle Wars League, week 6", format_id="castle-wars", date=dt.date(2025, 4, 25)
    )
    events.create_event(
        db, name="WARS Tuesday", format_id="wars-constructed", date=dt.date(2025, 4, 29)
    )
    record, _ = events.create_event(
        db,
        name="Friday Night Skirmish",
        format_id="warcaste-skirmish-constructed",
        date=dt.date(2025, 5, 2),
        planned_rounds=4,
    )
    for name, email, byes in PLAYERS:
        registration.add_player(
            db, event_id=record.id, name=name, email=email or None, awarded_byes=byes
        )
    dropped = registration.list_players(db, event_id=record.id)[3]
    registration.set_dropped(db, registration_id=dropped.registration_id, dropped=True)
    return record.id


def save(widget: QWidget, path: Path) -> None:
    QApplication.processEvents()
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
        assert window.event_view is not None
        tab = window.event_view.players_tab
        tab.quick_add_edit.setText("Ada Byrne")  # a second Ada shows the duplicate warning
        tab.quick_add()
        save(window, out / "main-window.png")

        dialog = NewEventDialog(window)
        dialog.name_edit.setText("Saturday Draft")
        dialog.format_combo.setCurrentIndex(dialog.format_combo.findData("warcaste-skirmish-draft"))
        dialog.show()
        save(dialog, out / "new-event-dialog.png")
        dialog.close()

        report = registration.import_players_csv(
            db,
            event_id=event_id,
            text="name,email,awarded_byes\nTess Vale,tess@example.org,0\n,x@example.org,0\n"
            "Uma Wolfe,not-an-address,0\nVic Xu,,two\nbo chen,,0\n",
        )
        show_report(report, window, out / "import-report.png")

        window.close()
        db.close()
    del app
    return 0


def show_report(report: ImportReport, parent: QWidget, path: Path) -> None:
    dialog: QDialog = ImportReportDialog(report, parent)
    dialog.show()
    save(dialog, path)
    dialog.close()


if __name__ == "__main__":
    sys.exit(main(sys.argv))
