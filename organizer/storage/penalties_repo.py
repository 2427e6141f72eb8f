"""The judge log: penalties given in an event, read back with the player's id and name.

Rows stay here; readers get `PenaltyRecord`s. A removed penalty is marked, not
deleted, so the log keeps what was given and taken back.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlmodel import Session, col, select

from organizer.storage.tables import PenaltyRow, PersonRow, RegistrationRow


@dataclass(frozen=True, slots=True)
class PenaltyRecord:
    id: int
    registration_id: int
    code: str
    name: str
    round_number: int | None
    table: int | None
    category: str
    penalty: str
    note: str
    judge: str
    given_at: dt.datetime
    given_by: str
    effect: dict[str, Any]
    removed_at: dt.datetime | None
    removed_reason: str | None

    @property
    def removed(self) -> bool:
        return self.removed_at is not None


def insert(
    session: Session,
    *,
    event_id: int,
    registration_id: int,
    round_number: int | None,
    table: int | None,
    category: str,
    penalty: str,
    note: str,
    judge: str,
    given_by: str,
    effect: dict[str, Any],
) -> int:
    row = PenaltyRow(
        event_id=event_id,
        registration_id=registration_id,
        round_number=round_number,
        table_no=table,
        category=category,
        penalty=penalty,
        note=note,
        judge=judge,
        given_by=given_by,
        effect=json.dumps(effect, sort_keys=True),
    )
    session.add(row)
    session.flush()
    assert row.id is not None
    return row.id


def mark_removed(session: Session, *, penalty_id: int, reason: str) -> None:
    row = session.get(PenaltyRow, penalty_id)
    assert row is not None
    row.removed_at = dt.datetime.now(dt.UTC)
    row.removed_reason = reason
    session.add(row)
    session.flush()


def of_event(session: Session, *, event_id: int) -> list[PenaltyRecord]:
    """Every penalty of the event, removed ones included, in the order they were given."""
    rows = session.exec(
        select(PenaltyRow, RegistrationRow.code, PersonRow.name)
        .join(RegistrationRow, col(RegistrationRow.id) == col(PenaltyRow.registration_id))
        .join(PersonRow, col(PersonRow.id) == col(RegistrationRow.person_id))
        .where(PenaltyRow.event_id == event_id)
        .order_by(col(PenaltyRow.id))
    ).all()
    return [_record(row, code, name) for row, code, name in rows]


def get(session: Session, *, event_id: int, penalty_id: int) -> PenaltyRecord | None:
    return next((p for p in of_event(session, event_id=event_id) if p.id == penalty_id), None)


def _record(row: PenaltyRow, code: str, name: str) -> PenaltyRecord:
    assert row.id is not None
    return PenaltyRecord(
        id=row.id,
        registration_id=row.registration_id,
        code=code,
        name=name,
        round_number=row.round_number,
        table=row.table_no,
        category=row.category,
        penalty=row.penalty,
        note=row.note,
        judge=row.judge,
        given_at=row.given_at,
        given_by=row.given_by,
        effect=json.loads(row.effect),
        removed_at=row.removed_at,
        removed_reason=row.removed_reason,
    )


def unplayed_game_losses(
    session: Session,
    *,
    event_id: int,
    round_number: int,
    table: int,
    seats: Sequence[int],
    games_won: Sequence[int],
) -> list[str]:
    """What a slip contradicts: a Game Loss given at this table before its result (the slip is
    to count it) while the penalized player's opponent is shown winning fewer games than the
    Game Losses given (docs/rules.md, Penalties and the judge log)."""
    owed = [0] * len(seats)
    names: dict[int, str] = {}
    for p in of_event(session, event_id=event_id):
        if (
            (p.round_number, p.table, p.removed) == (round_number, table, False)
            and p.effect.get("pending")
            and p.registration_id in seats
        ):
            owed[list(seats).index(p.registration_id)] += 1
            names[p.registration_id] = p.name
    problems = []
    if len(seats) == 2:
        for i, rid in enumerate(seats):
            if owed[i] and games_won[1 - i] < owed[i]:
                problems.append(
                    f"table {table}: {names[rid]} has {owed[i]} Game Loss(es) here, but the "
                    f"slip shows their opponent winning {games_won[1 - i]} game(s): check it"
                )
    return problems


def unmark_removed(session: Session, *, penalty_id: int) -> None:
    """Take back `mark_removed` (the undo of a rewind that removed the penalty)."""
    row = session.get(PenaltyRow, penalty_id)
    assert row is not None
    row.removed_at = None
    row.removed_reason = None
    session.add(row)
    session.flush()
