"""The reads without the ORM (`storage.plain_reads`) against the ORM's reads: what it
reads must be what the services read through the ORM, on a real SQLite file."""

from __future__ import annotations

from pathlib import Path

import pytest

from organizer.services.event import events, which_event
from organizer.services.kit.errors import NotFoundError
from organizer.services.players import door, registration, roster
from organizer.storage.database import Database
from organizer.storage.migrate import current_revision, head_revision
from organizer.storage.plain_reads import PlainReader


def check_plain_reads(url: str) -> None:
    """Two events, three players (one checked in, paid and dropped): the plain reads find
    the newest event, a named one, refuse a missing one, and read the players the ORM reads.
    """
    db = Database(url)
    try:
        first = events.create_event(db, name="Friday", format_id="castle-wars").value.id
        event_id = events.create_event(db, name="Saturday", format_id="castle-wars").value.id
        registration.import_players_csv(db, event_id=event_id, text="name\nAda\nBo Őry\nCy\n")
        bo = registration.find_player(db, event_id=event_id, code="p2")
        door.check_in(db, event_id=event_id, registration_id=bo.registration_id)
        door.set_paid(db, event_id=event_id, registration_id=bo.registration_id, amount="5.00")
        registration.set_dropped(
            db, event_id=event_id, registration_id=bo.registration_id, dropped=True
        )
        expected = registration.list_players(db, event_id=event_id)
    finally:
        db.close()
    reader = PlainReader(url)
    try:
        assert which_event.resolve_event_id(reader, None) == event_id
        assert which_event.resolve_event_id(reader, first) == first
        with pytest.raises(NotFoundError, match=f"no event {event_id + 1} in "):
            which_event.resolve_event_id(reader, event_id + 1)
        read = roster.list_players(reader, event_id=event_id)
    finally:
        reader.close()
    assert read == expected
    assert [(p.checked_in, p.paid, p.paid_cents, p.dropped) for p in read][1] == (
        True,
        True,
        500,
        True,
    )


def test_the_plain_reads_read_what_the_services_read(tmp_path: Path) -> None:
    check_plain_reads(f"sqlite:///{tmp_path / 'events.sqlite3'}")


def test_a_new_file_is_brought_to_the_schema_first(tmp_path: Path) -> None:
    """The reader migrates (through `Database`) as any command does, then finds no event."""
    reader = PlainReader(f"sqlite:///{tmp_path / 'new.sqlite3'}")
    try:
        assert current_revision(reader.engine) == head_revision()
        with pytest.raises(NotFoundError, match="there are no events in "):
            which_event.resolve_event_id(reader, None)
    finally:
        reader.close()
