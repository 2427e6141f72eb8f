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
from alembic import op

from organizer.storage.migrations.columns import columns, create_indexes, owned_by

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Plain ADD COLUMN: a batch would copy `registration`, which others refer to.
    op.add_column("registration", sa.Column("fixed_table", sa.Integer(), nullable=True))
    op.create_table(
        "judge",
        *columns("id int, event_id int, name text, digest text, created_at when"),
        owned_by("event_id", "event.id"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("event_id", "name", name="uq_judge_event_name"),
    )
    create_indexes("judge", "event_id")
    op.create_table(
        "judge_session",
        *columns("id int, judge_id int, token_digest text, created_at when"),
        owned_by("judge_id", "judge.id"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("token_digest"),
    )
    create_indexes("judge_session", "judge_id")
    op.create_table(
        "judge_call",
        *columns(
            "id int, event_id int, round_number int, table_number int, registration_id int?,"
            "note text, state text, claimed_by text?, created_at when, claimed_at when?,"
            "resolved_at when?"
        ),
        owned_by("event_id", "event.id"),
        sa.ForeignKeyConstraint(["registration_id"], ["registration.id"], ondelete="SET NULL"),
        sa.PrimaryKeyConstraint("id"),
    )
    create_indexes("judge_call", "event_id")
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
