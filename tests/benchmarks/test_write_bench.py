"""What one small write costs through `@write` (issue 27: "make test no slower").

A write takes the event's lock, runs, and has its `Done.changes` read off what it
journaled. Measured on a real SQLite file: adding a minute to the room's clock
(one row updated, one journal entry) and registering a player, on a 16-player
event with round 1 paired. Target: each ≤ 50 ms, the budget of one result
(issue 17); measured 1.6-2.7 ms at best, 8-14 ms median on a shared two-core
machine, the same before `@write`. Run with `python3 dev.py bench` (or
ORGANIZER_BENCH=1 pytest tests/benchmarks/test_write_bench.py --benchmark-only).
"""

from __future__ import annotations

from itertools import count
from typing import Any

from organizer.services.clock import clock
from organizer.services.event import events
from organizer.services.players import registration
from organizer.services.rounds import pairing
from organizer.storage.database import Database

TARGET_S = 0.050


def _event(db: Database) -> int:
    event_id = events.create_event(db, name="Bench", format_id="castle-wars").value.id
    text = "name\n" + "".join(f"Player {i}\n" for i in range(1, 17))
    registration.import_players_csv(db, event_id=event_id, text=text)
    pairing.pair_next(db, event_id=event_id, seed=1)
    clock.start(db, event_id=event_id)
    return event_id


def test_a_clock_write(benchmark: Any, db: Database) -> None:
    event_id = _event(db)
    done = benchmark(lambda: clock.add_time(db, event_id=event_id, seconds=60))
    assert done.changes.clock and done.changes.event_id == event_id
    assert benchmark.stats.stats.median <= TARGET_S


def test_registering_a_player(benchmark: Any, db: Database) -> None:
    event_id = _event(db)
    names = count(1)
    done = benchmark(
        lambda: registration.add_player(db, event_id=event_id, name=f"Late {next(names)}")
    )
    assert done.changes.players and done.changes.event_id == event_id
    assert benchmark.stats.stats.median <= TARGET_S
