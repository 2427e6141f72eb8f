"""A whole event as core `EventData`, read from or written to the database.

Pairing, standings, printing and the interchange export all start from this
one snapshot, so they agree on what the event is.
"""

from __future__ import annotations

from sqlmodel import Session

from organizer.core.event import EventData
from organizer.core.gc_pause import gc_paused
from organizer.storage import event_reads, events_repo, registrations_repo, rounds_repo
from organizer.storage.tables import EventRow


def load(session: Session, *, event_id: int) -> EventData:
    """The event as core data; the collector waits meanwhile (`gc_paused`)."""
    with gc_paused():
        return event_reads.load_event(session.connection(), event_id=event_id)


def insert(session: Session, *, event: EventData, round_minutes: int) -> EventRow:
    """Create a new event holding everything in `event` (used by import)."""
    row = events_repo.insert(
        session,
        name=event.name,
        format_id=event.format_id or "",
        date=event.date,
        best_of=event.best_of,
        round_minutes=round_minutes,
        planned_rounds=None,
        points=event.points.as_tuple(),
    )
    assert row.id is not None
    registration_of = registrations_repo.insert_players(
        session, event_id=row.id, players=event.players
    )
    for round_ in event.rounds:
        rounds_repo.insert_round(
            session, event_id=row.id, round_=round_, registration_of=registration_of
        )
    return row
