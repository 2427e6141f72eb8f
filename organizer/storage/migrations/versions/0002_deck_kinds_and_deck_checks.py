"""deck kinds and deck checks

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-22
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from organizer.storage.migrations.columns import (
    TEXT,
    columns,
    create_indexes,
    drop_tables,
    owned_by,
)

revision = "0002"
down_revision = "0001"


def upgrade() -> None:
    op.create_table(
        "deck_check",
        *columns(
            "id int, event_id int, round_number int, table_no int, outcome text, note text,"
            "checked_at when"
        ),
        owned_by("event_id", "event.id"),
        sa.PrimaryKeyConstraint("id"),
    )
    create_indexes("deck_check", "event_id")
    with op.batch_alter_table("deck", schema=None) as batch_op:
        batch_op.add_column(sa.Column("kind", TEXT(), nullable=False, server_default="deck"))


def downgrade() -> None:
    with op.batch_alter_table("deck", schema=None) as batch_op:
        batch_op.drop_column("kind")
    drop_tables("deck_check")
