"""draft seating

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-22
"""

from __future__ import annotations

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:

    op.create_table(
        "seating",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("draft", sa.Integer(), nullable=False),
        sa.Column("after_round", sa.Integer(), nullable=False),
        sa.Column("seed", sa.Integer(), nullable=False),
        sa.Column("pods", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("timer", sqlmodel.sql.sqltypes.AutoString(), nullable=True),
        sa.Column("created_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(["event_id"], ["event.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("seating", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_seating_event_id"), ["event_id"], unique=False)


def downgrade() -> None:

    with op.batch_alter_table("seating", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_seating_event_id"))

    op.drop_table("seating")
