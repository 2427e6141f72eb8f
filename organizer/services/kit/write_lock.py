"""One service call that changes the database is one transaction: `@write`.

Every write reads what it decides on after taking the event's write lock
(`Database.writing`), so two stations acting at the same moment act one after
the other, the second on what the first wrote. `@write` is the one way a
service spells that: the decorated function takes the transaction (`s: Tx`,
whose `s.db` is the database) where its callers pass `db`. A call naming an
event (its `event_id` parameter) holds that event's lock for the whole body,
and every service it calls with `s.db` joins the same transaction; a missing
event is a `NotFoundError`. A call naming none (a new event, a card pool, a
player's sign-in) is one plain transaction.

The function returns `Done(value)` (and its warnings); `@write` fills in
`Done.changes` from the actions the transaction journaled, by the one table
other stations read theirs with (`services.changes.ACTION_CHANGES`). A write
that changes something without journaling it names that in its own `changes`.
A write that must do slow work outside the lock (hashing PINs) does it first
and then calls a `@write` function.

A function whose transaction is typed `Writes` instead of `Tx` uses no ORM (plain
statements, `storage.plain_writes`): it may also be called on a `PlainWriter`, which
takes the same lock without loading SQLModel and the ORM (`players import` does so).
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from typing import TYPE_CHECKING, Any, Concatenate, ParamSpec, Protocol, TypeVar, overload

from organizer.services.kit.changes import Done, changes_of_all
from organizer.services.kit.errors import NotFoundError
from organizer.storage.db_errors import NoSuchEventError
from organizer.storage.journal_entries import appended
from organizer.storage.plain_writes import Writes

if TYPE_CHECKING:
    from organizer.storage.database import Database, Tx

P = ParamSpec("P")
T = TypeVar("T")


class Store(Protocol):
    """What a write runs on: a `Database`, or (for a function written on `Writes`
    alone, which needs no ORM) a `storage.plain_writer.PlainWriter` too."""

    @property
    def location(self) -> str: ...

    def transaction(self) -> AbstractContextManager[Writes]: ...

    def writing(self, event_id: int) -> AbstractContextManager[Writes]: ...


@contextmanager
def _transaction(db: Store, event_id: int | None) -> Iterator[Writes]:
    if event_id is None:
        with db.transaction() as session:
            yield session
        return
    try:
        with db.writing(event_id) as session:
            yield session
    except NoSuchEventError as exc:
        raise NotFoundError(f"there is no event {exc.event_id} in {db.location}") from None


@overload
def write(
    fn: Callable[Concatenate[Writes, P], Done[T]],
) -> Callable[Concatenate[Store, P], Done[T]]: ...


@overload
def write(
    fn: Callable[Concatenate[Tx, P], Done[T]],
) -> Callable[Concatenate[Database, P], Done[T]]: ...


def write(fn: Callable[Concatenate[Any, P], Done[T]]) -> Callable[Concatenate[Any, P], Done[T]]:
    """`fn(s, ...)` as one transaction, called `fn(db, ...)`; see the module."""
    called = inspect.signature(fn)
    session, *rest = called.parameters.values()
    if session.name != "s" or "db" in called.parameters:
        raise TypeError(f"{fn.__qualname__}: a write takes the transaction s, not db")
    public = called.replace(parameters=[session.replace(name="db", annotation="Database"), *rest])

    @functools.wraps(fn)
    def in_one_transaction(db: Store, /, *args: P.args, **kwargs: P.kwargs) -> Done[T]:
        event_id = public.bind(db, *args, **kwargs).arguments.get("event_id")
        assert event_id is None or isinstance(event_id, int)
        with _transaction(db, event_id) as s:
            before = len(appended(s))
            done = fn(s, *args, **kwargs)
            journaled = appended(s)[before:]
        if event_id is None:  # a new event: the one its entries name
            event_id = next((a.event_id for a in journaled if a.event_id is not None), None)
        changes = changes_of_all((a.action for a in journaled), event_id=event_id)
        return Done(done.value, changes | done.changes, done.warnings)

    in_one_transaction.__signature__ = public  # type: ignore[attr-defined]
    return in_one_transaction
