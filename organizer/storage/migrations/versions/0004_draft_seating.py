"""draft seating

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-22
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from organizer.storage.migrations.columns import columns, create_indexes, drop_tables, owned_by

revision = "0004"
down_revision = "0003"


def upgrade() -> None:
    op.create_table(
        "seating",
        *columns(
            "id int, event_id int, draft int, after_round int, seed int, pods text,"
            "timer text?, created_at when"
        ),
        owned_by("event_id", "event.id"),
        sa.PrimaryKeyConstraint("id"),
    )
    create_indexes("seating", "event_id")


def downgrade() -> None:
    drop_tables("seating")
