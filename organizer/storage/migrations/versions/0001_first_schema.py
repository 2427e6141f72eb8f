"""first schema

Revision ID: 0001
Revises:
Create Date: 2026-11-22
"""

from __future__ import annotations

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:

    op.create_table(
        "card_pool",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("name", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("source_csv", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("imported_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("card_pool", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_card_pool_game"), ["game"], unique=False)

    op.create_table(
        "event",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("date", sa.Date(), nullable=True),
        sa.Column("format_id", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("best_of", sa.Integer(), nullable=False),
        sa.Column("round_minutes", sa.Integer(), nullable=False),
        sa.Column("planned_rounds", sa.Integer(), nullable=True),
        sa.Column("points_win", sa.Integer(), nullable=False),
        sa.Column("points_draw", sa.Integer(), nullable=False),
        sa.Column("points_loss", sa.Integer(), nullable=False),
        sa.Column("settings", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("created_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_table(
        "person",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("player_number", sqlmodel.sql.sqltypes.AutoString(), nullable=True),
        sa.Column("email", sqlmodel.sql.sqltypes.AutoString(), nullable=True),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("person", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_person_name"), ["name"], unique=False)
        batch_op.create_index(
            batch_op.f("ix_person_player_number"), ["player_number"], unique=False
        )

    op.create_table(
        "card",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("pool_id", sa.Integer(), nullable=False),
        sa.Column("name", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("boost", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("card_type", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("data", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.ForeignKeyConstraint(["pool_id"], ["card_pool.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("card", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_card_name"), ["name"], unique=False)
        batch_op.create_index(batch_op.f("ix_card_pool_id"), ["pool_id"], unique=False)

    op.create_table(
        "journal",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=True),
        sa.Column("at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.Column("actor", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("action", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("summary", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("before", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("after", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("undoes", sa.Integer(), nullable=True),
        sa.Column("undone", sa.Boolean(), nullable=False),
        sa.ForeignKeyConstraint(["event_id"], ["event.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("journal", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_journal_event_id"), ["event_id"], unique=False)

    op.create_table(
        "registration",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("person_id", sa.Integer(), nullable=False),
        sa.Column("code", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("dropped_after_round", sa.Integer(), nullable=True),
        sa.Column("awarded_byes", sa.Integer(), nullable=False),
        sa.Column("registered_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(["event_id"], ["event.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(
            ["person_id"],
            ["person.id"],
        ),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("event_id", "code", name="uq_registration_event_code"),
    )
    with op.batch_alter_table("registration", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_registration_event_id"), ["event_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_registration_person_id"), ["person_id"], unique=False)

    op.create_table(
        "round",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("stage", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("seed", sa.Integer(), nullable=True),
        sa.Column("clock", sqlmodel.sql.sqltypes.AutoString(), nullable=True),
        sa.Column("created_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(["event_id"], ["event.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("round", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_round_event_id"), ["event_id"], unique=False)

    op.create_table(
        "deck",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("registration_id", sa.Integer(), nullable=False),
        sa.Column("text", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("status", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("findings", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("accepted_reason", sqlmodel.sql.sqltypes.AutoString(), nullable=True),
        sa.Column("submitted_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(["registration_id"], ["registration.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("deck", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_deck_registration_id"), ["registration_id"], unique=False
        )

    op.create_table(
        "match",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("round_id", sa.Integer(), nullable=False),
        sa.Column("table_no", sa.Integer(), nullable=True),
        sa.Column("status", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("winner_registration_id", sa.Integer(), nullable=True),
        sa.Column("extra", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.ForeignKeyConstraint(["round_id"], ["round.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(
            ["winner_registration_id"], ["registration.id"], ondelete="SET NULL"
        ),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("match", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_match_round_id"), ["round_id"], unique=False)

    op.create_table(
        "seat",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("match_id", sa.Integer(), nullable=False),
        sa.Column("registration_id", sa.Integer(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("game_wins", sa.Integer(), nullable=True),
        sa.Column("game_draws", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(["match_id"], ["match.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["registration_id"], ["registration.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("seat", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_seat_match_id"), ["match_id"], unique=False)
        batch_op.create_index(
            batch_op.f("ix_seat_registration_id"), ["registration_id"], unique=False
        )


def downgrade() -> None:

    with op.batch_alter_table("seat", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_seat_registration_id"))
        batch_op.drop_index(batch_op.f("ix_seat_match_id"))

    op.drop_table("seat")
    with op.batch_alter_table("match", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_match_round_id"))

    op.drop_table("match")
    with op.batch_alter_table("deck", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_deck_registration_id"))

    op.drop_table("deck")
    with op.batch_alter_table("round", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_round_event_id"))

    op.drop_table("round")
    with op.batch_alter_table("registration", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_registration_person_id"))
        batch_op.drop_index(batch_op.f("ix_registration_event_id"))

    op.drop_table("registration")
    with op.batch_alter_table("journal", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_journal_event_id"))

    op.drop_table("journal")
    with op.batch_alter_table("card", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_card_pool_id"))
        batch_op.drop_index(batch_op.f("ix_card_name"))

    op.drop_table("card")
    with op.batch_alter_table("person", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_person_player_number"))
        batch_op.drop_index(batch_op.f("ix_person_name"))

    op.drop_table("person")
    op.drop_table("event")
    with op.batch_alter_table("card_pool", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_card_pool_game"))

    op.drop_table("card_pool")
