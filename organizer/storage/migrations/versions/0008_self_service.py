"""players do their own part: PINs, sessions, sign-in guards, reports, phone lists

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-26

A PIN per registration (an scrypt digest, never the PIN), the players'
sessions on the page (a token's SHA-256), the wrong-PIN counters per player
and per address, each player's report of their table's result, and on a
deck list who sent it and whether the TO locked it.
"""

from __future__ import annotations

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None

TEXT = sqlmodel.sql.sqltypes.AutoString
WHEN = sqlmodel.sql.sqltypes.UTCDateTime


def upgrade() -> None:
    op.create_table(
        "player_pin",
        sa.Column("registration_id", sa.Integer(), nullable=False),
        sa.Column("digest", TEXT(), nullable=False),
        sa.Column("issued_at", WHEN(), nullable=False),
        sa.ForeignKeyConstraint(["registration_id"], ["registration.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("registration_id"),
    )
    op.create_table(
        "player_session",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("registration_id", sa.Integer(), nullable=False),
        sa.Column("token_digest", TEXT(), nullable=False),
        sa.Column("created_at", WHEN(), nullable=False),
        sa.ForeignKeyConstraint(["registration_id"], ["registration.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("token_digest"),
    )
    op.create_index(
        "ix_player_session_registration_id", "player_session", ["registration_id"], unique=False
    )
    op.create_table(
        "signin_guard",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("subject", TEXT(), nullable=False),
        sa.Column("failures", sa.Integer(), nullable=False),
        sa.Column("locks", sa.Integer(), nullable=False),
        sa.Column("locked_until", WHEN(), nullable=True),
        sa.ForeignKeyConstraint(["event_id"], ["event.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("event_id", "subject", name="uq_signin_guard_subject"),
    )
    op.create_index("ix_signin_guard_event_id", "signin_guard", ["event_id"], unique=False)
    op.create_table(
        "player_report",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("match_id", sa.Integer(), nullable=False),
        sa.Column("registration_id", sa.Integer(), nullable=False),
        sa.Column("report", TEXT(), nullable=False),
        sa.Column("reported_at", WHEN(), nullable=False),
        sa.ForeignKeyConstraint(["match_id"], ["match.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["registration_id"], ["registration.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("match_id", "registration_id", name="uq_player_report_seat"),
    )
    op.create_index("ix_player_report_match_id", "player_report", ["match_id"], unique=False)
    with op.batch_alter_table("deck", schema=None) as batch_op:
        batch_op.add_column(sa.Column("submitted_by", TEXT(), nullable=True))
        batch_op.add_column(sa.Column("locked", sa.Boolean(), nullable=False, server_default="0"))


def downgrade() -> None:
    with op.batch_alter_table("deck", schema=None) as batch_op:
        batch_op.drop_column("locked")
        batch_op.drop_column("submitted_by")
    op.drop_index("ix_player_report_match_id", table_name="player_report")
    op.drop_table("player_report")
    op.drop_index("ix_signin_guard_event_id", table_name="signin_guard")
    op.drop_table("signin_guard")
    op.drop_index("ix_player_session_registration_id", table_name="player_session")
    op.drop_table("player_session")
    op.drop_table("player_pin")
