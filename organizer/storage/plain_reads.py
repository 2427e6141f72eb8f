"""Reads that need no ORM: the newest event, whether an event exists, its players.

Why apart from the repositories: the ORM's table classes load SQLModel, pydantic and
the ORM itself, about 0.3 s of every command's start on a laptop, more than the reads of
a command such as `players list` (issue 35.6). These reads use plain SQLAlchemy Core
tables naming only the columns they read (`plain_tables`). The repositories run the
same functions on their session's connection: one query, whichever way it is reached.
`PlainReader` opens a database for them (its schema brought up to date first, as
`Database` does) on the engine `Database` would use.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import replace
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import DBAPIError

from organizer.core.event_settings import EventSettings
from organizer.storage.engine import location_of, make_engine, translated
from organizer.storage.plain_rows import fetch_tuples
from organizer.storage.plain_tables import event, person, registration, round_
from organizer.storage.records import PlayerRecord
from organizer.storage.schema_version import HEAD, stored_revision

_r, _p = registration.c, person.c
RECORD_COLUMNS = (
    _r.id,
    _p.id,
    _r.code,
    _p.name,
    _p.email,
    _p.player_number,
    _r.position,
    _r.dropped_after_round,
    _r.awarded_byes,
    _r.missed_round_losses,
    _r.checked_in,
    _r.waiting,
    _r.paid,
    _r.paid_cents,
    _r.fixed_table,
)
"""A `PlayerRecord`'s columns, in the order of its fields."""


def latest_event_id(conn: Connection) -> int | None:
    """The newest event's id (the highest), None when there is none."""
    found = conn.execute(select(func.max(event.c.id))).scalar_one()
    return None if found is None else int(found)


def event_exists(conn: Connection, event_id: int) -> bool:
    return conn.execute(select(event.c.id).where(event.c.id == event_id)).first() is not None


def players(
    conn: Connection, *, event_id: int, registration_ids: Sequence[int] | None = None
) -> list[PlayerRecord]:
    """The event's players in registration order, read as plain columns (no ORM objects);
    only those of `registration_ids` when it is given."""
    query = (
        select(*RECORD_COLUMNS)
        .join(person, _p.id == _r.person_id)
        .where(_r.event_id == event_id)
        .order_by(_r.position, _r.id)
    )
    if registration_ids is not None:
        query = query.where(_r.id.in_(registration_ids))
    return [_plain_record(row) for row in fetch_tuples(conn, query)]


def next_position(conn: Connection, *, event_id: int) -> int:
    """Where a player registering now goes in the event's order: after everyone."""
    last = conn.execute(select(func.max(_r.position)).where(_r.event_id == event_id)).scalar()
    return int(last or 0) + 1


def rounds_paired(conn: Connection, *, event_id: int) -> int:
    """The number of the latest paired round (0 before round 1)."""
    query = select(func.max(round_.c.number)).where(round_.c.event_id == event_id)
    latest = conn.execute(query).scalar()
    return int(latest or 0)


def settings_from(stored: str | None, points: tuple[int, int, int]) -> EventSettings:
    """The one place an event's settings JSON is read (`core.event_settings`)."""
    try:
        loaded = json.loads(stored or "{}")
    except ValueError:
        loaded = {}
    return EventSettings.from_stored(loaded if isinstance(loaded, dict) else {}, points=points)


def event_settings(conn: Connection, *, event_id: int) -> EventSettings:
    """The event's settings as stored (the event must be there)."""
    c = event.c
    query = select(c.settings, c.points_win, c.points_draw, c.points_loss).where(c.id == event_id)
    stored, *points = conn.execute(query).one()
    return settings_from(stored, (points[0], points[1], points[2]))


def _plain_record(row: tuple[Any, ...]) -> PlayerRecord:
    """A `PlayerRecord` from `RECORD_COLUMNS` read as plain values: SQLite gives its
    booleans (checked in, paid) back as 0 and 1, which the record holds as bools."""
    record = PlayerRecord(*row)
    return replace(record, checked_in=bool(record.checked_in), paid=bool(record.paid))


class PlainReader:
    """A database opened for the reads above only: no ORM session, no write.

    A database whose schema is not at this version's head is opened through `Database`
    first (which migrates it, or refuses as it would for any command), then read here.
    """

    def __init__(self, url: str, *, confirm_migration: bool = False) -> None:
        self.url = url
        self.engine: Engine = make_engine(url)
        try:
            current = stored_revision(self.engine) == HEAD
        except DBAPIError as exc:
            self.engine.dispose()
            raise translated(url, exc, write=False) from exc
        if not current:
            from organizer.storage.database import Database

            Database(url, confirm_migration=confirm_migration).close()

    @property
    def location(self) -> str:
        """Where the data is, for messages (no password), as `Database.location` says it."""
        return location_of(self.url)

    @contextmanager
    def connect(self) -> Iterator[Connection]:
        """One read-only look (a transaction rolled back at the end)."""
        try:
            with self.engine.connect() as conn:
                yield conn
        except DBAPIError as exc:
            raise translated(self.url, exc, write=False) from exc

    def close(self) -> None:
        self.engine.dispose()
