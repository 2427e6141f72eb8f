"""the floor: fixed seats, judges and their calls

Revision ID: 0012
Revises: 0011
Create Date: 2026-11-29

Issue 34. A registration gains `fixed_table` (a player who always sits at one
table). A judge of an event signs in on a phone with a PIN kept as a digest
(`judge`, `judge_session`); a player's call for a judge is a `judge_call` row,
one open per table at a time (a partial unique index, so two phones calling at
once cannot both open one).
"""

from __future__ import annotations

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None

TEXT = sqlmodel.sql.sqltypes.AutoString
WHEN = sqlmodel.sql.sqltypes.UTCDateTime


def upgrade() -> None:
    # Plain ADD COLUMN: a batch would copy `registration`, which others refer to.
    op.add_column("registration", sa.Column("fixed_table", sa.Integer(), nullable=True))
    op.create_table(
        "judge",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("name", TEXT(), nullable=False),
        sa.Column("digest", TEXT(), nullable=False),
        sa.Column("created_at", WHEN(), nullable=False),
        sa.ForeignKeyConstraint(["event_id"], ["event.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("event_id", "name", name="uq_judge_event_name"),
    )
    op.create_index("ix_judge_event_id", "judge", ["event_id"])
    op.create_table(
        "judge_session",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("judge_id", sa.Integer(), nullable=False),
        sa.Column("token_digest", TEXT(), nullable=False),
        sa.Column("created_at", WHEN(), nullable=False),
        sa.ForeignKeyConstraint(["judge_id"], ["judge.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("token_digest"),
    )
    op.create_index("ix_judge_session_judge_id", "judge_session", ["judge_id"])
    op.create_table(
        "judge_call",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("round_number", sa.Integer(), nullable=False),
        sa.Column("table_number", sa.Integer(), nullable=False),
        sa.Column("registration_id", sa.Integer(), nullable=True),
        sa.Column("note", TEXT(), nullable=False),
        sa.Column("state", TEXT(), nullable=False),
        sa.Column("claimed_by", TEXT(), nullable=True),
        sa.Column("created_at", WHEN(), nullable=False),
        sa.Column("claimed_at", WHEN(), nullable=True),
        sa.Column("resolved_at", WHEN(), nullable=True),
        sa.ForeignKeyConstraint(["event_id"], ["event.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["registration_id"], ["registration.id"], ondelete="SET NULL"),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_judge_call_event_id", "judge_call", ["event_id"])
    op.create_index(
        "uq_judge_call_open",
        "judge_call",
        ["event_id", "round_number", "table_number"],
        unique=True,
        sqlite_where=sa.text("state <> 'resolved'"),
        postgresql_where=sa.text("state <> 'resolved'"),
    )


def downgrade() -> None:
    op.drop_index("uq_judge_call_open", table_name="judge_call")
    op.drop_index("ix_judge_call_event_id", table_name="judge_call")
    op.drop_table("judge_call")
    op.drop_index("ix_judge_session_judge_id", table_name="judge_session")
    op.drop_table("judge_session")
    op.drop_index("ix_judge_event_id", table_name="judge")
    op.drop_table("judge")
    op.execute("ALTER TABLE registration DROP COLUMN fixed_table")
