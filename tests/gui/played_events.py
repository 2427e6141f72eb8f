"""Events with rounds played, built through the real services for the GUI tests.

`event_with_players` registers "Player 1" … "Player N" from a CSV; `play_round`
pairs the next round with a fixed seed and records results from a rule, so the
tests know the outcome without mocking anything.
"""

from __future__ import annotations

from collections.abc import Callable, Collection

from organizer.core.event import Round
from organizer.core.results import Score
from organizer.services.event import events
from organizer.services.players import registration
from organizer.services.rounds import pairing, results
from organizer.storage.database import Database

ScoreRule = Callable[[int], Score]
"""The score (player A's games first) to record at a table number."""


def event_with_players(db: Database, format_id: str, count: int, name: str = "Test event") -> int:
    record = events.create_event(db, name=name, format_id=format_id).value
    text = "name\n" + "".join(f"Player {i}\n" for i in range(1, count + 1))
    registration.import_players_csv(db, event_id=record.id, text=text)
    return record.id


def a_wins_2_1(_table: int) -> Score:
    return Score(2, 1)


def play_round(
    db: Database,
    event_id: int,
    *,
    seed: int,
    rule: ScoreRule = a_wins_2_1,
    leave_open: Collection[int] = (),
) -> Round:
    """Pair the next round and record `rule(table)` at every table not in `leave_open`."""
    round_ = pairing.pair_next(db, event_id=event_id, seed=seed).value
    for m in round_.matches:
        if m.table is not None and m.table not in leave_open:
            results.record_result(
                db,
                event_id=event_id,
                table=m.table,
                score=rule(m.table),
                round_number=round_.number,
            )
    return round_.round
