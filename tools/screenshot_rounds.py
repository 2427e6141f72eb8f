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

from screenshot_support import NAMES, new_event, session, show_tab

from organizer.core.results import Score
from organizer.gui.rounds.result_entry import ResultEntry
from organizer.gui.rounds.rounds_tab import RoundsTab
from organizer.gui.standings.standings_tab import StandingsTab
from organizer.services.rounds import pairing, results
from organizer.storage.database import Database

SCORES = [Score(2, 0), Score(2, 1), Score(1, 2), Score(0, 2), Score(1, 1, 1)]
WEIGHTS = [4, 5, 5, 4, 1]
MISSING_IN_ROUND_3 = {3, 7, 9, 12}


def fill_database(db: Database) -> int:
    event_id = new_event(
        db,
        name="Castle Wars League, week 7",
        format_id="castle-wars",
        date=dt.date(2025, 5, 9),
        planned_rounds=4,
        players=NAMES,
    )
    rng = random.Random(7)
    for number, seed in ((1, 101), (2, 102), (3, 103)):
        round_ = pairing.pair_next(db, event_id=event_id, seed=seed).value
        for m in round_.matches:
            if m.table is None or (number == 3 and m.table in MISSING_IN_ROUND_3):
                continue
            score = rng.choices(SCORES, WEIGHTS)[0]
            drop = (False, number == 2 and m.table == 11)
            results.record_result(
                db, event_id=event_id, table=m.table, score=score, round_number=number, drop=drop
            )
    return event_id


def main(argv: list[str]) -> int:
    with session(argv) as shots:
        window = shots.open_window(fill_database(shots.db))

        entry = show_tab(window, "Rounds", RoundsTab).entry
        assert isinstance(entry, ResultEntry)
        entry.table_edit.setText("7")
        entry.focus_answer()
        entry.score_edit.setText("2-1")
        shots.save(window, "rounds-tab.png")

        standings = show_tab(window, "Standings", StandingsTab)
        standings.select_player(standings.model.standing_at(8).player)
        standings.table.setFocus()
        shots.save(window, "standings-tab.png")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
