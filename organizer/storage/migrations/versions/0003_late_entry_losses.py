"""late entry losses

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-22

A registration keeps the losses it was given for the rounds it missed, counted when
it joined (an event setting gives a late entry a loss per missed round), so standings
read them without working out again which rounds were played before it came.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"


def upgrade() -> None:
    # A string default needs no table rebuild: a plain ADD COLUMN.
    missed = sa.Column("missed_round_losses", sa.Integer(), nullable=False, server_default="0")
    op.add_column("registration", missed)


def downgrade() -> None:
    with op.batch_alter_table("registration", schema=None) as batch_op:
        batch_op.drop_column("missed_round_losses")
