"""Screenshots of the Rounds and Standings tabs, for the docs and for review.

Builds a throwaway database with a 24-player Castle Wars event after three
rounds (round 3 with a few results still missing), opens the main window at
1280x800 and saves two PNGs made with `QWidget.grab()`:

    QT_QPA_PLATFORM=offscreen .venv/bin/python tools/screenshot_rounds.py [OUT_DIR]
    xvfb-run -a .venv/bin/python tools/screenshot_rounds.py [OUT_DIR]

rounds-tab.png shows round 3 with a slip half typed (table 7: the row is
highlighted and the names are shown); standings-tab.png shows the standings
with the ninth player's tiebreaker breakdown. OUT_DIR defaults to
docs/screenshots. Everything goes through the services and the tabs' own
widgets, as a TO would do it.
"""

from __future__ import annotations

import datetime as dt
import random
import sys
import tempfile
from pathlib import Path

from PySide6.QtWidgets import QApplication, QWidget

from organizer.core.results import Score
from organizer.gui.app import create_main_window
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
    "Nils Olsen",
    "Olu Adeyemi",
    "Priya Raman",
    "Quinn Sato",
    "Rosa Torres",
    "Sven Ulrich",
    "Tess Vale",
    "Uma Wolfe",
    "Vic Xu",
    "Wren Young",
    "Xavier Zamora",
]
SCORES = [Score(2, 0), Score(2, 1), Score(1, 2), Score(0, 2), Score(1, 1, 1)]
WEIGHTS = [4, 5, 5, 4, 1]
MISSING_IN_ROUND_3 = {3, 7, 9, 12}


def fill_database(db: Database) -> int:
    record, _ = events.create_event(
        db,
        name="Castle Wars League, week 7",
        format_id="castle-wars",
        date=dt.date(2025, 5, 9),
        planned_rounds=4,
    )
    text = "name\n" + "".join(f"{name}\n" for name in NAMES)
    registration.import_players_csv(db, event_id=record.id, text=text)
    rng = random.Random(7)
    for number, seed in ((1, 101), (2, 102), (3, 103)):
        round_ = pairing.pair_next(db, event_id=record.id, seed=seed).round
        for m in round_.matches:
            if m.table is None or (number == 3 and m.table in MISSING_IN_ROUND_3):
                continue
            score = rng.choices(SCORES, WEIGHTS)[0]
            drop = (False, number == 2 and m.table == 11)
            results.record_result(
                db, event_id=record.id, table=m.table, score=score, round_number=number, drop=drop
            )
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
        rounds.entry.table_edit.setText("7")
        rounds.entry.focus_score()
        rounds.entry.score_edit.setText("2-1")
        save(window, out / "rounds-tab.png")

        standings = view.standings_tab
        view.tabs.setCurrentWidget(standings)
        standings.select_player(standings.model.standing_at(8).player)
        standings.table.setFocus()
        save(window, out / "standings-tab.png")

        window.close()
        db.close()
    del app
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
