"""The reads without the ORM (`storage.plain_reads`) against the ORM's reads: what it
reads must be what the services read through the ORM, on a real SQLite file."""

from __future__ import annotations

from pathlib import Path

import pytest

from organizer.services.event import events, which_event
from organizer.services.kit.errors import NotFoundError
from organizer.services.players import door, registration, roster
from organizer.storage import plain_reads
from organizer.storage.database import Database
from organizer.storage.db_errors import DatabaseError
from organizer.storage.engine import sqlite_file
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


@pytest.mark.parametrize(
    ("url", "file"),
    [
        ("sqlite:////home/to/Club Été/events.sqlite3", "/home/to/Club Été/events.sqlite3"),
        ("sqlite:////home/to/a%20b.sqlite3", "/home/to/a b.sqlite3"),
        ("sqlite:///events.sqlite3", "events.sqlite3"),
        ("sqlite://", None),
        ("sqlite:///file.db?mode=ro", None),
        ("sqlite+pysqlite:///file.db", None),
        ("postgresql+psycopg://to@192.168.1.20:5433/organizer", None),
    ],
)
def test_only_a_plain_sqlite_file_is_read_without_sqlalchemy(url: str, file: str | None) -> None:
    """The file as SQLAlchemy's URL names it (percent-decoded); anything else goes through
    an engine, which knows what a driver name or an option after `?` means."""
    from sqlalchemy.engine import make_url

    found = sqlite_file(url)
    assert found == (None if file is None else Path(file))
    if found is not None:
        assert str(found) == make_url(url).database


def test_a_file_that_is_not_a_database_is_one_plain_line(tmp_path: Path) -> None:
    """Read through `sqlite3`, the error is the one the engine's read gives, in a TO's words."""
    path = tmp_path / "Club Été" / "notes.sqlite3"
    path.parent.mkdir()
    path.write_text("these are my notes, not a database\n" * 200, encoding="utf-8")
    url = f"sqlite:///{path}"
    with pytest.raises(DatabaseError) as plain:
        PlainReader(url)
    with pytest.raises(DatabaseError) as through_engine:
        Database(url)
    assert str(plain.value) == str(through_engine.value)
    assert "file is not a database" in str(plain.value)
    assert "saved" not in str(plain.value).lower()
    assert path.read_text(encoding="utf-8").startswith("these are my notes")


@pytest.mark.parametrize("scheme", ["sqlite", "sqlite+pysqlite"], ids=["sqlite3", "engine"])
def test_one_look_reads_one_snapshot(tmp_path: Path, scheme: str) -> None:
    """A player another station adds between two reads of one look is not half-seen: the
    look began a read transaction (WAL keeps it on its snapshot), read with `sqlite3` or,
    for a URL naming its driver, through an engine."""
    url = f"{scheme}:///{tmp_path / 'events.sqlite3'}"
    db = Database(url)
    try:
        event_id = events.create_event(db, name="Friday", format_id="castle-wars").value.id
        registration.import_players_csv(db, event_id=event_id, text="name\nAda\n")
        reader = PlainReader(url)
        try:
            with reader.connect() as conn:
                before = plain_reads.players(conn, event_id=event_id)
                registration.import_players_csv(db, event_id=event_id, text="name\nBo\n")
                during = plain_reads.players(conn, event_id=event_id)
            with reader.connect() as conn:
                after = plain_reads.players(conn, event_id=event_id)
        finally:
            reader.close()
    finally:
        db.close()
    assert [p.name for p in before] == [p.name for p in during] == ["Ada"]
    assert [p.name for p in after] == ["Ada", "Bo"]
