"""Export and import of whole events as `organizer-event/1` JSON.

Export -> import -> export gives the same document (a test checks it).
"""

from __future__ import annotations

from organizer.core.event import EventData, Round
from organizer.core.formats.catalog import format_info
from organizer.core.interchange import dumps_event, parse_event
from organizer.services.kit.changes import Done
from organizer.services.kit.errors import NotFoundError, RefusedError
from organizer.services.kit.write_lock import write
from organizer.storage import journal_repo, snapshot_repo
from organizer.storage.database import Database, Tx
from organizer.storage.journal_repo import Action


def load_event(db: Database, *, event_id: int) -> EventData:
    with db.reading() as s:
        try:
            return snapshot_repo.load(s, event_id=event_id)
        except KeyError:
            raise NotFoundError(f"there is no event {event_id}") from None


def round_of(event: EventData, number: int | None) -> Round:
    """Round `number` of the loaded event (None: the latest); refused when no round is
    paired yet or there is no such round."""
    if not event.rounds:
        raise RefusedError("no round is paired yet")
    if number is None:
        return event.rounds[-1]
    found = next((r for r in event.rounds if r.number == number), None)
    if found is None:
        raise RefusedError(f"there is no round {number}")
    return found


def export_event(db: Database, *, event_id: int) -> str:
    return dumps_event(load_event(db, event_id=event_id))


@write
def import_event(s: Tx, *, text: str) -> Done[int]:
    """Create a new event from a document; raises `InterchangeError` naming bad lines."""
    event = parse_event(text)
    minutes = format_info(event.format_id).round_minutes if event.format_id else 50
    row = snapshot_repo.insert(s, event=event, round_minutes=minutes)
    assert row.id is not None
    journal_repo.append(
        s,
        event_id=row.id,
        action=Action.EVENT_IMPORT,
        summary=f"imported {event.name!r} with {len(event.players)} players",
    )
    return Done(row.id)
