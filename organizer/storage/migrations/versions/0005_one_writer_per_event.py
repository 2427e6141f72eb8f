"""one writer per event: revision, unique rounds/tables/seats, who entered a result

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-24

Adds the event's revision (bumped by every write) and its playoff seeds (moved
out of the settings JSON), who entered a match's result and when, and the
uniqueness the schema must state: a round number once per event, a table once
per round, a player once per round (a seat now carries its round). A database
that already breaks one of these is refused with what to run to repair it;
nothing is changed then.
"""

from __future__ import annotations

import json

import sqlalchemy as sa
import sqlmodel
from alembic import op

from organizer.storage.duplicates import DuplicatesError, find_duplicates

revision = "0005"
down_revision = "0004"


def upgrade() -> None:
    conn = op.get_bind()
    found = find_duplicates(conn)
    if found:
        raise DuplicatesError(found)
    op.add_column(
        "event", sa.Column("revision", sa.Integer(), nullable=False, server_default=sa.text("0"))
    )
    op.add_column(
        "event", sa.Column("playoff_seeds", sqlmodel.sql.sqltypes.AutoString(), nullable=True)
    )
    op.add_column(
        "match", sa.Column("reported_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True)
    )
    op.add_column(
        "match", sa.Column("reported_by", sqlmodel.sql.sqltypes.AutoString(), nullable=True)
    )
    op.add_column("seat", sa.Column("round_id", sa.Integer(), nullable=True))
    conn.execute(
        sa.text(
            "UPDATE seat SET round_id = (SELECT round_id FROM match WHERE match.id = seat.match_id)"
        )
    )
    for event_id, settings in conn.execute(sa.text("SELECT id, settings FROM event")).all():
        values = json.loads(settings or "{}")
        topcut = values.pop("topcut", None)
        if topcut is None:
            continue
        conn.execute(
            sa.text("UPDATE event SET settings = :s, playoff_seeds = :p WHERE id = :id"),
            {
                "s": json.dumps(values, sort_keys=True),
                "p": json.dumps(topcut.get("seeds") or []),
                "id": event_id,
            },
        )
    op.create_index("uq_round_event_number", "round", ["event_id", "number"], unique=True)
    op.create_index("uq_match_round_table", "match", ["round_id", "table_no"], unique=True)
    op.create_index("uq_seat_round_player", "seat", ["round_id", "registration_id"], unique=True)


def downgrade() -> None:
    op.drop_index("uq_seat_round_player", table_name="seat")
    op.drop_index("uq_match_round_table", table_name="match")
    op.drop_index("uq_round_event_number", table_name="round")
    with op.batch_alter_table("seat") as batch_op:
        batch_op.drop_column("round_id")
    with op.batch_alter_table("match") as batch_op:
        batch_op.drop_column("reported_by")
        batch_op.drop_column("reported_at")
    with op.batch_alter_table("event") as batch_op:
        batch_op.drop_column("playoff_seeds")
        batch_op.drop_column("revision")
