"""people kept across events, an event the TO closed, seasons and their events

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-29

Issue 32. A person gains a note and a revision (a station editing an older
copy is told), and a player number becomes unique: existing rows migrate as
they are, and where two rows share a number (an import before this version
made one per event only when the number was new to it) they are one person,
the first by id, whose registrations the others' join. Nobody is merged by
name. An event gains `finished_at` (`organizer finish`). A season keeps its
dates, formats and points scheme; `season_event` holds the TO's hand
additions, removals and multipliers.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from organizer.storage.migrations.columns import TEXT, WHEN, columns, owned_by

revision = "0011"
down_revision = "0010"


def _one_person_per_number() -> None:
    conn = op.get_bind()
    shared = conn.execute(
        sa.text(
            "SELECT player_number, MIN(id) FROM person WHERE player_number IS NOT NULL "
            "GROUP BY player_number HAVING COUNT(*) > 1"
        )
    ).all()
    for number, keep in shared:
        others = [
            pid
            for (pid,) in conn.execute(
                sa.text("SELECT id FROM person WHERE player_number = :n AND id <> :k"),
                {"n": number, "k": keep},
            ).all()
        ]
        for other in others:
            conn.execute(
                sa.text("UPDATE registration SET person_id = :k WHERE person_id = :o"),
                {"k": keep, "o": other},
            )
            conn.execute(sa.text("DELETE FROM person WHERE id = :o"), {"o": other})


def upgrade() -> None:
    _one_person_per_number()
    # Plain ADD COLUMN: a batch would copy `person` and `event`, which others refer to.
    op.add_column("person", sa.Column("note", TEXT(), nullable=False, server_default=""))
    op.add_column(
        "person", sa.Column("revision", sa.Integer(), nullable=False, server_default=sa.text("0"))
    )
    op.drop_index("ix_person_player_number", table_name="person")
    op.create_index("ix_person_player_number", "person", ["player_number"], unique=True)
    op.add_column("event", sa.Column("finished_at", WHEN(), nullable=True))
    op.create_table(
        "season",
        *columns(
            "id int, name text, date_from date, date_to date, formats text, settings text,"
            "created_at when"
        ),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_table(
        "season_event",
        *columns("season_id int, event_id int, included bool, multiplier int"),
        owned_by("event_id", "event.id"),
        owned_by("season_id", "season.id"),
        sa.PrimaryKeyConstraint("season_id", "event_id"),
    )


def downgrade() -> None:
    op.drop_table("season_event")
    op.drop_table("season")
    op.drop_column("event", "finished_at")
    op.drop_index("ix_person_player_number", table_name="person")
    op.create_index("ix_person_player_number", "person", ["player_number"], unique=False)
    op.drop_column("person", "revision")
    op.drop_column("person", "note")
