"""An event read without the ORM, for the command line's `standings` and `export`.

Why apart from `interchange`: that module reads through `Database`, and loading the ORM,
SQLModel and the table classes costs a command most of a second on a laptop before it
reads anything (issue 35.6). A script polling the standings, or copying the event to a
club's website after every result, calls one of these each time. What they read is what
`interchange.load_event` and `events.get_event` read: the same event reads
(`storage.event_reads`), the same settings (`plain_reads.event_settings`).
"""

from __future__ import annotations

from organizer.core.event import EventData
from organizer.core.event_settings import EventSettings
from organizer.core.interchange import dumps_event
from organizer.services.event.which_event import missing_event
from organizer.storage import event_reads, plain_reads
from organizer.storage.plain_reads import PlainReader


def read_event(reader: PlainReader, *, event_id: int) -> tuple[EventData, EventSettings]:
    """The event and its settings in one look (they agree); refused in words when the event
    is gone (another station may delete it between the command's choice and this read)."""
    with reader.connect() as conn:
        try:
            event = event_reads.load_event(conn, event_id=event_id)
        except KeyError:
            raise missing_event(event_id, reader.location) from None
        return event, plain_reads.event_settings(conn, event_id=event_id)


def export_event(reader: PlainReader, *, event_id: int) -> str:
    """The event as organizer-event/1 JSON, as `interchange.export_event` writes it."""
    return dumps_event(read_event(reader, event_id=event_id)[0])
