"""penalties (the judge log) and the time a deck check gave back

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-26

A judge's penalties are kept per event in their own table, removed ones
marked rather than deleted, so the log shows everything that was given. A
deck check now knows when it started and the extension it gave its table.
"""

from __future__ import annotations

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "penalty",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("registration_id", sa.Integer(), nullable=False),
        sa.Column("round_number", sa.Integer(), nullable=True),
        sa.Column("table_no", sa.Integer(), nullable=True),
        sa.Column("category", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("penalty", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("note", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("judge", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("given_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.Column("given_by", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("effect", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("removed_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
        sa.Column("removed_reason", sqlmodel.sql.sqltypes.AutoString(), nullable=True),
        sa.ForeignKeyConstraint(["event_id"], ["event.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["registration_id"], ["registration.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("penalty", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_penalty_event_id"), ["event_id"], unique=False)
        batch_op.create_index(
            batch_op.f("ix_penalty_registration_id"), ["registration_id"], unique=False
        )
    with op.batch_alter_table("deck_check", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("started_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True)
        )
        batch_op.add_column(
            sa.Column("seconds_added", sa.Integer(), nullable=False, server_default=sa.text("0"))
        )


def downgrade() -> None:
    with op.batch_alter_table("deck_check", schema=None) as batch_op:
        batch_op.drop_column("seconds_added")
        batch_op.drop_column("started_at")
    with op.batch_alter_table("penalty", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_penalty_registration_id"))
        batch_op.drop_index(batch_op.f("ix_penalty_event_id"))
    op.drop_table("penalty")
