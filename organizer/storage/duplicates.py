"""Finding and repairing what the uniqueness rules of schema 0005 forbid.

Before version 0005 two stations could pair the same round at once and store
two round 5s, or two tables 7. Migration 0005 states those rules in the schema,
so a database that already breaks them is refused, and `organizer
repair-duplicates` (this module's `repair`) makes it whole first: of two
copies of a round it keeps the one with more results (the older on a tie) and
removes the other, journaling what it removed; a table number used twice in a
round gets the next free number. A player seated twice in one round needs a
TO's decision (pair the round again), so it is reported, not repaired.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from sqlalchemy import text
from sqlalchemy.engine import Connection

from organizer.storage.db_errors import SchemaError


@dataclass(frozen=True, slots=True)
class Duplicate:
    event_id: int
    round_number: int
    what: str  # "round", "table N" or "player CODE"

    def describe(self) -> str:
        if self.what == "round":
            return f"event {self.event_id}: round {self.round_number} exists more than once"
        return f"event {self.event_id} round {self.round_number}: {self.what} more than once"


class DuplicatesError(SchemaError):
    def __init__(self, found: list[Duplicate]) -> None:
        listed = "; ".join(d.describe() for d in found[:10])
        more = f" (and {len(found) - 10} more)" if len(found) > 10 else ""
        super().__init__(
            f"This database holds duplicates that this version refuses: {listed}{more}. "
            "Nothing was changed. To repair it, run `organizer --db DATABASE repair-duplicates`: "
            "it keeps the copy of each round with the most results, removes the other "
            "(kept in the journal), and renumbers doubled tables."
        )
        self.found = found


_DOUBLED_ROUNDS = "SELECT event_id, number FROM round GROUP BY event_id, number HAVING COUNT(*) > 1"

_DOUBLED: tuple[tuple[str, str], ...] = (
    ("round", _DOUBLED_ROUNDS),
    (
        "table {}",
        "SELECT r.event_id, r.number, m.table_no FROM match m JOIN round r ON r.id = "
        "m.round_id WHERE m.table_no IS NOT NULL GROUP BY r.id, r.event_id, r.number, "
        "m.table_no HAVING COUNT(*) > 1",
    ),
    (
        "player {}",
        "SELECT r.event_id, r.number, g.code FROM seat s JOIN match m ON m.id = "
        "s.match_id JOIN round r ON r.id = m.round_id JOIN registration g ON g.id = "
        "s.registration_id GROUP BY r.id, r.event_id, r.number, g.code "
        "HAVING COUNT(*) > 1",
    ),
)
"""What may stand twice in a round, and the query finding it: event id, round number and
(but for the round itself) the table or player that `{}` names."""


def find_duplicates(conn: Connection) -> list[Duplicate]:
    return [
        Duplicate(event_id, number, what.format(*which))
        for what, query in _DOUBLED
        for event_id, number, *which in conn.execute(text(query)).all()
    ]


def repair(conn: Connection, *, actor: str) -> list[str]:
    """Remove duplicate rounds and renumber duplicate tables; returns what was done."""
    done: list[str] = []
    groups = conn.execute(text(_DOUBLED_ROUNDS)).all()
    for event_id, number in groups:
        copies = conn.execute(
            text(
                "SELECT r.id, (SELECT COUNT(*) FROM match m WHERE m.round_id = r.id AND "
                "m.status = 'reported') AS results FROM round r WHERE r.event_id = :e AND "
                "r.number = :n ORDER BY r.id"
            ),
            {"e": event_id, "n": number},
        ).all()
        keep = max(copies, key=lambda c: (c[1], -c[0]))[0]
        for round_id, results in copies:
            if round_id == keep:
                continue
            conn.execute(
                text(
                    "DELETE FROM seat WHERE match_id IN (SELECT id FROM match WHERE round_id = :r)"
                ),
                {"r": round_id},
            )
            conn.execute(text("DELETE FROM match WHERE round_id = :r"), {"r": round_id})
            conn.execute(text("DELETE FROM round WHERE id = :r"), {"r": round_id})
            summary = (
                f"repair: removed a second copy of round {number} (row {round_id}, "
                f"{results} result(s)); kept row {keep}"
            )
            conn.execute(
                text(
                    "INSERT INTO journal (event_id, at, actor, action, summary, before, after, "
                    "undone) VALUES (:e, CURRENT_TIMESTAMP, :a, 'repair.duplicate_round', :s, "
                    ":b, 'null', :f)"
                ),
                {
                    "e": event_id,
                    "a": actor,
                    "s": summary,
                    "b": json.dumps({"round_row": round_id}),
                    "f": False,
                },
            )
            done.append(f"event {event_id}: {summary}")
    tables = conn.execute(
        text(
            "SELECT m.round_id, m.table_no FROM match m WHERE m.table_no IS NOT NULL "
            "GROUP BY m.round_id, m.table_no HAVING COUNT(*) > 1"
        )
    ).all()
    for round_id, table_no in tables:
        ids = [
            r[0]
            for r in conn.execute(
                text("SELECT id FROM match WHERE round_id = :r AND table_no = :t ORDER BY id"),
                {"r": round_id, "t": table_no},
            ).all()
        ]
        for match_id in ids[1:]:
            top = conn.execute(
                text("SELECT MAX(table_no) FROM match WHERE round_id = :r"), {"r": round_id}
            ).scalar_one()
            conn.execute(
                text("UPDATE match SET table_no = :t WHERE id = :m"),
                {"t": int(top) + 1, "m": match_id},
            )
            done.append(f"round row {round_id}: a second table {table_no} is now {int(top) + 1}")
    return done


def repair_database(url: str, *, actor: str, confirmed: bool = False) -> list[str]:
    """Repair what `find_duplicates` finds, then bring the schema up to date.

    A SQLite file is copied beside itself first (see `migrate.backup_sqlite`).
    """
    from organizer.storage.database import Database
    from organizer.storage.migrate import backup_sqlite, current_revision, upgrade_to_head

    database = Database(url, migrate=False)
    try:
        if database.is_sqlite:
            backup_sqlite(url, f"{current_revision(database.engine) or 'new'}-repair")
        with database.transaction() as session:
            done = repair(session.connection(), actor=actor)
        upgrade_to_head(database, confirmed=confirmed)
        return done
    finally:
        database.close()
