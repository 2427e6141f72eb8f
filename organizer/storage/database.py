"""Opening the database: where it lives, how SQLite is set up, and transactions.

One database holds every event. By default it is a SQLite file in the
platform's user data folder; `--db` or `ORGANIZER_DB` name another file or any
SQLAlchemy URL (PostgreSQL for several stations). SQLite runs in WAL mode
with `synchronous=FULL` and foreign keys on for every connection, so a result
committed before a crash or a power cut is on disk. Opening a database brings
its schema up to date through Alembic; nothing is ever silently recreated.

Two stations may write at once, so every write is one transaction that takes
the event's write lock before it reads what it decides on (`writing`): on
SQLite the transaction starts with `BEGIN IMMEDIATE` (one writer at a time,
the other waits up to the busy timeout); on PostgreSQL the event's row is
locked by bumping its revision (`UPDATE … SET revision = revision + 1`, which
holds the row lock until commit, like `SELECT … FOR UPDATE`). Reads take no
lock.

A use case is one transaction even when it is built from smaller service
calls: a `transaction`, `writing` or `reading` block opened while this thread
is already inside one joins it (same session, one commit at the outer end),
the way nested `atomic` blocks work elsewhere. So a service write
(`services.write_lock.write`) runs its whole body in `writing(event_id)` and
every helper it calls reads and writes inside that lock. Driver errors leave
this module as `DatabaseError`s with words a TO understands
(`storage/db_errors.py`).

Several stations see each other's writes: every write bumps the event's
revision (polled cheaply), and on PostgreSQL it also sends `NOTIFY
organizer_changes` with the event ids it changed, delivered on commit only
(`storage/server/change_listener.py` listens). While a watcher finds the server out
of reach it sets `offline` to one short line ("Not connected to …: nothing
was saved.", or "The host stopped sharing this event: nothing was saved."),
and writes are refused at once with it instead of waiting for a timeout.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager

from sqlalchemy.engine import Engine
from sqlalchemy.exc import DBAPIError as SADBAPIError
from sqlmodel import Session

from organizer.storage import database_pin_key
from organizer.storage.db_errors import (
    HOST_STOPPED,
    DatabaseError,
    DatabaseUnavailableError,
    HostStoppedError,
    NoSuchEventError,
    SchemaError,
)
from organizer.storage.engine import (
    WRITE,
    application_name,
    location_of,
    make_engine,
    place_of,
    resolve_url,
    session_options,
    translated,
)
from organizer.storage.journal_entries import appended
from organizer.storage.plain_writes import (
    CHANNEL,
    LOCKED,
    announce,
    lock_event,
    lock_every_event,
)
from organizer.storage.schema_version import HEAD, stored_revision

INSUFFICIENT_PRIVILEGE = "42501"
"""PostgreSQL's SQLSTATE for a role refused (a station's role may not migrate the host)."""

__all__ = [
    "CHANNEL",
    "Database",
    "DatabaseError",
    "NoSuchEventError",
    "Tx",
    "application_name",
    "resolve_url",
    "session_options",
]


class Tx(Session):
    """One transaction's session, as `writing`, `transaction` and `reading` yield it.

    The repositories take it; a service holds it as `Tx` (services may not import
    sqlmodel) and reaches the other services through `db`, the database it belongs to.
    """

    def __init__(self, db: Database, *, write: bool) -> None:
        super().__init__(db._writer if write else db.engine, expire_on_commit=False)
        self.db = db


class Database:
    """An open database: the engine, and ways to run one transaction."""

    def __init__(self, url: str, *, migrate: bool = True, confirm_migration: bool = False) -> None:
        self.url = url
        self.is_sqlite = url.startswith("sqlite")
        self.engine: Engine = make_engine(url)
        self._writer = self.engine.execution_options(**{WRITE: True})
        self._local = threading.local()
        self.offline: str | None = None
        """Why the database is out of reach, while a watcher says so: writes are refused."""
        self._own: dict[int, set[int]] = {}
        self._own_journal: set[int] = set()
        self._own_lock = threading.Lock()
        self._hosted_key: bytes | None = None
        if migrate:
            upgrading = False
            try:
                if stored_revision(self.engine) != HEAD:
                    from organizer.storage.migrate import upgrade_to_head

                    upgrading = True
                    upgrade_to_head(self, confirmed=confirm_migration)
            except SADBAPIError as exc:
                self.engine.dispose()
                if getattr(exc.orig, "sqlstate", None) == INSUFFICIENT_PRIVILEGE:
                    raise SchemaError(
                        f"The database {self.place} has an older schema than this version "
                        "of Organizer needs, and a station may not change it: update "
                        "Organizer on the hosting computer first. Nothing was changed."
                    ) from exc
                raise self._translate(exc, write=upgrading) from exc
            except BaseException:
                self.engine.dispose()
                raise

    @classmethod
    def open(cls, db: str | None = None, *, confirm_migration: bool = False) -> Database:
        return cls(resolve_url(db), confirm_migration=confirm_migration)

    @property
    def location(self) -> str:
        """Where the data is, for the title bar and error messages (no password)."""
        return location_of(self.url)

    @property
    def place(self) -> str:
        """Short: a SQLite file's path, or a server's host:port/database (no user, no password)."""
        return place_of(self.url)

    def _translate(self, exc: SADBAPIError, *, write: bool) -> DatabaseError:
        return translated(self.url, exc, write=write)

    def pin_key(self) -> bytes | None:
        """The key PIN digests are keyed with (`storage.database_pin_key`), read once."""
        if self._hosted_key is None:
            self._hosted_key = database_pin_key.for_database(self.url, self.engine)
        return self._hosted_key

    def _current(self) -> Tx | None:
        session: Tx | None = getattr(self._local, "session", None)
        return session

    @contextmanager
    def _session(self, *, write: bool) -> Iterator[Tx]:
        outer = self._current()
        if outer is not None:
            if write and not outer.info.get(WRITE):
                raise RuntimeError("a write was started inside a read-only block")
            yield outer  # joins the use case already under way; it commits
            return
        if write and self.offline is not None:
            refused = HostStoppedError if self.offline == HOST_STOPPED else DatabaseUnavailableError
            raise refused(self.offline)
        try:
            with Tx(self, write=write) as s:
                s.info[WRITE] = write
                self._local.session = s
                try:
                    yield s
                    if write and not self.is_sqlite:
                        announce(s.connection(), list(s.info.get(LOCKED, {})))
                    s.commit()
                    if write:
                        self._remember_own(s.info.get(LOCKED, {}), [a.id for a in appended(s)])
                except BaseException:
                    s.rollback()
                    raise
                finally:
                    self._local.session = None
        except SADBAPIError as exc:
            raise self._translate(exc, write=write) from exc

    def _remember_own(self, locked: dict[int, int], journaled: list[int]) -> None:
        with self._own_lock:
            self._own_journal.update(journaled)
            if len(self._own_journal) > 2000:  # only recent ones are ever asked about
                self._own_journal.difference_update(sorted(self._own_journal)[:1000])
            for event_id, revision in locked.items():
                mine = self._own.setdefault(event_id, set())
                mine.add(revision)
                if len(mine) > 1000:  # only recent ones are ever asked about
                    mine.difference_update(sorted(mine)[:500])

    def written_here(self, event_id: int, revisions: range) -> bool:
        """True when every revision in `revisions` of the event was written through this object.

        A watcher asks it so a station does not refresh again for its own writes.
        """
        with self._own_lock:
            mine = self._own.get(event_id, set())
            return all(r in mine for r in revisions)

    def journaled_here(self, journal_id: int) -> bool:
        """True when the journal entry was written through this object (this station's own)."""
        with self._own_lock:
            return journal_id in self._own_journal

    @contextmanager
    def transaction(self) -> Iterator[Tx]:
        """One write that belongs to no single event (a new event, a card pool).

        Committed when the block ends, rolled back on any error; on SQLite it
        holds the write lock from its first statement.
        """
        with self._session(write=True) as session:
            yield session

    @contextmanager
    def writing(self, event_id: int) -> Iterator[Tx]:
        """One write to one event: lock the event, bump its revision, then read and write.

        Everything the block reads is read after the lock, so it sees every write
        another station committed before; nobody else writes the event until this
        commits. `session.info["locked"]` maps each event locked to its new revision.
        Raises `NoSuchEventError` when the event is not there.
        """
        with self._session(write=True) as session:
            locked: dict[int, int] = session.info.setdefault(LOCKED, {})
            if event_id not in locked:
                locked[event_id] = lock_event(session.connection(), event_id)
            yield session

    @contextmanager
    def writing_every_event(self) -> Iterator[Tx]:
        """One write that holds every event's lock at once, as `writing` holds one.

        For moving all events out of a database: a station writing meanwhile waits
        for the lock and is then refused as busy, so nothing it saves can land
        between the copy and the emptying.
        """
        with self._session(write=True) as session:
            lock_every_event(session.connection())
            yield session

    @contextmanager
    def reading(self) -> Iterator[Tx]:
        """A read-only look; takes no lock, commits nothing. Inside a write, it joins it."""
        with self._session(write=False) as session:
            yield session

    def close(self) -> None:
        self.engine.dispose()
