"""Events with a round paired and a clock to set, for the Clock tab, room display and dialog tests.

`paired_event` creates an event through the real services, registers the
players from a CSV and pairs round 1 with a fixed seed. `Now` is the time the
widgets read: their `now` attribute is set to one, and a test moves it on.
"""

from __future__ import annotations

import datetime as dt

from organizer.services.event import events
from organizer.services.players import registration
from organizer.services.rounds import pairing
from organizer.storage.database import Database

T0 = dt.datetime(2025, 5, 9, 19, 0, tzinfo=dt.UTC)
NAMES = ("Ada Byrne", "Bo Chen", "Cy Dorn", "Di Ek", "Eve Fox", "Finn Gale", "Gil Hart", "Hal Ives")


def paired_event(
    db: Database,
    *,
    format_id: str = "warcaste-skirmish-constructed",
    players: int = 8,
    name: str = "Friday Skirmish",
) -> int:
    record = events.create_event(db, name=name, format_id=format_id).value
    text = "name\n" + "".join(f"{n}\n" for n in NAMES[:players])
    registration.import_players_csv(db, event_id=record.id, text=text)
    pairing.pair_next(db, event_id=record.id, seed=5)
    return record.id


class Now:
    """A clock a test moves by hand: `now()` is `T0` plus what it was advanced."""

    def __init__(self, start: dt.datetime = T0) -> None:
        self.time = start

    def __call__(self) -> dt.datetime:
        return self.time

    def at(self, seconds: float) -> Now:
        """Set the time to `seconds` after T0."""
        self.time = T0 + dt.timedelta(seconds=seconds)
        return self

    def advance(self, seconds: float) -> Now:
        self.time += dt.timedelta(seconds=seconds)
        return self
