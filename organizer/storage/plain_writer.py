"""A database opened for writes without the ORM (`plain_writes`), as `PlainReader` is for reads.

`PlainWriter` gives one write as a `PlainTx`: the same lock as `Database.writing` (on
SQLite `BEGIN IMMEDIATE`; the event's revision bumped by `plain_writes.lock_event`), the
same NOTIFY to the other stations on PostgreSQL, the same errors in a TO's words, and
the same PIN key. `players import` runs on it (issue 36.11).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from sqlalchemy.exc import DBAPIError

from organizer.storage import database_pin_key
from organizer.storage.engine import WRITE, translated
from organizer.storage.plain_reads import PlainReader
from organizer.storage.plain_writes import LOCKED, PlainTx, announce, lock_event


class PlainWriter(PlainReader):
    """A database opened for ORM-free writes (and the plain reads)."""

    @contextmanager
    def transaction(self) -> Iterator[PlainTx]:
        """One write, as `Database.transaction`: committed when the block ends, rolled
        back on any error; on SQLite it holds the write lock from its first statement."""
        try:
            with self.engine.execution_options(**{WRITE: True}).connect() as conn, conn.begin():
                tx = PlainTx(conn)
                yield tx
                if conn.dialect.name == "postgresql":
                    announce(conn, list(tx.info.get(LOCKED, {})))
        except DBAPIError as exc:
            raise translated(self.url, exc, write=True) from exc

    @contextmanager
    def writing(self, event_id: int) -> Iterator[PlainTx]:
        """One write to one event, as `Database.writing`: the event's lock first."""
        with self.transaction() as tx:
            tx.info[LOCKED] = {event_id: lock_event(tx.conn, event_id)}
            yield tx

    def pin_key(self) -> bytes | None:
        """The key PIN digests are keyed with, as `Database.pin_key`."""
        return database_pin_key.for_database(self.url, self.engine)
