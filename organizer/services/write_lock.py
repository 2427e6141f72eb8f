"""One service call that changes an event is one locked transaction.

Every write reads what it decides on after taking the event's write lock
(`Database.writing`), so two stations acting at the same moment act one after
the other, the second on what the first wrote. `locked(db, event_id)` opens
that transaction (a missing event is a `NotFoundError`); `@event_write` puts a
whole public service function, and every helper it calls, inside it. The
decorated function takes `db` first and `event_id` by keyword, as every
service does.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, ParamSpec, TypeVar

from organizer.services.errors import NotFoundError
from organizer.storage.database import Database, NoSuchEventError

P = ParamSpec("P")
R = TypeVar("R")


@contextmanager
def locked(db: Database, event_id: int) -> Iterator[Any]:
    """The event's write transaction; yields its session for the repositories."""
    try:
        with db.writing(event_id) as session:
            yield session
    except NoSuchEventError as exc:
        raise NotFoundError(f"there is no event {exc.event_id} in {db.location}") from None


def event_write(fn: Callable[P, R]) -> Callable[P, R]:
    @functools.wraps(fn)
    def in_lock(*args: P.args, **kwargs: P.kwargs) -> R:
        db = args[0] if args else kwargs["db"]
        event_id = kwargs["event_id"]
        assert isinstance(db, Database) and isinstance(event_id, int)
        with locked(db, event_id):
            return fn(*args, **kwargs)

    return in_lock
