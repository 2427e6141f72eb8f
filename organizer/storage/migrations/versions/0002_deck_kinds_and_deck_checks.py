"""deck kinds and deck checks

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-22
"""

from __future__ import annotations

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:

    op.create_table(
        "deck_check",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("round_number", sa.Integer(), nullable=False),
        sa.Column("table_no", sa.Integer(), nullable=False),
        sa.Column("outcome", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("note", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("checked_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(["event_id"], ["event.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("deck_check", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_deck_check_event_id"), ["event_id"], unique=False)

    with op.batch_alter_table("deck", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column(
                "kind", sqlmodel.sql.sqltypes.AutoString(), nullable=False, server_default="deck"
            )
        )


def downgrade() -> None:

    with op.batch_alter_table("deck", schema=None) as batch_op:
        batch_op.drop_column("kind")

    with op.batch_alter_table("deck_check", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_deck_check_event_id"))

    op.drop_table("deck_check")
