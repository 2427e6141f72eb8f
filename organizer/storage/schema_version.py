"""Which schema a database has, read without loading Alembic.

Opening a database that is already up to date is the common case, on every
command; Alembic (and its script directory) is loaded only when a migration
is due. `HEAD` must name the newest migration in `migrations/versions/`; a
test checks it against Alembic's own head.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from sqlalchemy.engine import Engine

HEAD = "0013"
VERSION_QUERY = "SELECT version_num FROM alembic_version"
NO_VERSION_TABLE = "no such table"
"""What SQLite says of a database no migration has touched yet."""


def stored_revision(engine: Engine) -> str | None:
    """The revision in the database's `alembic_version` table; None for a new database."""
    from sqlalchemy import text
    from sqlalchemy.exc import DBAPIError

    try:
        with engine.connect() as conn:
            row = conn.execute(text(VERSION_QUERY)).first()
    except DBAPIError as exc:
        if "alembic_version" in str(exc.orig) or NO_VERSION_TABLE in str(exc.orig):
            return None
        raise
    return str(row[0]) if row is not None else None
