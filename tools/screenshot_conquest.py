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

from screenshot_support import NAMES, new_event, session, show_tab

from organizer.gui.rounds.rounds_tab import RoundsTab
from organizer.gui.rounds.table_result_entry import TableResultEntry
from organizer.services.rounds import pairing, results
from organizer.storage.database import Database


def fill_database(db: Database) -> int:
    event_id = new_event(
        db,
        name="Conquest Saturday",
        format_id="warcaste-conquest",
        date=dt.date(2025, 5, 10),
        planned_rounds=3,
        players=NAMES[:13],
    )
    first = pairing.pair_next(db, event_id=event_id, seed=21).value
    seats = {m.table: m.players for m in first.matches}
    record_ = results.record_table_result
    record_(db, event_id=event_id, table=1, winner=seats[1][2], round_number=1)
    record_(db, event_id=event_id, table=2, winner=None, round_number=1)
    drawn = [seats[3][0], seats[3][3]]
    record_(db, event_id=event_id, table=3, winner=None, drawn=drawn, round_number=1)
    second = pairing.pair_next(db, event_id=event_id, seed=22).value
    seats = {m.table: m.players for m in second.matches}
    record_(db, event_id=event_id, table=1, winner=seats[1][0], round_number=2)
    drawn = [seats[2][1], seats[2][2]]
    record_(db, event_id=event_id, table=2, winner=None, drawn=drawn, round_number=2)
    return event_id


def main(argv: list[str]) -> int:
    with session(argv) as shots:
        window = shots.open_window(fill_database(shots.db))
        entry = show_tab(window, "Rounds", RoundsTab).entry
        assert isinstance(entry, TableResultEntry)
        entry.table_edit.setText("3")
        entry.focus_answer()
        entry.result_edit.setText("d 1 4")
        shots.save(window, "conquest-rounds-tab.png")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
