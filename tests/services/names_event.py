"""An event whose names need more than accents dropped: Ł, Ø, Đ, ß, Zoë; round 1 all draws."""

from __future__ import annotations

from organizer.core.results import parse_score
from organizer.services.event import events
from organizer.services.players import registration
from organizer.services.rounds import pairing, results
from organizer.storage.database import Database

NAMES = ("Zoë Castellanos", "Łukasz Żółkiewski", "Øyvind Berg", "Đặng Thu", "Lukas Adler", "Ada Ek")
BY_NAME = (
    "Ada Ek",
    "Đặng Thu",
    "Lukas Adler",
    "Łukasz Żółkiewski",
    "Øyvind Berg",
    "Zoë Castellanos",
)
"""`NAMES` as the Unicode Collation Algorithm orders them."""


def names_event(db: Database) -> int:
    """`NAMES` registered, round 1 paired and every table drawn: everyone tied on everything."""
    event_id = events.create_event(db, name="Names", format_id="castle-wars").value.id
    for name in NAMES:
        registration.add_player(db, event_id=event_id, name=name)
    first = pairing.pair_next(db, event_id=event_id, seed=5).value
    for match in first.matches:
        assert match.table is not None
        results.record_result(db, event_id=event_id, table=match.table, score=parse_score("1-1-1"))
    return event_id
