"""What `find_duplicates` reports: each thing a round may hold only once, in the TO's words."""

from __future__ import annotations

from sqlalchemy import create_engine, text

from organizer.storage.duplicates import find_duplicates


def test_a_round_a_table_and_a_player_that_stand_twice_are_each_found() -> None:
    engine = create_engine("sqlite://")  # the tables as they were before 0005: no unique rules
    with engine.begin() as conn:
        for ddl in (
            "CREATE TABLE round (id INTEGER PRIMARY KEY, event_id INT, number INT)",
            "CREATE TABLE match (id INTEGER PRIMARY KEY, round_id INT, table_no INT)",
            "CREATE TABLE registration (id INTEGER PRIMARY KEY, code TEXT)",
            "CREATE TABLE seat (id INTEGER PRIMARY KEY, match_id INT, registration_id INT)",
        ):
            conn.execute(text(ddl))
        conn.execute(text("INSERT INTO round VALUES (1, 7, 1), (2, 7, 2), (3, 7, 2)"))
        conn.execute(text("INSERT INTO match VALUES (10, 1, 4), (11, 1, 4), (12, 1, NULL)"))
        conn.execute(text("INSERT INTO registration VALUES (100, 'p1'), (101, 'p2')"))
        conn.execute(text("INSERT INTO seat VALUES (1, 10, 100), (2, 11, 101), (3, 12, 100)"))
        found = find_duplicates(conn)
    assert [d.describe() for d in found] == [
        "event 7: round 2 exists more than once",
        "event 7 round 1: table 4 more than once",
        "event 7 round 1: player p1 more than once",
    ]
    engine.dispose()
