"""Alembic migrations run from code, so opening any older database upgrades it.

No alembic.ini: the script location is this package's `migrations/` folder,
and the engine is handed to env.py through `config.attributes`.

Before a migration touches data it is kept safe: a SQLite file is copied
beside itself (`organizer.sqlite3.before-0004.bak`, named with the old
revision) through SQLite's online backup; a PostgreSQL database is migrated
only when the TO confirmed (`--yes`), after being told what to back up. A
database written by a newer version of the app is refused, never touched.
"""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

from alembic import command
from alembic.config import Config
from alembic.script import ScriptDirectory
from sqlalchemy.engine import Engine, make_url

from organizer.storage.db_errors import SchemaError
from organizer.storage.schema_version import stored_revision
from organizer.storage.sqlite_copy import copy_sqlite_file

MIGRATIONS = Path(__file__).with_name("migrations")


def _script() -> ScriptDirectory:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return ScriptDirectory.from_config(config)


def alembic_config(engine: Engine) -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["engine"] = engine
    return config


class Database(Protocol):
    """What a migration needs of `storage.database.Database` (which calls this module
    while it opens, so this module does not import it back)."""

    @property
    def url(self) -> str: ...
    @property
    def engine(self) -> Engine: ...
    @property
    def is_sqlite(self) -> bool: ...
    @property
    def location(self) -> str: ...


def upgrade_to_head(database: Database, *, confirmed: bool = False) -> None:
    """Bring the schema up to date, after the safety steps the module docstring names."""
    current = current_revision(database.engine)
    head = head_revision()
    if current == head:
        return
    known = {s.revision for s in _script().walk_revisions()}
    if current is not None and current not in known:
        raise SchemaError(
            f"The database {database.location} was written by a newer version of Organizer "
            f"(schema {current}; this version knows up to {head}). Nothing was changed: "
            "open it with the newer version."
        )
    if current is not None:
        if database.is_sqlite:
            backup_sqlite(database.url, current)
        elif not confirmed:
            raise SchemaError(
                f"The database {database.location} has schema {current} and this version "
                f"needs {head}. Back it up first (pg_dump), then open it again with --yes "
                "to upgrade it. Nothing was changed."
            )
    command.upgrade(alembic_config(database.engine.execution_options(organizer_write=True)), "head")


def backup_sqlite(url: str, revision: str) -> Path:
    """Copy the SQLite file beside itself before a migration; returns the copy's path."""
    source = Path(make_url(url).database or "")
    target = source.with_name(f"{source.name}.before-{revision}.bak")
    copy_sqlite_file(source, target)
    return target


def current_revision(engine: Engine) -> str | None:
    return stored_revision(engine)


def head_revision() -> str | None:
    return _script().get_current_head()
