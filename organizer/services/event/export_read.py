"""An event as organizer-event/1 JSON, read without the ORM, for `organizer export`.

Why apart from `interchange`: that module reads through `Database`, and loading the ORM,
SQLModel and the table classes costs a command most of a second on a laptop before it
reads anything (issue 35.6). A script that copies the event to a club's website after
every result calls `export` each time. The text is `interchange.export_event`'s: the same
event read (`storage.event_reads`), the same writer (`core.interchange.dumps_event`).
"""

from __future__ import annotations

from organizer.core.event import EventData
from organizer.core.interchange import dumps_event
from organizer.services.event.which_event import missing_event
from organizer.storage import event_reads
from organizer.storage.plain_reads import PlainReader


def export_event(reader: PlainReader, *, event_id: int) -> str:
    return dumps_event(load_event(reader, event_id=event_id))


def load_event(reader: PlainReader, *, event_id: int) -> EventData:
    """The event in one look; refused as `interchange.load_event` refuses a missing one (another
    station may delete it between the command's choice of event and this read)."""
    with reader.connect() as conn:
        try:
            return event_reads.load_event(conn, event_id=event_id)
        except KeyError:
            raise missing_event(event_id, reader.location) from None
