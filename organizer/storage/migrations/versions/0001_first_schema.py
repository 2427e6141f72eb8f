"""first schema

Revision ID: 0001
Revises:
Create Date: 2026-11-22
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from organizer.storage.migrations.columns import columns, create_indexes, drop_tables, owned_by

revision = "0001"
down_revision = None


def upgrade() -> None:
    op.create_table(
        "card_pool",
        *columns("id int, game text, name text, source_csv text, imported_at when"),
        sa.PrimaryKeyConstraint("id"),
    )
    create_indexes("card_pool", "game")
    op.create_table(
        "event",
        *columns(
            "id int, name text, date date?, format_id text, best_of int, round_minutes int,"
            "planned_rounds int?, points_win int, points_draw int, points_loss int,"
            "settings text, created_at when"
        ),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_table(
        "person",
        *columns("id int, name text, player_number text?, email text?"),
        sa.PrimaryKeyConstraint("id"),
    )
    create_indexes("person", "name", "player_number")
    op.create_table(
        "card",
        *columns("id int, pool_id int, name text, boost text, card_type text, data text"),
        owned_by("pool_id", "card_pool.id"),
        sa.PrimaryKeyConstraint("id"),
    )
    create_indexes("card", "name", "pool_id")
    op.create_table(
        "journal",
        *columns(
            "id int, event_id int?, at when, actor text, action text, summary text,"
            "before text, after text, undoes int?, undone bool"
        ),
        owned_by("event_id", "event.id"),
        sa.PrimaryKeyConstraint("id"),
    )
    create_indexes("journal", "event_id")
    op.create_table(
        "registration",
        *columns(
            "id int, event_id int, person_id int, code text, position int,"
            "dropped_after_round int?, awarded_byes int, registered_at when"
        ),
        owned_by("event_id", "event.id"),
        sa.ForeignKeyConstraint(["person_id"], ["person.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("event_id", "code", name="uq_registration_event_code"),
    )
    create_indexes("registration", "event_id", "person_id")
    op.create_table(
        "round",
        *columns(
            "id int, event_id int, number int, stage text, seed int?, clock text?,created_at when"
        ),
        owned_by("event_id", "event.id"),
        sa.PrimaryKeyConstraint("id"),
    )
    create_indexes("round", "event_id")
    op.create_table(
        "deck",
        *columns(
            "id int, registration_id int, text text, status text, findings text,"
            "accepted_reason text?, submitted_at when"
        ),
        owned_by("registration_id", "registration.id"),
        sa.PrimaryKeyConstraint("id"),
    )
    create_indexes("deck", "registration_id")
    op.create_table(
        "match",
        *columns(
            "id int, round_id int, table_no int?, status text, winner_registration_id int?,"
            "extra text"
        ),
        owned_by("round_id", "round.id"),
        sa.ForeignKeyConstraint(
            ["winner_registration_id"], ["registration.id"], ondelete="SET NULL"
        ),
        sa.PrimaryKeyConstraint("id"),
    )
    create_indexes("match", "round_id")
    op.create_table(
        "seat",
        *columns(
            "id int, match_id int, registration_id int, position int, game_wins int?,"
            "game_draws int?"
        ),
        owned_by("match_id", "match.id"),
        owned_by("registration_id", "registration.id"),
        sa.PrimaryKeyConstraint("id"),
    )
    create_indexes("seat", "match_id", "registration_id")


def downgrade() -> None:
    drop_tables("seat", "match", "deck", "round", "registration", "journal")  # an event's rows
    drop_tables("card", "person", "event", "card_pool")
