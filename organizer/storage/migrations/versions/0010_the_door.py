"""the door: check-in, the waiting list, paid

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-29

Four registration columns (issue 33): `checked_in`, `waiting` (a place on the waiting
list; NULL for everyone registered so far, who are in the event), `paid` and
`paid_cents`.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"


def upgrade() -> None:
    with op.batch_alter_table("registration", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("checked_in", sa.Boolean(), nullable=False, server_default="0")
        )
        batch_op.add_column(sa.Column("waiting", sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column("paid", sa.Boolean(), nullable=False, server_default="0"))
        batch_op.add_column(sa.Column("paid_cents", sa.Integer(), nullable=True))


def downgrade() -> None:
    """Plain DROP COLUMNs (SQLite 3.35 and PostgreSQL have them): a batch rebuild of the
    registration table would drop the old one, and with foreign keys on, that cascades to
    every seat, deck and penalty of every player."""
    for column in ("paid_cents", "paid", "waiting", "checked_in"):
        op.execute(f"ALTER TABLE registration DROP COLUMN {column}")
