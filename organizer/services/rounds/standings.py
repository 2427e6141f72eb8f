"""Standings of an event, always recomputed from every recorded result.

Nothing is cached: a corrected result in round 2 shows in the standings the
moment it is saved. The tiebreaker order is the format's, unless the event's
settings name another (`EventSettings.tiebreakers`).
"""

from __future__ import annotations

from organizer.core.pairing.event_standings import final_of as final_of
from organizer.core.pairing.event_standings import standings_of as standings_of
from organizer.core.pairing.event_standings import tiebreaker_order as tiebreaker_order
from organizer.core.pairing.standings import FinalRow, StandingRow
from organizer.core.views.standings_lines import StandingLine
from organizer.core.views.standings_lines import final_lines as core_final_lines
from organizer.services.event.events import get_event
from organizer.services.event.interchange import load_event
from organizer.storage.database import Database


def standings(db: Database, *, event_id: int) -> tuple[StandingRow, ...]:
    record = get_event(db, event_id)
    return standings_of(load_event(db, event_id=event_id), record.settings)


def final(db: Database, *, event_id: int) -> tuple[FinalRow, ...]:
    return final_of(load_event(db, event_id=event_id), get_event(db, event_id).settings)


def final_lines(db: Database, *, event_id: int) -> tuple[StandingLine, ...]:
    """The final standings in the words of the sheet and the Standings tab ("Champion",
    "Top 4"), from one read of the event."""
    event = load_event(db, event_id=event_id)
    return core_final_lines(event, final_of(event, get_event(db, event_id).settings))
