"""Registering many players in a few statements, without the ORM: what an import writes.

Why apart from `registrations_repo`: `players import` runs without SQLModel and the ORM
(`plain_writes`), and the repository's callers (adding one player, a whole event read
from a file) write through the same functions on their session, so a registration is
inserted one way.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import insert, select

from organizer.storage.plain_tables import person, registration
from organizer.storage.plain_writes import Writes, orm_session

_CODE = re.compile(r"^p(\d+)$")


class CodeAllocator:
    """Hands out p1, p2, ... ids that are not yet used in one event."""

    def __init__(self, used: set[str]) -> None:
        self.used = set(used)
        numbers = [int(m.group(1)) for c in used if (m := _CODE.match(c))]
        self.next = max(numbers, default=0) + 1

    def take(self, wanted: str | None = None) -> str:
        if wanted is not None:
            self.used.add(wanted)
            return wanted
        while f"p{self.next}" in self.used:
            self.next += 1
        code = f"p{self.next}"
        self.used.add(code)
        return code


@dataclass(frozen=True, slots=True)
class NewRegistration:
    """One row of an import: who, under which code, at which position."""

    code: str
    name: str
    position: int
    email: str | None = None
    player_number: str | None = None
    awarded_byes: int = 0
    missed_round_losses: int = 0
    dropped_after_round: int | None = None
    waiting: int | None = None
    fixed_table: int | None = None
    person_id: int | None = None
    """A known person to register (else found by number, or a new person)."""


LOOKUP_CHUNK = 500
"""Player numbers asked for in one query (SQLite allows some thousands of parameters)."""


def people_by_number(s: Writes, numbers: Sequence[str]) -> dict[str, int]:
    """The person id already holding each of `numbers` (the first one registered)."""
    found: dict[str, int] = {}
    wanted = sorted(set(numbers))
    for start in range(0, len(wanted), LOOKUP_CHUNK):
        chunk = wanted[start : start + LOOKUP_CHUNK]
        rows = s.connection().execute(
            select(person.c.player_number, person.c.id)
            .where(person.c.player_number.in_(chunk))
            .order_by(person.c.id)
        )
        for number, person_id in rows:
            found.setdefault(number, person_id)
    return found


def insert_many(
    s: Writes, *, event_id: int, rows: Sequence[NewRegistration], known: dict[str, int]
) -> list[int]:
    """Register `rows` in bulk, in order; their registration ids.

    A row whose player number is in `known` (number -> person id) registers that person
    (their first, by id); every other row is a new person, and a new number joins `known`.
    Two executemany statements whose ids come back in order: an import of 100,000 rows
    takes seconds, not a flush per person."""
    if not rows:
        return []
    fresh = [
        r
        for r in rows
        if r.person_id is None and not (r.player_number and r.player_number in known)
    ]
    conn = s.connection()
    person_ids = conn.scalars(
        insert(person).returning(person.c.id, sort_by_parameter_order=True),
        [{"name": r.name, "email": r.email, "player_number": r.player_number} for r in fresh],
    ).all() if fresh else []  # fmt: skip
    new_person = dict(zip(map(id, fresh), person_ids, strict=True))
    now = dt.datetime.now(dt.UTC)
    values = []
    for r in rows:
        person_id = r.person_id or new_person.get(id(r)) or known[r.player_number or ""]
        if r.player_number:
            known.setdefault(r.player_number, person_id)
        values.append(
            {
                "event_id": event_id,
                "person_id": person_id,
                "code": r.code,
                "position": r.position,
                "awarded_byes": r.awarded_byes,
                "dropped_after_round": r.dropped_after_round,
                "missed_round_losses": r.missed_round_losses,
                "waiting": r.waiting,
                "fixed_table": r.fixed_table,
                "registered_at": now,
            }
        )
    ids = conn.scalars(
        insert(registration).returning(registration.c.id, sort_by_parameter_order=True), values
    ).all()
    return list(ids)


def add_byes(s: Writes, *, event_id: int, registration_ids: Sequence[int], rounds: int) -> None:
    """A bye in each of the event's first `rounds` rounds for each late entry: written
    through the ORM's rounds repository (loaded for a late entry only), in this write."""
    from organizer.storage import rounds_repo

    session = orm_session(s)
    for registration_id in registration_ids:
        rounds_repo.add_byes(
            session, event_id=event_id, registration_id=registration_id, rounds=rounds
        )
    session.flush()
