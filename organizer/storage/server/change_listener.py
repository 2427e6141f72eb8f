"""Waiting for another station's write on PostgreSQL: `LISTEN organizer_changes`.

Why: polling the revision every second shows a change within a second; a
NOTIFY (sent by `Database` inside every write, delivered on commit) shows it
at once. One plain psycopg connection in autocommit mode listens; `wait`
blocks up to a timeout, so a watcher thread that calls it never hangs and
notices a lost server (it reconnects on the next call). SQLite has no such
thing: `ChangeListener.for_database` returns None there and the poll alone
does the work.
"""

from __future__ import annotations

import contextlib

import psycopg
from sqlalchemy.engine import make_url

from organizer.storage.database import CHANNEL, Database, application_name
from organizer.storage.db_errors import DatabaseUnavailableError


class ChangeListener:
    """A LISTEN connection to one PostgreSQL database; `wait` returns what was announced."""

    def __init__(self, url: str, location: str) -> None:
        parsed = make_url(url)
        self._params: dict[str, object] = {
            "host": parsed.host,
            "port": parsed.port,
            "user": parsed.username,
            "password": parsed.password,
            "dbname": parsed.database,
            "connect_timeout": 5,
            "autocommit": True,
            "application_name": application_name(),
        }
        self.location = location
        self._conn: psycopg.Connection[tuple[object, ...]] | None = None

    @classmethod
    def for_database(cls, db: Database) -> ChangeListener | None:
        return None if db.is_sqlite else cls(db.url, db.location)

    def _connection(self) -> psycopg.Connection[tuple[object, ...]]:
        if self._conn is None or self._conn.closed:
            conn = psycopg.connect(**{k: v for k, v in self._params.items() if v is not None})  # type: ignore[arg-type]
            conn.execute(f"LISTEN {CHANNEL}")
            self._conn = conn
        return self._conn

    def wait(self, timeout: float) -> list[str]:
        """The payloads announced within `timeout` seconds (returns at the first one).

        Raises `DatabaseUnavailableError` when the server cannot be reached; the
        next call tries to connect again.
        """
        try:
            conn = self._connection()
            payloads = [n.payload for n in conn.notifies(timeout=timeout, stop_after=1)]
            # Drain whatever else arrived in the same moment without waiting again.
            payloads += [n.payload for n in conn.notifies(timeout=0)]
            return payloads
        except psycopg.Error as exc:
            self.close()
            raise DatabaseUnavailableError(
                f"The database {self.location} cannot be reached: {exc}".strip()
            ) from None

    def close(self) -> None:
        if self._conn is not None:
            with contextlib.suppress(psycopg.Error):
                self._conn.close()
            self._conn = None
