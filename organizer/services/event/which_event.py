"""Which event a command is about: the one named, else the newest; read without the ORM.

Why apart from `events`: the command line resolves the event of every command, and a
read-only command (`players list`) should not load the ORM for it (issue 35.6). The
messages are the ones `events.resolve_event_id` gives.
"""

from __future__ import annotations

from organizer.services.kit.errors import NotFoundError
from organizer.storage import plain_reads
from organizer.storage.plain_reads import PlainReader


def missing_event(event_id: int, location: str) -> NotFoundError:
    return NotFoundError(f"there is no event {event_id} in {location}")


def no_events(location: str) -> NotFoundError:
    return NotFoundError(f"there are no events in {location} yet; create one with 'organizer new'")


def resolve_event_id(reader: PlainReader, event_id: int | None) -> int:
    """The event named (checked to exist), or the most recently created one."""
    with reader.connect() as conn:
        if event_id is not None:
            if not plain_reads.event_exists(conn, event_id):
                raise missing_event(event_id, reader.location)
            return event_id
        latest = plain_reads.latest_event_id(conn)
    if latest is None:
        raise no_events(reader.location)
    return latest
