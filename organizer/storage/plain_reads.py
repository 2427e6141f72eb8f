"""Reads that need no ORM: the newest event, whether an event exists, its players.

Why apart from the repositories: the ORM's table classes load SQLModel, pydantic and
the ORM itself, and SQLAlchemy alone takes about 0.3 s to import on a laptop: more than
the reads of a command such as `players list` (issue 35.6). So these reads are plain SQL
that SQLite and PostgreSQL both read, run on whichever connection the caller has: the
repositories run them on their session's connection (one query, whichever way it is
reached), and `PlainReader` opens a SQLite file with the standard library's `sqlite3`
(its schema brought up to date first, as `Database` does) or a server on the engine
`Database` would use.
"""

from __future__ import annotations

import functools
import json
import sqlite3
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import replace
from typing import TYPE_CHECKING, Any, TypeAlias

from organizer.core.event_settings import EventSettings
from organizer.storage.engine import (
    location_of,
    make_engine,
    open_sqlite_file,
    sqlite_file,
    translated,
)
from organizer.storage.records import PlayerRecord
from organizer.storage.schema_version import (
    HEAD,
    NO_VERSION_TABLE,
    VERSION_QUERY,
    stored_revision,
)

if TYPE_CHECKING:
    from sqlalchemy.engine import Connection, Engine

Reads: TypeAlias = "Connection | sqlite3.Connection"
"""Where the reads run: a SQLAlchemy connection (a session's, a `PlainWriter`'s, a server's)
or, for a SQLite file opened by `PlainReader`, the standard library's own connection."""

RECORD_COLUMNS = (
    "r.id, p.id, r.code, p.name, p.email, p.player_number, r.position, "
    "r.dropped_after_round, r.awarded_byes, r.missed_round_losses, r.checked_in, "
    "r.waiting, r.paid, r.paid_cents, r.fixed_table"
)
"""A `PlayerRecord`'s columns, in the order of its fields (`r` registration, `p` person)."""


def rows_of(conn: Reads, sql: str, **params: int) -> list[tuple[Any, ...]]:
    """`sql` (plain SQL that SQLite and PostgreSQL both read, `:name` parameters, whole
    numbers only) run on either kind of connection, its rows as plain tuples."""
    if isinstance(conn, sqlite3.Connection):
        return conn.execute(sql, params).fetchall()
    from sqlalchemy import text

    from organizer.storage.plain_rows import fetch_tuples

    return fetch_tuples(conn, text(sql).bindparams(**params))


def _one_number(conn: Reads, sql: str, **params: int) -> int | None:
    found = rows_of(conn, sql, **params)[0][0]
    return None if found is None else int(found)


def latest_event_id(conn: Reads) -> int | None:
    """The newest event's id (the highest), None when there is none."""
    return _one_number(conn, "SELECT max(id) FROM event")


def event_exists(conn: Reads, event_id: int) -> bool:
    return bool(rows_of(conn, "SELECT id FROM event WHERE id = :event_id", event_id=event_id))


def players(
    conn: Reads, *, event_id: int, registration_ids: Sequence[int] | None = None
) -> list[PlayerRecord]:
    """The event's players in registration order, read as plain columns (no ORM objects);
    only those of `registration_ids` when it is given."""
    only = ""
    if registration_ids is not None:
        # Whole numbers written into the statement, as a compiled `IN` would bind them.
        only = f" AND r.id IN ({', '.join(str(int(i)) for i in registration_ids) or 'NULL'})"
    sql = (
        f"SELECT {RECORD_COLUMNS} FROM registration r JOIN person p ON p.id = r.person_id "
        f"WHERE r.event_id = :event_id{only} ORDER BY r.position, r.id"
    )
    return [_plain_record(row) for row in rows_of(conn, sql, event_id=event_id)]


def next_position(conn: Reads, *, event_id: int) -> int:
    """Where a player registering now goes in the event's order: after everyone."""
    sql = "SELECT max(position) FROM registration WHERE event_id = :event_id"
    return (_one_number(conn, sql, event_id=event_id) or 0) + 1


def rounds_paired(conn: Reads, *, event_id: int) -> int:
    """The number of the latest paired round (0 before round 1)."""
    sql = 'SELECT max(number) FROM "round" WHERE event_id = :event_id'
    return _one_number(conn, sql, event_id=event_id) or 0


def settings_from(stored: str | None, points: tuple[int, int, int]) -> EventSettings:
    """The one place an event's settings JSON is read (`core.event_settings`)."""
    try:
        loaded = json.loads(stored or "{}")
    except ValueError:
        loaded = {}
    return EventSettings.from_stored(loaded if isinstance(loaded, dict) else {}, points=points)


def event_settings(conn: Reads, *, event_id: int) -> EventSettings:
    """The event's settings as stored (the event must be there)."""
    sql = "SELECT settings, points_win, points_draw, points_loss FROM event WHERE id = :event_id"
    ((stored, win, draw, loss),) = rows_of(conn, sql, event_id=event_id)
    return settings_from(stored, (int(win), int(draw), int(loss)))


def _plain_record(row: tuple[Any, ...]) -> PlayerRecord:
    """A `PlayerRecord` from `RECORD_COLUMNS` read as plain values: SQLite gives its
    booleans (checked in, paid) back as 0 and 1, which the record holds as bools."""
    record = PlayerRecord(*row)
    return replace(record, checked_in=bool(record.checked_in), paid=bool(record.paid))


class PlainReader:
    """A database opened for the reads above only: no ORM session, no write.

    A SQLite file is read through the standard library's `sqlite3`: SQLAlchemy itself
    takes about 0.3 s to import on a laptop, more than `players list` reads. Any other
    database (a server) is read on the engine `Database` would use. A database whose schema
    is not at this version's head (a file not made yet, an older one) is opened through
    `Database` first, which migrates it or refuses as it would for any command.
    """

    def __init__(self, url: str, *, confirm_migration: bool = False) -> None:
        self.url = url
        self._file = sqlite_file(url)
        if self._stored_revision() != HEAD:
            from organizer.storage.database import Database

            Database(url, confirm_migration=confirm_migration).close()

    @functools.cached_property
    def engine(self) -> Engine:
        """The SQLAlchemy engine, made when first asked for (a server, or a write)."""
        return make_engine(self.url)

    def _stored_revision(self) -> str | None:
        if self._file is None:
            from sqlalchemy.exc import DBAPIError

            try:
                return stored_revision(self.engine)
            except DBAPIError as exc:
                self.close()
                raise translated(self.url, exc, write=False) from exc
        if not self._file.exists():
            return None  # `sqlite3` would make an empty file; `Database` makes the schema
        try:
            conn = open_sqlite_file(self._file)
            try:
                row = conn.execute(VERSION_QUERY).fetchone()
            finally:
                conn.close()
        except sqlite3.Error as exc:
            if NO_VERSION_TABLE in str(exc):
                return None
            raise translated(self.url, exc, write=False) from exc
        return None if row is None else str(row[0])

    @property
    def location(self) -> str:
        """Where the data is, for messages (no password), as `Database.location` says it."""
        return location_of(self.url)

    @contextmanager
    def connect(self) -> Iterator[Reads]:
        """One read-only look (a transaction rolled back at the end)."""
        if self._file is None:
            yield from self._connect_engine()
            return
        try:
            conn = open_sqlite_file(self._file)
        except sqlite3.Error as exc:
            raise translated(self.url, exc, write=False) from exc
        try:
            conn.execute("BEGIN")  # one snapshot for every read of the look
            yield conn
            conn.execute("ROLLBACK")
        except sqlite3.Error as exc:
            raise translated(self.url, exc, write=False) from exc
        finally:
            conn.close()

    def _connect_engine(self) -> Iterator[Connection]:
        from sqlalchemy.exc import DBAPIError

        try:
            # A transaction of its own: the reads run on the driver's cursor, which SQLAlchemy
            # would otherwise leave in autocommit on SQLite (each read its own snapshot).
            with self.engine.connect() as conn, conn.begin():
                yield conn
        except DBAPIError as exc:
            raise translated(self.url, exc, write=False) from exc

    def close(self) -> None:
        if "engine" in self.__dict__:
            self.engine.dispose()
