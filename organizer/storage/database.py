"""Opening the database: where it lives, how SQLite is set up, and sessions.

One database holds every event. By default it is a SQLite file in the
platform's user data folder; `--db` or `ORGANIZER_DB` name another file or any
SQLAlchemy URL (PostgreSQL for several stations). SQLite runs in WAL mode
with `synchronous=FULL` and foreign keys on for every connection, so a result
committed before a crash or a power cut is on disk. Opening a database brings
its schema up to date through Alembic; nothing is ever silently recreated.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import platformdirs
from sqlalchemy import event as sa_event
from sqlalchemy.engine import Engine, make_url
from sqlalchemy.exc import ArgumentError
from sqlmodel import Session, create_engine

APP_NAME = "Organizer"
ENV_VAR = "ORGANIZER_DB"


class DatabaseError(RuntimeError):
    """The database could not be opened or written; the message is for the user."""


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


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA busy_timeout=10000")
    cursor.close()


class Database:
    """An open database: the engine plus a way to run one transaction."""

    def __init__(self, url: str, *, migrate: bool = True) -> None:
        self.url = url
        is_sqlite = url.startswith("sqlite")
        connect_args = {"check_same_thread": False} if is_sqlite else {}
        self.engine: Engine = create_engine(url, connect_args=connect_args)
        if is_sqlite:
            sa_event.listen(self.engine, "connect", _sqlite_pragmas)
        if migrate:
            from organizer.storage.migrate import upgrade_to_head

            upgrade_to_head(self.engine)

    @classmethod
    def open(cls, db: str | None = None) -> Database:
        return cls(resolve_url(db))

    @property
    def location(self) -> str:
        """Where the data is, for the title bar and error messages (no password)."""
        return make_url(self.url).render_as_string(hide_password=True)

    @contextmanager
    def transaction(self) -> Iterator[Session]:
        """One unit of work: committed when the block ends, rolled back on any error."""
        with Session(self.engine, expire_on_commit=False) as session:
            try:
                yield session
                session.commit()
            except BaseException:
                session.rollback()
                raise

    @contextmanager
    def reading(self) -> Iterator[Session]:
        """A read-only look; nothing is committed."""
        with Session(self.engine, expire_on_commit=False) as session:
            yield session

    def close(self) -> None:
        self.engine.dispose()
