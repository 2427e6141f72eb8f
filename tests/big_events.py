"""A 4,096-player event after 8 rounds, generated the same way every time, for tests and benchmarks.

Rounds are paired by the organizer itself with random results (about 8% drawn
games, about 1% of the players dropping each round), then stored through the
services in a real SQLite file. Building it takes a few seconds, so a test
module builds one template file and copies it.
"""

from __future__ import annotations

import random
from functools import cache
from pathlib import Path

from organizer.core.event import EventData
from organizer.core.interchange import dumps_event
from organizer.services.event import interchange
from organizer.storage.database import Database
from tests.core.pairing.simulate import advance, make_players

PLAYERS = 4096


@cache
def big_event_text(players: int = PLAYERS, rounds: int = 8) -> str:
    rng = random.Random(players)
    event = EventData(
        name=f"Regional {players}",
        players=make_players(players),
        best_of=3,
        format_id="castle-wars",
    )
    for number in range(1, rounds + 1):
        event = advance(event, rng, seed=number, draw_rate=0.08, drop_rate=0.01)
    return dumps_event(event)


def store_big_event(path: Path, players: int = PLAYERS) -> int:
    """Store the event in a new database file at `path`; its id."""
    db = Database(f"sqlite:///{path}")
    try:
        return interchange.import_event(db, text=big_event_text(players)).value
    finally:
        db.close()
