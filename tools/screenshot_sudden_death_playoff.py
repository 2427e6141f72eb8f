"""A screenshot of the sudden-death dialog in a level playoff match (formats.md, decided here).

Builds a throwaway database with an 8-player Warcaste Skirmish: 3 Swiss rounds,
then a top cut of 4 whose clock started an hour and a minute ago. At semifinal
table 1 the six sudden-death turns end level (3-3), so the dialog has grown an
extra turn each, and the second player leads after them:

    QT_QPA_PLATFORM=offscreen .venv/bin/python tools/screenshot_sudden_death_playoff.py [OUT_DIR]

sudden-death-playoff.png: the dialog after the extra turns, the winner shown.
OUT_DIR defaults to docs/screenshots. Everything goes through the services.
"""

from __future__ import annotations

import datetime as dt
import sys

from screenshot_support import NAMES, new_event, session

from organizer.core.results import Score
from organizer.gui.rounds.sudden_death_dialog import SuddenDeathDialog
from organizer.services.clock import clock, sudden_death
from organizer.services.rounds import pairing, results, topcut
from organizer.storage.database import Database

STARTED = dt.datetime.now(dt.UTC) - dt.timedelta(minutes=61)


def fill_database(db: Database) -> int:
    event_id = new_event(
        db,
        name="Saturday Skirmish Top 4",
        format_id="warcaste-skirmish-constructed",
        date=dt.date(2025, 6, 14),
        players=NAMES[:8],
    )
    for seed in (1, 2, 3):
        for m in pairing.pair_next(db, event_id=event_id, seed=seed).value.matches:
            if m.table is not None:
                results.record_result(db, event_id=event_id, table=m.table, score=Score(1, 0))
    topcut.start(db, event_id=event_id, size=4)
    clock.start(db, event_id=event_id, now=STARTED)
    a, b = sudden_death.load(db, event_id=event_id, table=1).record.players
    sudden_death.set_active_player(db, event_id=event_id, table=1, player=a)
    for number, counters in enumerate((1, 2, 2, 0, 0, 1, 1, 2), start=1):
        player = a if number % 2 else b
        sudden_death.record_turn(
            db, event_id=event_id, table=1, number=number, player=player, counters=counters
        )
    return event_id


def main(argv: list[str]) -> int:
    with session(argv) as shots:
        event_id = fill_database(shots.db)
        window = shots.open_window(event_id)
        state = sudden_death.load(shots.db, event_id=event_id, table=1)
        shots.save_dialog(
            SuddenDeathDialog(shots.db, event_id, state, window), "sudden-death-playoff.png"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
