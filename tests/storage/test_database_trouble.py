"""Database trouble is an expected error with plain words, never a crash, and nothing half-written.

A file another station holds locked, a server that is not there (or went
away mid-event), a database from a newer version, a database an older
version left with duplicates: each gives one line on the command line (exit
1) and leaves the data as it was. Before a migration the SQLite file is
copied beside itself.
"""

from __future__ import annotations

import io
import socket
import sqlite3
from pathlib import Path

import psycopg
import pytest
from alembic import command
from sqlalchemy import text
from sqlalchemy.exc import OperationalError

from organizer.cli.main import run
from organizer.core.results import Score
from organizer.services.event import events, interchange
from organizer.services.rounds import pairing, results
from organizer.storage.database import Database
from organizer.storage.db_errors import (
    DatabaseFullError,
    DatabaseUnavailableError,
    SchemaError,
    translate,
)
from organizer.storage.migrate import alembic_config, current_revision, head_revision
from tests.services.event_builders import event_with_players
from tests.storage.postgres_server import available, postgres_server


def cli(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = run(list(argv), out=out, err=err)
    return status, out.getvalue(), err.getvalue()


@pytest.fixture
def paired(db: Database) -> int:
    event_id = event_with_players(db, "castle-wars", 4)
    pairing.pair_next(db, event_id=event_id, seed=3)
    return event_id


def test_a_file_locked_by_another_station_is_refused_plainly_and_nothing_is_written(
    db: Database, db_path: Path, paired: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ORGANIZER_LOCK_WAIT", "0.2")
    other = sqlite3.connect(db_path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # another station is writing and does not let go
    try:
        status, _, err = cli("--db", str(db_path), "result", "1", "2-0")
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert status == 1
    assert err.count("\n") == 1 and "Traceback" not in err
    assert "busy" in err and "Nothing was saved" in err
    assert interchange.load_event(db, event_id=paired).rounds[0].matches[0].wins is None
    assert cli("--db", str(db_path), "result", "1", "2-0")[0] == 0  # once it is free


def test_a_database_from_a_newer_version_is_refused_untouched(db: Database, db_path: Path) -> None:
    events.create_event(db, name="Later", format_id="castle-wars")
    db.close()
    with sqlite3.connect(db_path) as raw:
        raw.execute("UPDATE alembic_version SET version_num = '0099'")
    before = db_path.read_bytes()
    status, _, err = cli("--db", str(db_path), "players", "list")
    assert status == 1
    assert "newer version of Organizer" in err and "Traceback" not in err
    assert db_path.read_bytes() == before
    assert not list(db_path.parent.glob("*.bak"))


def older_database(path: Path, revision: str) -> Database:
    """A database at an older schema revision, as an older version left it."""
    old = Database(f"sqlite:///{path}", migrate=False)
    command.upgrade(alembic_config(old.engine), revision)
    return old


def test_a_migration_first_copies_the_file_beside_itself(tmp_path: Path) -> None:
    path = tmp_path / "organizer.sqlite3"
    old = older_database(path, "0004")
    with old.engine.begin() as conn:
        conn.exec_driver_sql(
            "INSERT INTO event (name, format_id, best_of, round_minutes, points_win, "
            "points_draw, points_loss, settings, created_at) VALUES ('Old', 'castle-wars', 1, "
            '50, 3, 1, 0, \'{"topcut": {"size": 4, "seeds": ["p1", "p2"]}}\', '
            "'2026-01-01 10:00:00')"
        )
    old.close()
    new = Database(f"sqlite:///{path}")
    try:
        assert current_revision(new.engine) == head_revision()
        (record,) = events.list_events(new)
        assert record.playoff_seeds == ("p1", "p2")  # moved out of the settings
    finally:
        new.close()
    backup = tmp_path / "organizer.sqlite3.before-0004.bak"
    with sqlite3.connect(backup) as raw:
        assert raw.execute("SELECT version_num FROM alembic_version").fetchone() == ("0004",)
        assert raw.execute("SELECT name FROM event").fetchall() == [("Old",)]


def test_duplicates_left_by_an_older_version_are_refused_then_repaired(tmp_path: Path) -> None:
    path = tmp_path / "organizer.sqlite3"
    older_database(path, "0004").close()
    # Build the event with today's code on a copy, then copy its rows into the old schema.
    scratch = Database(f"sqlite:///{tmp_path / 'scratch.sqlite3'}")
    event_id = event_with_players(scratch, "castle-wars", 4)
    pairing.pair_next(scratch, event_id=event_id, seed=2)
    results.record_result(scratch, event_id=event_id, table=1, score=Score(2, 0))
    scratch.close()
    with sqlite3.connect(path) as raw:
        raw.execute(f"ATTACH '{tmp_path / 'scratch.sqlite3'}' AS s")
        raw.execute(
            "INSERT INTO event SELECT id, name, date, format_id, best_of, round_minutes, "
            "planned_rounds, points_win, points_draw, points_loss, settings, created_at "
            "FROM s.event"
        )
        raw.execute("INSERT INTO person SELECT id, name, player_number, email FROM s.person")
        for table in ("journal",):
            raw.execute(f"INSERT INTO {table} SELECT * FROM s.{table}")
        raw.execute(  # the registration's columns of that schema (0010 added the door's)
            "INSERT INTO registration SELECT id, event_id, person_id, code, position, "
            "dropped_after_round, awarded_byes, missed_round_losses, registered_at "
            "FROM s.registration"
        )
        raw.execute("INSERT INTO round SELECT * FROM s.round")
        raw.execute(
            "INSERT INTO match SELECT id, round_id, table_no, status, "
            "winner_registration_id, extra FROM s.match"
        )
        raw.execute(
            "INSERT INTO seat SELECT id, match_id, registration_id, position, game_wins, "
            "game_draws FROM s.seat"
        )
        # ...and the second station's copy of round 1, with no results, as before 0005.
        raw.execute(
            "INSERT INTO round (event_id, number, stage, seed, created_at) "
            "SELECT event_id, number, stage, seed, created_at FROM round"
        )
        copy = raw.execute("SELECT MAX(id) FROM round").fetchone()[0]
        raw.execute(
            "INSERT INTO match (round_id, table_no, status, extra) "
            f"SELECT {copy}, table_no, 'pending', '{{}}' FROM match"
        )
        raw.commit()
        raw.execute("DETACH s")
    with pytest.raises(SchemaError, match=r"round 1 exists more than once.*repair-duplicates"):
        Database(f"sqlite:///{path}")
    status, out, _ = cli("--db", str(path), "repair-duplicates")
    assert status == 0 and "removed a second copy of round 1" in out
    repaired = Database(f"sqlite:///{path}")
    try:
        (round_,) = interchange.load_event(repaired, event_id=event_id).rounds
        assert round_.matches[0].wins == (2, 0)  # the copy with the result is the one kept
    finally:
        repaired.close()


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_a_server_that_is_not_there_is_one_plain_line() -> None:
    url = f"postgresql+psycopg://organizer:secret@127.0.0.1:{_free_port()}/organizer"
    status, _, err = cli("--db", url, "players", "list")
    assert status == 1
    assert "cannot be reached" in err and "secret" not in err and "Traceback" not in err


@pytest.mark.skipif(not available(), reason="PostgreSQL is not installed")
def test_a_server_gone_mid_event_refuses_the_write_and_says_so() -> None:
    with postgres_server() as url:
        db = Database(url)
        event_id = event_with_players(db, "castle-wars", 4)
        pairing.pair_next(db, event_id=event_id, seed=1)
    with pytest.raises(DatabaseUnavailableError, match="Nothing was saved"):
        results.record_result(db, event_id=event_id, table=1, score=Score(2, 0))
    db.close()


def test_a_read_that_fails_does_not_say_nothing_was_saved_and_a_write_does() -> None:
    """A read saves nothing either way: its message says what stopped it and what to do."""
    url = f"postgresql+psycopg://organizer:secret@127.0.0.1:{_free_port()}/organizer"
    db = Database(url, migrate=False)
    try:
        with pytest.raises(DatabaseUnavailableError) as read, db.reading() as s:
            s.execute(text("SELECT 1"))
        with pytest.raises(DatabaseUnavailableError) as write, db.transaction() as s:
            s.execute(text("SELECT 1"))
    finally:
        db.close()
    assert "cannot be reached" in str(read.value) and "saved" not in str(read.value).lower()
    assert "Check the file or the connection and try again." in str(read.value)
    assert "Nothing was saved." in str(write.value)
    status, _, err = cli("--db", url, "players", "list")  # the command line's read too
    assert status == 1 and "cannot be reached" in err and "saved" not in err.lower()


def test_a_full_disk_met_by_a_read_says_the_disk_is_full_not_that_nothing_was_saved(
    tmp_path: Path,
) -> None:
    """SQLite's own "database or disk is full" (a file capped at its size with
    max_page_count), translated as a read and as a write."""
    capped = sqlite3.connect(tmp_path / "capped.sqlite3")
    capped.execute("CREATE TABLE t (x BLOB)")
    capped.execute("PRAGMA max_page_count = 3")
    with pytest.raises(sqlite3.OperationalError, match="full") as full:
        capped.execute("INSERT INTO t VALUES (zeroblob(100000))")
    capped.close()
    error = OperationalError("INSERT", {}, full.value)
    read = translate(error, location="event.sqlite3", write=False)
    written = translate(error, location="event.sqlite3", write=True)
    assert isinstance(read, DatabaseFullError) and isinstance(written, DatabaseFullError)
    assert str(read) == (
        "The disk is full: even reading the database needs a little room. "
        "Free some space and try again."
    )
    assert str(written) == "The disk is full. Nothing was saved. Free some space and try again."


def test_the_disk_full_message_names_no_file_or_server() -> None:
    """A phone's page shows the message as it is: the database's path or URL is not in it,
    whatever the driver's own text carried (PostgreSQL names the file it could not extend)."""
    url = "postgresql+psycopg://organizer_station@192.168.1.20:5433/organizer"
    said = 'could not extend file "base/16384/16402": No space left on device'
    for driver_error in (psycopg.errors.DiskFull(said), sqlite3.OperationalError("disk is full")):
        for write in (True, False):
            error = translate(
                OperationalError("INSERT", {}, driver_error), location=url, write=write
            )
            assert isinstance(error, DatabaseFullError)
            assert str(error).startswith("The disk is full")
            assert "192.168" not in str(error) and "base/16384" not in str(error)


def test_an_io_error_on_a_disk_with_no_room_is_a_full_disk_not_an_unreachable_database() -> None:
    """SQLite that cannot make its journal on a full disk says only "disk I/O error" (as a
    read of an event on a filled tmpfs did: "cannot be reached"); the room left decides."""
    error = OperationalError("SELECT", {}, sqlite3.OperationalError("disk I/O error"))
    on_full = translate(error, location="/media/usb/event.sqlite3", write=False, disk_free=0)
    on_roomy = translate(error, location="/media/usb/event.sqlite3", write=False, disk_free=10**9)
    assert isinstance(on_full, DatabaseFullError)
    assert str(on_full).startswith("The disk is full: even reading")
    assert isinstance(on_roomy, DatabaseUnavailableError)
    assert "cannot be reached" in str(on_roomy)


def test_the_full_disk_clue_is_read_on_every_line_of_the_driver_message() -> None:
    said = "connection to server failed\nDETAIL: could not write to file: No space left on device"
    error = OperationalError("SELECT", {}, psycopg.OperationalError(said))
    assert isinstance(translate(error, location="x", write=False), DatabaseFullError)


@pytest.mark.parametrize(
    ("driver_error", "disk_free"),
    [
        (sqlite3.OperationalError("database is locked"), None),
        (sqlite3.OperationalError("attempt to write a readonly database"), None),
        (sqlite3.OperationalError("unable to open database file"), 10**9),
        (sqlite3.OperationalError("disk I/O error"), 0),
        (sqlite3.OperationalError("database or disk is full"), None),
        (sqlite3.DatabaseError("file is not a database"), None),
        (sqlite3.IntegrityError("UNIQUE constraint failed: person.name"), None),
    ],
)
def test_sqlites_own_error_says_what_the_engines_wrapped_one_says(
    driver_error: sqlite3.Error, disk_free: int | None
) -> None:
    """A read on the standard library's `sqlite3` (`players list`, no SQLAlchemy) meets the
    driver's error unwrapped: the TO reads the same words, of the same kind, either way."""
    from sqlalchemy.exc import DatabaseError as SADatabaseError
    from sqlalchemy.exc import IntegrityError

    wrapper: type[SADatabaseError] = SADatabaseError
    if isinstance(driver_error, sqlite3.OperationalError):
        wrapper = OperationalError
    elif isinstance(driver_error, sqlite3.IntegrityError):
        wrapper = IntegrityError
    for write in (False, True):
        raw = translate(driver_error, location="events.sqlite3", write=write, disk_free=disk_free)
        wrapped = translate(
            wrapper("SELECT", {}, driver_error),
            location="events.sqlite3",
            write=write,
            disk_free=disk_free,
        )
        assert (type(raw), str(raw)) == (type(wrapped), str(wrapped))
