"""Where the database is and how a connection to it is set up, without the ORM.

`Database` (the ORM sessions every write goes through) and `plain_reads` (the read-only
commands, which load no SQLModel, pydantic nor ORM: about 0.3 s of a command's start)
open their engines here, so both get the same URL rules, SQLite pragmas and
PostgreSQL session settings. SQLAlchemy is imported only where an engine is made or a
server URL parsed: a read-only command on a SQLite file (`plain_reads`) uses the standard
library's `sqlite3` and never loads it. SQLite runs in WAL mode with `synchronous=FULL` and foreign
keys on for every connection; the driver's own transaction handling is off so a write
can begin IMMEDIATE (see `database.py`).
"""

from __future__ import annotations

import functools
import getpass
import os
import shutil
import socket
import sqlite3
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import unquote

import platformdirs

from organizer.storage.db_errors import DatabaseError, translate

if TYPE_CHECKING:
    from sqlalchemy.engine import Connection, Engine
    from sqlalchemy.exc import DBAPIError as SADBAPIError

APP_NAME = "Organizer"
ENV_VAR = "ORGANIZER_DB"
WAIT_ENV_VAR = "ORGANIZER_LOCK_WAIT"
"""Seconds a write waits for another station's write lock (default 10) before it is refused."""
WRITE = "organizer_write"
"""Execution option marking a session that writes: SQLite begins it IMMEDIATE."""


@functools.cache
def station() -> str:
    """Who acts: the OS user and machine, so several stations can be told apart."""
    try:
        user = getpass.getuser()
    except (KeyError, OSError):
        user = "unknown"
    return f"{user}@{socket.gethostname()}"


def default_database_path() -> Path:
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)) / "organizer.sqlite3"


def resolve_url(db: str | None = None) -> str:
    """A SQLAlchemy URL from `--db`, then `ORGANIZER_DB`, then the default file.

    A plain path (no `://`) is a SQLite file.
    """
    chosen = db or os.environ.get(ENV_VAR) or str(default_database_path())
    if "://" in chosen:
        from sqlalchemy.engine import make_url
        from sqlalchemy.exc import ArgumentError

        try:
            make_url(chosen)
        except (ArgumentError, ValueError) as exc:
            raise DatabaseError(f"{chosen!r} is not a database URL: {exc}") from None
        return chosen
    path = Path(chosen).expanduser().resolve()
    path.parent.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{path}"


def sqlite_file(url: str) -> Path | None:
    """The file of a plain SQLite URL (`sqlite:///PATH`, as `resolve_url` makes), which the
    standard library's `sqlite3` can open as it is; None for anything else (a server, a
    driver named in the URL, options after `?`, memory)."""
    prefix = "sqlite:///"
    if not url.startswith(prefix) or "?" in url or len(url) == len(prefix):
        return None
    return Path(unquote(url[len(prefix) :]))  # percent-decoded, as SQLAlchemy's URL does


def location_of(url: str) -> str:
    """Where the data is, for the title bar and error messages (no password)."""
    from sqlalchemy.engine import make_url

    return make_url(url).render_as_string(hide_password=True)


def place_of(url: str) -> str:
    """Short: a SQLite file's path, or a server's host:port/database (no user, no password)."""
    from sqlalchemy.engine import make_url

    parsed = make_url(url)
    if url.startswith("sqlite"):
        return parsed.database or ":memory:"
    port = f":{parsed.port}" if parsed.port else ""
    return f"{parsed.host}{port}/{parsed.database}"


def translated(url: str, exc: SADBAPIError | sqlite3.Error, *, write: bool) -> DatabaseError:
    """`db_errors.translate` for the database at `url`, with the room left on a SQLite
    file's disk, to tell a full disk."""
    disk_free: int | None = None
    file = place_of(url) if url.startswith("sqlite") else None
    if file and file != ":memory:":
        try:
            disk_free = shutil.disk_usage(Path(file).resolve().parent).free
        except OSError:
            disk_free = None
    return translate(exc, location=location_of(url), write=write, disk_free=disk_free)


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
    cursor.execute(busy_timeout())
    cursor.close()


def busy_timeout() -> str:
    """The pragma that makes a SQLite connection wait for another station's write lock."""
    return f"PRAGMA busy_timeout={int(lock_wait_s() * 1000)}"


def open_sqlite_file(path: Path) -> sqlite3.Connection:
    """A connection of the standard library's `sqlite3` to an existing app database, for
    reads: the driver's transaction handling off (the reader says BEGIN and ROLLBACK),
    waiting for a write lock as long as an engine's connection does."""
    conn = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    try:
        conn.execute(busy_timeout())
    except sqlite3.Error:
        conn.close()
        raise
    return conn


def _sqlite_begin(conn: Connection) -> None:
    conn.exec_driver_sql("BEGIN IMMEDIATE" if conn.get_execution_options().get(WRITE) else "BEGIN")


def make_engine(url: str) -> Engine:
    """An engine for `url`, each connection set up as the app needs it (see above)."""
    from sqlalchemy import create_engine
    from sqlalchemy import event as sa_event

    is_sqlite = url.startswith("sqlite")
    connect_args: dict[str, Any] = (
        {"check_same_thread": False}
        if is_sqlite
        else {
            "connect_timeout": 5,
            # Ours, whatever a role's or database's defaults say: a station with the
            # join code may set its own role's defaults (PostgreSQL lets every role), and
            # the startup packet's settings come after the role's and win.
            "options": session_options(lock_wait_s()),
            "application_name": application_name(),
        }
    )
    engine = create_engine(url, connect_args=connect_args, pool_pre_ping=not is_sqlite)
    if is_sqlite:
        sa_event.listen(engine, "connect", _sqlite_connect)
        sa_event.listen(engine, "begin", _sqlite_begin)
    return engine
