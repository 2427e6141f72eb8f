"""Migration 0011 (issue 32): people as they were, one person per player number.

Before it, two person rows could share a number (an import made a new person
when a number was new to it, so two events imported at once could each make
one). The migration keeps the first by id and moves the others' registrations
to it; people without a number, or with the same name and no number, stay
apart: nobody is merged by name.
"""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import text

from organizer.services.players import people
from organizer.storage.database import Database
from organizer.storage.migrate import current_revision, head_revision
from tests.storage.test_database_trouble import older_database


def test_people_sharing_a_number_become_one_and_names_alone_merge_nobody(
    tmp_path: Path,
) -> None:
    path = tmp_path / "organizer.sqlite3"
    old = older_database(path, "0010")
    with old.engine.begin() as conn:
        for n in (1, 2):
            conn.execute(
                text(
                    "INSERT INTO event (id, name, format_id, best_of, round_minutes, points_win,"
                    " points_draw, points_loss, settings, created_at, revision) VALUES (:n, :name,"
                    " 'castle-wars', 1, 50, 3, 1, 0, '{}', '2026-01-0' || :n, 0)"
                ),
                {"n": n, "name": f"Week {n}"},
            )
        people_rows = [(1, "Ana", "7"), (2, "Ana B.", "7"), (3, "Bo", None), (4, "Bo", None)]
        for pid, name, number in people_rows:
            conn.execute(
                text("INSERT INTO person (id, name, player_number) VALUES (:i, :n, :p)"),
                {"i": pid, "n": name, "p": number},
            )
        for rid, event, pid, code in ((1, 1, 1, "p1"), (2, 2, 2, "p1"), (3, 1, 3, "p2"),
                                      (4, 2, 4, "p2")):  # fmt: skip
            conn.execute(
                text(
                    "INSERT INTO registration (id, event_id, person_id, code, position,"
                    " awarded_byes, missed_round_losses, registered_at) VALUES"
                    " (:r, :e, :p, :c, 1, 0, 0, '2026-01-01')"
                ),
                {"r": rid, "e": event, "p": pid, "c": code},
            )
    old.close()
    db = Database(f"sqlite:///{path}")
    try:
        assert current_revision(db.engine) == head_revision()
        found = {(p.id, p.name, p.number, p.events) for p in people.list_people(db)}
        assert found == {(1, "Ana", "7", 2), (3, "Bo", None, 1), (4, "Bo", None, 1)}
        assert people.get_person(db, 1).note == "" and people.get_person(db, 1).revision == 0
    finally:
        db.close()
