"""Plain, frozen copies of rows that leave storage.

Screens and the command line work with these (ids and values), never with
live ORM objects that could lazy-load or go stale.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import TYPE_CHECKING

from organizer.core.event import PlayerId

if TYPE_CHECKING:  # an annotation only: `players list` reads players without the settings
    from organizer.core.event_settings import EventSettings


@dataclass(frozen=True, slots=True)
class EventRecord:
    id: int
    name: str
    date: dt.date | None
    format_id: str
    best_of: int
    round_minutes: int
    planned_rounds: int | None
    points: tuple[int, int, int]
    settings: EventSettings
    created_at: dt.datetime
    revision: int = 0
    playoff_seeds: tuple[PlayerId, ...] | None = None
    """The top cut's seeds in seed order; None before the top cut starts."""
    player_count: int = 0
    round_count: int = 0
    finished_at: dt.datetime | None = None
    """When the TO closed the event (`organizer finish`); None while it is open."""


@dataclass(frozen=True, slots=True)
class PlayerRecord:
    """A registration with its person's details: one row of the Players tab."""

    registration_id: int
    person_id: int
    code: str
    name: str
    email: str | None
    player_number: str | None
    position: int
    dropped_after_round: int | None
    awarded_byes: int
    missed_round_losses: int = 0
    checked_in: bool = False
    waiting: int | None = None
    """Place on the waiting list (1 first); None: in the event."""
    paid: bool = False
    paid_cents: int | None = None
    fixed_table: int | None = None
    """The table this player always sits at (accessibility); None: any table."""

    @property
    def in_event(self) -> bool:
        """Registered and not waiting: paired, counted against the cap."""
        return self.waiting is None

    @property
    def holds_place(self) -> bool:
        """In the event and not dropped: one of the places the cap counts."""
        return self.waiting is None and not self.dropped

    @property
    def dropped(self) -> bool:
        return self.dropped_after_round is not None
