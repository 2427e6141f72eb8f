"""Bulk rows on the driver's cursor: the right columns get the right values."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from organizer.storage.database import Database
from organizer.storage.plain_rows import fetch_tuples, insert_tuples
from organizer.storage.tables import core_table


def test_columns_given_out_of_table_order_land_in_their_columns(db: Database) -> None:
    person = core_table("person")
    with db.transaction() as s:
        insert_tuples(
            s.connection(),
            person,
            ("email", "name", "player_number"),
            [("ann@example.org", "Ann", "17"), (None, "Bo", None)],
        )
    with db.reading() as s:
        rows = fetch_tuples(
            s.connection(),
            select(person.c.name, person.c.email, person.c.player_number).order_by(person.c.id),
        )
    assert rows == [("Ann", "ann@example.org", "17"), ("Bo", None, None)]


def test_a_column_the_driver_cannot_take_as_it_is_is_refused(db: Database) -> None:
    with db.transaction() as s, pytest.raises(TypeError, match="created_at"):
        insert_tuples(s.connection(), core_table("round"), ("created_at",), [("now",)])
