"""Copying every event, row for row, from one database into another.

Why: hosting moves a station's events from its SQLite file onto the hosted
PostgreSQL server (the file is only read, so it stays as it was), and moving
them back copies the host's database into a SQLite file. Both databases are at
the same schema (opening one migrates it), so every table of `SQLModel.metadata`
is copied in foreign-key order with its ids kept: the journal, decks, clock and
seating come along, not only what the event JSON carries. After the copy,
PostgreSQL's id sequences are moved past the copied ids.

The copy is one transaction on the target: it lands whole or not at all.
The target must hold no events (nothing is ever merged or overwritten).
"""

from __future__ import annotations

import shutil
import time
from pathlib import Path

from sqlalchemy import Integer, func, select, text
from sqlalchemy.engine import make_url
from sqlmodel import SQLModel

from organizer.storage import hosted_pin_key, pin_key
from organizer.storage import tables as _tables  # noqa: F401 - registers every table
from organizer.storage.database import Database
from organizer.storage.db_errors import DatabaseError
from organizer.storage.sqlite_copy import copy_sqlite_file

BATCH = 2000


class TargetNotEmptyError(DatabaseError):
    """The database to copy into already holds events."""


def event_count(db: Database) -> int:
    with db.reading() as s:
        return int(s.execute(text("SELECT count(*) FROM event")).scalar_one())


def copy_all(source: Database, target: Database) -> int:
    """Copy every row of `source` into the empty `target`; the number of events copied."""
    if event_count(target):
        raise TargetNotEmptyError(
            f"{target.location} already holds events; nothing was copied. "
            "Move them back or delete them first."
        )
    ordered = SQLModel.metadata.sorted_tables
    with source.reading() as src, target.transaction() as dst:
        for table in ordered:
            if dst.execute(select(func.count()).select_from(table)).scalar_one():
                dst.execute(table.delete())  # an empty card pool list made on open, etc.
        for table in ordered:
            rows = src.execute(select(table)).mappings()
            while batch := rows.fetchmany(BATCH):
                dst.execute(table.insert(), [dict(r) for r in batch])
        if not target.is_sqlite:
            for table in ordered:
                pk = list(table.primary_key.columns)
                if len(pk) == 1 and isinstance(pk[0].type, Integer):
                    dst.execute(
                        text(
                            f"SELECT setval(pg_get_serial_sequence('\"{table.name}\"', "
                            f"'{pk[0].name}'), coalesce(max(\"{pk[0].name}\"), 1), "
                            f'max("{pk[0].name}") IS NOT NULL) FROM "{table.name}"'
                        )
                    )
    return event_count(target)


def same_database(a: str, b: str) -> bool:
    """The two URLs name one database (whoever connects, under whichever name)."""
    ua, ub = make_url(a), make_url(b)
    return (ua.get_backend_name(), ua.host, ua.port, ua.database) == (
        ub.get_backend_name(),
        ub.host,
        ub.port,
        ub.database,
    )


def sqlite_path(url: str) -> Path:
    database = make_url(url).database
    if not url.startswith("sqlite") or not database:
        raise DatabaseError(f"{url} is not a SQLite file")
    return Path(database)


def replace_sqlite_file(path: Path, source: Database) -> tuple[int, Path | None]:
    """Make the SQLite file at `path` a copy of `source`; the old file is kept beside it.

    The new file is written beside the old one and renamed over it, so a failure
    leaves the old file as it was. Returns (events copied, where the old file went).
    """
    stamp = time.strftime("%Y%m%d-%H%M%S")
    fresh = path.with_name(f"{path.name}.from-host-{stamp}.tmp")
    kept: Path | None = None
    target = Database(f"sqlite:///{fresh}")
    try:
        copied = copy_all(source, target)
    except BaseException:
        target.close()
        fresh.unlink(missing_ok=True)
        raise
    target.close()
    if path.exists():
        kept = path.with_name(f"{path.stem}.before-move-back-{stamp}{path.suffix}")
        copy_sqlite_file(path, kept)
        for suffix in ("-wal", "-shm"):
            Path(f"{path}{suffix}").unlink(missing_ok=True)
    shutil.move(fresh, path)
    return copied, kept


def empty_database(db: Database) -> None:
    """Remove every row (after a move back): one transaction, children first."""
    with db.transaction() as s:
        for table in reversed(SQLModel.metadata.sorted_tables):
            s.execute(table.delete())


def carry_pin_key(source: Database, host: Database, stations_password: str) -> None:
    """The hosted server keeps the file's PIN key (wrapped under the stations' password),
    so the PINs its players had before the event was shared keep working."""
    key = source.pin_key()
    if key is not None:
        with host.engine.begin() as conn:
            hosted_pin_key.store(conn, key, stations_password)


def hosted_key(host: Database, stations_password: str) -> bytes | None:
    """The hosted server's PIN key (None if it has none yet), read as the host."""
    with host.engine.connect() as conn:
        return hosted_pin_key.read(conn, stations_password)


def bring_back_pin_key(key: bytes | None, path: Path, kept: Path | None) -> None:
    """After a move back: the file's old key goes with the kept file, and the file takes
    the server's key, so the PINs issued on the host keep working."""
    old = pin_key.key_file(str(path))
    if kept is not None and old.exists():
        shutil.copy2(old, pin_key.key_file(str(kept)))
    if key is not None:
        pin_key.replace_key(str(path), key)
