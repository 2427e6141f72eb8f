"""A screenshot of the Rounds tab of a Warcaste Conquest event, for the docs and for review.

Builds a throwaway database with a 13-player Conquest event (tables of 3 to
5): round 1 played (a win, a draw for everyone, a draw between the two
players still in at time), round 2 seated 4, 4, 5 with table 1 won and
table 2 drawn by two seats, table 3 still open and its slip typed ("3",
then "d 1 4"). Opens the main window at 1280x800 and saves
conquest-rounds-tab.png, made with `QWidget.grab()`:

    QT_QPA_PLATFORM=offscreen .venv/bin/python tools/screenshot_conquest.py [OUT_DIR]
    xvfb-run -a .venv/bin/python tools/screenshot_conquest.py [OUT_DIR]

OUT_DIR defaults to docs/screenshots. Everything goes through the services
and the tab's own widgets, as a TO would do it.
"""

from __future__ import annotations

import datetime as dt
import sys
import tempfile
from pathlib import Path

from PySide6.QtWidgets import QApplication, QWidget

from organizer.gui.app import create_main_window
from organizer.gui.table_result_entry import TableResultEntry
from organizer.services import events, pairing, registration, results
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
]


def fill_database(db: Database) -> int:
    record, _ = events.create_event(
        db,
        name="Conquest Saturday",
        format_id="warcaste-conquest",
        date=dt.date(2025, 5, 10),
        planned_rounds=3,
    )
    text = "name\n" + "".join(f"{name}\n" for name in NAMES)
    registration.import_players_csv(db, event_id=record.id, text=text)
    first = pairing.pair_next(db, event_id=record.id, seed=21).round
    seats = {m.table: m.players for m in first.matches}
    record_ = results.record_table_result
    record_(db, event_id=record.id, table=1, winner=seats[1][2], round_number=1)
    record_(db, event_id=record.id, table=2, winner=None, round_number=1)
    drawn = [seats[3][0], seats[3][3]]
    record_(db, event_id=record.id, table=3, winner=None, drawn=drawn, round_number=1)
    second = pairing.pair_next(db, event_id=record.id, seed=22).round
    seats = {m.table: m.players for m in second.matches}
    record_(db, event_id=record.id, table=1, winner=seats[1][0], round_number=2)
    drawn = [seats[2][1], seats[2][2]]
    record_(db, event_id=record.id, table=2, winner=None, drawn=drawn, round_number=2)
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
        view = window.event_view
        assert view is not None
        rounds = view.rounds_tab
        view.tabs.setCurrentWidget(rounds)
        entry = rounds.entry
        assert isinstance(entry, TableResultEntry)
        entry.table_edit.setText("3")
        entry.focus_result()
        entry.result_edit.setText("d 1 4")
        save(window, out / "conquest-rounds-tab.png")
        window.close()
        db.close()
    del app
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
