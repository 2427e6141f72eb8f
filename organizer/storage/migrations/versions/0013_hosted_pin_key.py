"""the hosted server's PIN key, wrapped under the stations' password

Revision ID: 0013
Revises: 0012

Issue 36, item 11. A hosted (PostgreSQL) event has no file beside the database
that every station could read, so its PINs were digested with scrypt: slow to
issue in bulk, and a SQLite event's keyed PINs stopped working once it moved
onto the host. The key now lives in the database only wrapped under the
stations' password (which PostgreSQL keeps as a SCRAM verifier, never in clear):
one row, `id` 1. See `storage/hosted_pin_key.py` and docs/pins.md.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from organizer.storage.migrations.columns import columns, drop_tables

revision = "0013"
down_revision = "0012"


def upgrade() -> None:
    op.create_table(
        "pin_key_wrap",
        *columns("id int, salt text, wrapped text, check_value text"),
        sa.PrimaryKeyConstraint("id"),
    )


def downgrade() -> None:
    drop_tables("pin_key_wrap")
