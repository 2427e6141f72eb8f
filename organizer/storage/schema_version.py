"""Which schema a database has, read without loading Alembic.

Opening a database that is already up to date is the common case, on every
command; Alembic (and its script directory) is loaded only when a migration
is due. `HEAD` must name the newest migration in `migrations/versions/`; a
test checks it against Alembic's own head.
"""

from __future__ import annotations

from sqlalchemy import text
from sqlalchemy.engine import Engine
from sqlalchemy.exc import DBAPIError

HEAD = "0013"


def stored_revision(engine: Engine) -> str | None:
    """The revision in the database's `alembic_version` table; None for a new database."""
    try:
        with engine.connect() as conn:
            row = conn.execute(text("SELECT version_num FROM alembic_version")).first()
    except DBAPIError as exc:
        if "alembic_version" in str(exc.orig) or "no such table" in str(exc.orig):
            return None
        raise
    return str(row[0]) if row is not None else None
