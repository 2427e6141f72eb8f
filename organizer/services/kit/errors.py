"""The errors services raise, and the one place that turns exceptions into user text.

`RefusedError`: the operation is not allowed now (exit status 1 on the command
line, a message box in the GUI). `InputError`: a file or value could not be
read (exit status 2), naming the line and the problem. Anything else is a bug
and goes to the crash dialog with a saved log.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager

from organizer.core.formats.catalog import UnknownFormatError
from organizer.core.interchange import InterchangeError
from organizer.core.players_csv import PlayersCsvError
from organizer.storage.db_errors import (  # not storage.database: no SQLAlchemy for file commands
    DatabaseBusyError,
    DatabaseError,
    DatabaseUnavailableError,
    NoSuchEventError,
)


class ServiceError(Exception):
    """Base of the errors a user is meant to read."""


class RefusedError(ServiceError):
    """The request is understood but not allowed in the event's current state."""


class InputError(ServiceError):
    """Input (a file, a value) could not be read; the message names where and why."""


class NotFoundError(RefusedError):
    """No such event or player."""


@contextmanager
def refused_on(*errors: type[Exception]) -> Iterator[None]:
    """A core rule's `errors`, raised inside, said as a `RefusedError` in the same words
    (without the core's traceback: the rule refused, the program did not fail)."""
    try:
        yield
    except errors as exc:
        raise RefusedError(str(exc)) from None


EXPECTED = (
    ServiceError,
    InterchangeError,
    PlayersCsvError,
    UnknownFormatError,
    DatabaseError,
    NoSuchEventError,
    OSError,
)


def user_message(exc: BaseException) -> str:
    """Plain words for a known error; the exception's text otherwise."""
    if isinstance(exc, DatabaseError | NoSuchEventError):
        return str(exc)
    if isinstance(exc, sqlite3.OperationalError) or "database is locked" in str(exc):
        return (
            "The database is busy (another station or window is writing). "
            "Nothing was lost; try again in a moment."
        )
    if isinstance(exc, OSError) and exc.errno == 28:
        return "The disk is full. Nothing was written; free some space and try again."
    if isinstance(exc, FileNotFoundError):
        return f"No such file: {exc.filename}"
    if isinstance(exc, PermissionError):
        return f"Not allowed to read or write {exc.filename}"
    return str(exc)


def is_transient(exc: BaseException) -> bool:
    """Database trouble that may pass (busy, out of reach): worth offering to try again."""
    return isinstance(exc, DatabaseBusyError | DatabaseUnavailableError)


def is_input_problem(exc: BaseException) -> bool:
    """Exit status 2 (unreadable input) rather than 1 (refused)."""
    return isinstance(
        exc, InputError | InterchangeError | PlayersCsvError | UnknownFormatError | OSError
    )
