"""Writes without the ORM: what a write is, and the event's write lock, in plain SQL.

Why: a command that writes a lot in one go at the counter (`players import` of a
store's 300 regulars) spent more time loading SQLModel, pydantic and the ORM (about
0.3 s) than writing (issue 36.11). Functions that take `Writes` run on either kind of
write: a `PlainTx` (`plain_writer.PlainWriter` gives them) or the ORM session of a
`Database` write (`Tx`), which they then join. Both lock an event the same way
(`lock_event`) and tell the other stations the same way on PostgreSQL (`announce`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from sqlalchemy import text
from sqlalchemy.engine import Connection

from organizer.storage.db_errors import NoSuchEventError

if TYPE_CHECKING:
    from sqlmodel import Session

CHANNEL = "organizer_changes"
"""PostgreSQL NOTIFY channel: every committed write says which events it changed."""
LOCKED = "locked"
"""Info key: each event this write locked, with its new revision."""


class Writes(Protocol):
    """One write under way, as the ORM-free storage functions take it: a `PlainTx`, or
    the ORM session of a `Database` write (a `Tx`)."""

    @property
    def info(self) -> dict[Any, Any]: ...

    def connection(self) -> Connection: ...

    def flush(self) -> None: ...


def lock_event(conn: Connection, event_id: int) -> int:
    """Take the event's write lock by bumping its revision; the new revision.

    On PostgreSQL the UPDATE holds the event's row lock until commit (as `SELECT … FOR
    UPDATE` would); on SQLite the write already holds the database's. Raises
    `NoSuchEventError` when the event is not there.
    """
    bumped = conn.execute(
        text("UPDATE event SET revision = revision + 1 WHERE id = :id"), {"id": event_id}
    )
    if getattr(bumped, "rowcount", 1) == 0:
        raise NoSuchEventError(event_id)
    revision: int = conn.execute(
        text("SELECT revision FROM event WHERE id = :id"), {"id": event_id}
    ).scalar_one()
    return revision


def lock_every_event(conn: Connection) -> None:
    """Every event's write lock at once, as `lock_event` takes one: for a write that reaches
    into any event (merging two people moves their registrations). On PostgreSQL the rows
    are locked in id order, so two such writes queue rather than deadlock; on SQLite the
    write holds the database's lock already. Every revision moves: stations look again."""
    if conn.dialect.name == "sqlite":
        conn.execute(text("UPDATE event SET revision = revision + 1"))
        return
    conn.execute(
        text(
            "UPDATE event SET revision = revision + 1 "
            "WHERE id IN (SELECT id FROM event ORDER BY id FOR UPDATE)"
        )
    )


def announce(conn: Connection, events: list[int]) -> None:
    """NOTIFY the other stations, delivered when (and only if) this write commits."""
    payload = ",".join(str(e) for e in sorted(events)) or "*"
    conn.execute(
        text("SELECT pg_notify(:channel, :payload)"), {"channel": CHANNEL, "payload": payload}
    )


class PlainTx:
    """One write on a plain connection (see the module)."""

    def __init__(self, conn: Connection) -> None:
        self.conn = conn
        self.info: dict[Any, Any] = {}

    def connection(self) -> Connection:
        return self.conn

    def flush(self) -> None:
        """Nothing waits to be written: every statement ran when it was given."""


def orm_session(s: Writes) -> Session:
    """An ORM session in the same write, for the rare step with no plain statement yet
    (a late entry's byes): the `Tx` itself, or a session joining the `PlainTx`'s
    transaction (it never commits; the write does)."""
    from sqlmodel import Session

    if isinstance(s, Session):
        return s
    return Session(bind=s.connection(), expire_on_commit=False)
