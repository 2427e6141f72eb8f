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

import os
import shutil
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import platformdirs
from sqlalchemy import event as sa_event
from sqlalchemy import text
from sqlalchemy.engine import Connection, Engine, make_url
from sqlalchemy.exc import ArgumentError
from sqlalchemy.exc import DBAPIError as SADBAPIError
from sqlmodel import Session, create_engine

from organizer.storage import pin_key
from organizer.storage.db_errors import (
    HOST_STOPPED,
    DatabaseError,
    DatabaseUnavailableError,
    HostStoppedError,
    NoSuchEventError,
    SchemaError,
    translate,
)
from organizer.storage.journal_repo import appended, station
from organizer.storage.schema_version import HEAD, stored_revision

APP_NAME = "Organizer"
ENV_VAR = "ORGANIZER_DB"
WAIT_ENV_VAR = "ORGANIZER_LOCK_WAIT"
"""Seconds a write waits for another station's write lock (default 10) before it is refused."""
WRITE = "organizer_write"
"""Execution option marking a session that writes: SQLite begins it IMMEDIATE."""
INSUFFICIENT_PRIVILEGE = "42501"
"""PostgreSQL's SQLSTATE for a role refused (a station's role may not migrate the host)."""
CHANNEL = "organizer_changes"
"""PostgreSQL NOTIFY channel: every committed write says which events it changed."""

__all__ = ["Database", "DatabaseError", "NoSuchEventError", "Tx", "resolve_url"]


def default_database_path() -> Path:
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)) / "organizer.sqlite3"


def resolve_url(db: str | None = None) -> str:
    """A SQLAlchemy URL from `--db`, then `ORGANIZER_DB`, then the default file.

    A plain path (no `://`) is a SQLite file.
    """
    chosen = db or os.environ.get(ENV_VAR) or str(default_database_path())
    if "://" in chosen:
        try:
            make_url(chosen)
        except (ArgumentError, ValueError) as exc:
            raise DatabaseError(f"{chosen!r} is not a database URL: {exc}") from None
        return chosen
    path = Path(chosen).expanduser().resolve()
    path.parent.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{path}"


def application_name() -> str:
    """How this process shows in the server's list of connections (stations are counted by it)."""
    return f"organizer {station()} {os.getpid()}"[:63]


def lock_wait_s() -> float:
    try:
        return max(0.0, float(os.environ.get(WAIT_ENV_VAR, "10")))
    except ValueError:
        return 10.0


SESSION_SETTINGS = (
    ("statement_timeout", "0"),
    ("idle_in_transaction_session_timeout", "0"),
    ("idle_session_timeout", "0"),
    ("default_transaction_read_only", "off"),
    ("search_path", "public"),
    ("DateStyle", "ISO,MDY"),
    ("IntervalStyle", "postgres"),
    ("client_encoding", "UTF8"),
)
"""What every connection of the app says for itself on PostgreSQL. A role's defaults set
by one station (read-only, a search path without our tables, another date style, a one
millisecond idle timeout) would otherwise break every station until the host restarts."""


def session_options(lock_wait: float) -> str:
    """The startup `options` of a PostgreSQL connection: `SESSION_SETTINGS` and a lock
    timeout, so a table another session holds locked makes a write wait `lock_wait`
    seconds at most and say the database is busy, rather than freeze the station."""
    settings = [("lock_timeout", str(int(lock_wait * 1000))), *SESSION_SETTINGS]
    return " ".join(f"-c {name}={value}" for name, value in settings)


def _sqlite_connect(dbapi_connection: Any, _record: Any) -> None:
    # The driver's own transaction handling is off: `_sqlite_begin` says BEGIN itself,
    # so a write can begin IMMEDIATE instead of upgrading a read lock later (which
    # fails at once under WAL when another station committed in between).
    dbapi_connection.isolation_level = None
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute(f"PRAGMA busy_timeout={int(lock_wait_s() * 1000)}")
    cursor.close()


def _sqlite_begin(conn: Connection) -> None:
    conn.exec_driver_sql("BEGIN IMMEDIATE" if conn.get_execution_options().get(WRITE) else "BEGIN")


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
        connect_args: dict[str, Any] = (
            {"check_same_thread": False}
            if self.is_sqlite
            else {
                "connect_timeout": 5,
                # Ours, whatever a role's or database's defaults say: a station with the
                # join code may set its own role's defaults (PostgreSQL lets every role), and
                # the startup packet's settings come after the role's and win.
                "options": session_options(lock_wait_s()),
                "application_name": application_name(),
            }
        )
        self.engine: Engine = create_engine(
            url, connect_args=connect_args, pool_pre_ping=not self.is_sqlite
        )
        if self.is_sqlite:
            sa_event.listen(self.engine, "connect", _sqlite_connect)
            sa_event.listen(self.engine, "begin", _sqlite_begin)
        self._writer = self.engine.execution_options(**{WRITE: True})
        self._local = threading.local()
        self.offline: str | None = None
        """Why the database is out of reach, while a watcher says so: writes are refused."""
        self._own: dict[int, set[int]] = {}
        self._own_journal: set[int] = set()
        self._own_lock = threading.Lock()
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
        return make_url(self.url).render_as_string(hide_password=True)

    @property
    def place(self) -> str:
        """Short: a SQLite file's path, or a server's host:port/database (no user, no password)."""
        url = make_url(self.url)
        if self.is_sqlite:
            return url.database or ":memory:"
        port = f":{url.port}" if url.port else ""
        return f"{url.host}{port}/{url.database}"

    def _translate(self, exc: SADBAPIError, *, write: bool) -> DatabaseError:
        """`translate` with the room left on a SQLite file's disk, to tell a full disk."""
        disk_free: int | None = None
        if self.is_sqlite and self.place != ":memory:":
            try:
                disk_free = shutil.disk_usage(Path(self.place).resolve().parent).free
            except OSError:
                disk_free = None
        return translate(exc, location=self.location, write=write, disk_free=disk_free)

    def pin_key(self) -> bytes | None:
        """The key PIN digests are keyed with, kept beside (not in) a SQLite file; None for
        a server database (see `storage.pin_key`)."""
        return pin_key.pin_key(self.place if self.is_sqlite else None)

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
                        self._announce(s)
                    s.commit()
                    if write:
                        self._remember_own(s.info.get("locked", {}), [a.id for a in appended(s)])
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

    @staticmethod
    def _announce(session: Session) -> None:
        """NOTIFY the other stations, delivered when (and only if) this write commits."""
        events = sorted(session.info.get("locked", {}))
        payload = ",".join(str(e) for e in events) or "*"
        session.execute(
            text("SELECT pg_notify(:channel, :payload)"), {"channel": CHANNEL, "payload": payload}
        )

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
            locked: dict[int, int] = session.info.setdefault("locked", {})
            if event_id not in locked:
                bumped = session.execute(
                    text("UPDATE event SET revision = revision + 1 WHERE id = :id"),
                    {"id": event_id},
                )
                if getattr(bumped, "rowcount", 1) == 0:
                    raise NoSuchEventError(event_id)
                locked[event_id] = session.execute(
                    text("SELECT revision FROM event WHERE id = :id"), {"id": event_id}
                ).scalar_one()
            yield session

    @contextmanager
    def writing_every_event(self) -> Iterator[Tx]:
        """One write that holds every event's lock at once, as `writing` holds one.

        For moving all events out of a database: a station writing meanwhile waits
        for the lock and is then refused as busy, so nothing it saves can land
        between the copy and the emptying.
        """
        with self._session(write=True) as session:
            session.execute(text("UPDATE event SET revision = revision + 1"))
            yield session

    @contextmanager
    def reading(self) -> Iterator[Tx]:
        """A read-only look; takes no lock, commits nothing. Inside a write, it joins it."""
        with self._session(write=False) as session:
            yield session

    def close(self) -> None:
        self.engine.dispose()
