"""late entry losses

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-22
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:

    with op.batch_alter_table("registration", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("missed_round_losses", sa.Integer(), nullable=False, server_default="0")
        )


def downgrade() -> None:

    with op.batch_alter_table("registration", schema=None) as batch_op:
        batch_op.drop_column("missed_round_losses")
