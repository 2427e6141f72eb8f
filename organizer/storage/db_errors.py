"""What can go wrong with the database, in words a TO understands.

The drivers (sqlite3, psycopg) raise errors whose text means nothing at a
counter: "database is locked", "connection refused", "disk I/O error". Storage
turns each into one of the `DatabaseError`s here, so the services, the GUI and
the command line treat them as expected errors (a message, a retry), never as
a crash. Every one of them means the write did not happen: the transaction was
rolled back; a write's message says so ("Nothing was saved."), a read's does not.
"""

from __future__ import annotations

import logging
import sqlite3
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the classes alone are imported by commands that open no database
    from sqlalchemy.exc import DBAPIError


class DatabaseError(RuntimeError):
    """The database could not be opened or written; the message is for the user."""


class DatabaseBusyError(DatabaseError):
    """Another station held the write lock longer than we could wait."""


class DatabaseUnavailableError(DatabaseError):
    """The file cannot be opened or the server cannot be reached (or went away)."""


class HostStoppedError(DatabaseUnavailableError):
    """The hosting station stopped sharing (a move back, Stop hosting): this station's
    connection was ended and it may not connect again."""


SECOND_ERROR = "error ignored terminating"
"""How psycopg starts the warning it logs for a second error it drops while the first one
propagates (a pipeline or COPY cut off with the connection)."""


def _first_error_only(record: logging.LogRecord) -> bool:
    """Drop psycopg's "error ignored" warning: the error it follows is what the TO is told,
    in one line; printed as well, the warning was a second, puzzling one (a repr with an
    address) on the command line's stderr."""
    return not str(record.msg).startswith(SECOND_ERROR)


logging.getLogger("psycopg").addFilter(_first_error_only)


HOST_STOPPED_READ = "The host stopped sharing this event."
"""What a read hears when the host closed the door (a read saves nothing either way)."""
HOST_STOPPED = "The host stopped sharing this event: nothing was saved."
STOPPED_CLUES = (
    "terminating connection due to administrator command",
    'role "organizer_station" is not permitted to log in',
    "permission denied for",
)
"""What PostgreSQL tells a station the host closed the door on (`storage.server.embedded`)."""


class DatabaseReadOnlyError(DatabaseError):
    """The file or the server refuses writes."""


class DatabaseFullError(DatabaseError):
    """No room left on the disk."""


class DatabaseConflictError(DatabaseError):
    """A uniqueness rule of the schema refused the write (another station was first)."""


class SchemaError(DatabaseError):
    """The database's schema is newer than this app, or needs a migration not confirmed."""


class NoSuchEventError(LookupError):
    """A write named an event that is not in the database."""

    def __init__(self, event_id: int) -> None:
        super().__init__(f"there is no event {event_id}")
        self.event_id = event_id


NOTHING_SAVED = "Nothing was saved."


def not_connected(place: str) -> str:
    """A write refused while the shared database is out of reach (a watcher noticed)."""
    return f"Not connected to {place}: nothing was saved."


FULL_CLUES = (
    "disk is full",
    "no space left",
    "database or disk is full",
    "could not extend file",
    "could not write init file",
)
"""What SQLite and PostgreSQL say, on any line of their message, when the disk is full."""
DISK_FULL_SQLSTATE = "53100"
"""PostgreSQL's `disk_full` error class (psycopg's `errors.DiskFull`)."""
FULL_BELOW = 64 * 1024
"""Free bytes under which a SQLite file's disk counts as full: SQLite cannot make its
journal or shared-memory file there and says only "disk I/O error"."""


def disk_full_message(*, write: bool) -> str:
    """The disk-full message. It names no file or server: a phone's page shows it as it is,
    and the database's path is not a player's business (the TO's own messages name the
    folder where they mean it)."""
    if write:
        return f"The disk is full. {NOTHING_SAVED} Free some space and try again."
    return (
        "The disk is full: even reading the database needs a little room. "
        "Free some space and try again."
    )


def _disk_full(driver: BaseException | None, whole: str, disk_free: int | None) -> bool:
    """The error is the disk being full: said so (on any line), by PostgreSQL's error class,
    or an I/O error from SQLite on a disk with (almost) no room left."""
    if any(clue in whole for clue in FULL_CLUES):
        return True
    if getattr(driver, "sqlstate", None) == DISK_FULL_SQLSTATE:
        return True
    io_trouble = "disk i/o error" in whole or "unable to open database file" in whole
    return io_trouble and disk_free is not None and disk_free < FULL_BELOW


def _kind(exc: DBAPIError | sqlite3.Error) -> tuple[BaseException | None, bool, bool]:
    """The driver's own error, whether it is a uniqueness conflict, and whether the
    database could not be used at all: from SQLAlchemy's wrapper, or from `sqlite3`'s own
    error where a read went through the standard library (`plain_reads`)."""
    if isinstance(exc, sqlite3.Error):
        return (
            exc,
            isinstance(exc, sqlite3.IntegrityError),
            isinstance(exc, sqlite3.OperationalError),
        )
    from sqlalchemy.exc import IntegrityError, OperationalError

    unusable = isinstance(exc, OperationalError) or exc.connection_invalidated
    return exc.orig, isinstance(exc, IntegrityError), unusable


def translate(
    exc: DBAPIError | sqlite3.Error,
    *,
    location: str,
    write: bool = True,
    disk_free: int | None = None,
) -> DatabaseError:
    """The `DatabaseError` for a driver error raised while using `location`.

    A write's message says nothing was saved; a read's does not, since a read saves nothing
    either way (it says what stopped the read and what to do). `disk_free` is the room left
    on a SQLite file's disk (None for a server), which tells a full disk from a broken one."""
    driver, conflict, unusable = _kind(exc)
    whole = str(driver if driver is not None else exc).strip()
    text = whole.splitlines()[0:1]
    detail = text[0] if text else type(exc).__name__
    lower = detail.lower()
    if _disk_full(driver, whole.lower(), disk_free):
        return DatabaseFullError(disk_full_message(write=write))
    saved = f" {NOTHING_SAVED}" if write else ""
    if conflict:
        return DatabaseConflictError(
            "Another station changed the same thing at the same moment."
            f"{saved} Look again and retry. ({detail})"
        )
    if "locked" in lower or "busy" in lower or "lock timeout" in lower:
        return DatabaseBusyError(
            f"The database {location} is busy: another station or window is writing."
            f"{saved} Try again in a moment."
        )
    if "readonly" in lower or "read-only" in lower or "read only" in lower:
        return DatabaseReadOnlyError(
            f"The database {location} cannot be written (read-only).{saved}"
        )
    if any(clue in lower for clue in STOPPED_CLUES):
        return HostStoppedError(HOST_STOPPED if write else HOST_STOPPED_READ)
    if "password authentication failed" in lower or "no pg_hba.conf entry" in lower:
        return DatabaseUnavailableError(
            f"The server {location} refused the password or this station.{saved}"
        )
    if unusable:
        return DatabaseUnavailableError(
            f"The database {location} cannot be reached: {detail}.{saved} "
            "Check the file or the connection and try again."
        )
    return DatabaseError(f"The database {location} reported: {detail}.{saved}")
