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
from alembic import op

from organizer.storage.migrations.columns import TEXT, columns, drop_tables, owned_by

revision = "0008"
down_revision = "0007"


def upgrade() -> None:
    op.create_table(
        "player_pin",
        *columns("registration_id int, digest text, issued_at when"),
        owned_by("registration_id", "registration.id"),
        sa.PrimaryKeyConstraint("registration_id"),
    )
    op.create_table(
        "player_session",
        *columns("id int, registration_id int, token_digest text, created_at when"),
        owned_by("registration_id", "registration.id"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("token_digest"),
    )
    op.create_index(
        "ix_player_session_registration_id", "player_session", ["registration_id"], unique=False
    )
    op.create_table(
        "signin_guard",
        *columns("id int, event_id int, subject text, failures int, locks int, locked_until when?"),
        owned_by("event_id", "event.id"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("event_id", "subject", name="uq_signin_guard_subject"),
    )
    op.create_index("ix_signin_guard_event_id", "signin_guard", ["event_id"], unique=False)
    op.create_table(
        "player_report",
        *columns("id int, match_id int, registration_id int, report text, reported_at when"),
        owned_by("match_id", "match.id"),
        owned_by("registration_id", "registration.id"),
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
    drop_tables("player_report", "signin_guard", "player_session", "player_pin")
