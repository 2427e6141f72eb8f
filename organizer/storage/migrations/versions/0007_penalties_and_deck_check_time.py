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
from alembic import op

from organizer.storage.migrations.columns import (
    WHEN,
    columns,
    create_indexes,
    drop_tables,
    owned_by,
)

revision = "0007"
down_revision = "0006"


def upgrade() -> None:
    op.create_table(
        "penalty",
        *columns(
            "id int, event_id int, registration_id int, round_number int?, table_no int?,"
            "category text, penalty text, note text, judge text, given_at when, given_by text,"
            "effect text, removed_at when?, removed_reason text?"
        ),
        owned_by("event_id", "event.id"),
        owned_by("registration_id", "registration.id"),
        sa.PrimaryKeyConstraint("id"),
    )
    create_indexes("penalty", "event_id", "registration_id")
    with op.batch_alter_table("deck_check", schema=None) as batch_op:
        batch_op.add_column(sa.Column("started_at", WHEN(), nullable=True))
        batch_op.add_column(
            sa.Column("seconds_added", sa.Integer(), nullable=False, server_default=sa.text("0"))
        )


def downgrade() -> None:
    with op.batch_alter_table("deck_check", schema=None) as batch_op:
        batch_op.drop_column("seconds_added")
        batch_op.drop_column("started_at")
    drop_tables("penalty")
