"""People kept across events: listing, history rows, edits guarded by a revision, merges.

A person's first and last seen are not stored: they are the dates of the
events they are registered in, read here with the list. Every change bumps
the person's `revision` with one conditional UPDATE, so of two stations
changing the same person from the same copy one wins and the other changes
nothing (`StalePersonError`), on SQLite and PostgreSQL alike.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import func, update
from sqlalchemy import select as sa_select
from sqlmodel import Session, col

from organizer.storage.tables import DeckRow, EventRow, PersonRow, RegistrationRow


class StalePersonError(Exception):
    """The person changed (or went) since the copy the change was made from."""

    def __init__(self, person_id: int) -> None:
        super().__init__(person_id)
        self.person_id = person_id


@dataclass(frozen=True, slots=True)
class PersonRecord:
    id: int
    name: str
    number: str | None
    email: str | None
    note: str
    revision: int
    events: int
    first_seen: dt.date | None
    last_seen: dt.date | None


@dataclass(frozen=True, slots=True)
class Attendance:
    """One registration of a person, with its event's facts."""

    registration_id: int
    event_id: int
    event: str
    date: dt.date | None
    format_id: str
    code: str
    dropped_after_round: int | None
    deck_status: str | None
    deck_text: str | None
    finished_at: dt.datetime | None


def _seen(date: dt.date | None, created: dt.datetime | None) -> dt.date | None:
    if date is not None:
        return date
    return created.date() if created is not None else None


def people(session: Session, *, ids: Sequence[int] | None = None) -> list[PersonRecord]:
    """Every person (or those of `ids`) with how many events and when first and last seen."""
    day = func.coalesce(col(EventRow.date), func.date(col(EventRow.created_at)))
    query = (
        sa_select(
            col(PersonRow.id),
            col(PersonRow.name),
            col(PersonRow.player_number),
            col(PersonRow.email),
            col(PersonRow.note),
            col(PersonRow.revision),
            func.count(col(RegistrationRow.id)),
            func.min(day),
            func.max(day),
        )
        .select_from(PersonRow)
        .outerjoin(RegistrationRow, col(RegistrationRow.person_id) == col(PersonRow.id))
        .outerjoin(EventRow, col(EventRow.id) == col(RegistrationRow.event_id))
        .group_by(col(PersonRow.id))
        .order_by(col(PersonRow.id))
    )
    if ids is not None:
        query = query.where(col(PersonRow.id).in_(list(ids)))
    return [
        PersonRecord(pid, name, number, email, note, rev, count, _day(first), _day(last))
        for pid, name, number, email, note, rev, count, first, last in session.execute(query)
    ]


def _day(value: Any) -> dt.date | None:
    """A date as either database returns `date(...)`: a date, a datetime or ISO text."""
    if value is None or (isinstance(value, dt.date) and not isinstance(value, dt.datetime)):
        return value
    if isinstance(value, dt.datetime):
        return value.date()
    return dt.date.fromisoformat(str(value)[:10])


def get(session: Session, person_id: int) -> PersonRecord | None:
    found = people(session, ids=[person_id])
    return found[0] if found else None


def by_number(session: Session, number: str) -> int | None:
    found = session.execute(
        sa_select(col(PersonRow.id)).where(col(PersonRow.player_number) == number)
    ).first()
    return found[0] if found else None


def attendance(session: Session, person_id: int) -> list[Attendance]:
    """The person's registrations, oldest event first, each with its deck's status."""
    rows = session.execute(
        sa_select(
            col(RegistrationRow.id),
            col(EventRow.id),
            col(EventRow.name),
            col(EventRow.date),
            col(EventRow.format_id),
            col(RegistrationRow.code),
            col(RegistrationRow.dropped_after_round),
            col(DeckRow.status),
            col(DeckRow.text),
            col(EventRow.finished_at),
            col(EventRow.created_at),
        )
        .join(EventRow, col(EventRow.id) == col(RegistrationRow.event_id))
        .outerjoin(
            DeckRow,
            (col(DeckRow.registration_id) == col(RegistrationRow.id))
            & (col(DeckRow.kind) == "deck"),
        )
        .where(col(RegistrationRow.person_id) == person_id)
        .order_by(col(EventRow.date), col(EventRow.created_at), col(EventRow.id))
    ).all()
    return [
        Attendance(reg, ev, name, _seen(date, created), fmt, code, dropped, status, text, fin)
        for reg, ev, name, date, fmt, code, dropped, status, text, fin, created in rows
    ]


def registered_in(session: Session, *, event_id: int, person_id: int) -> bool:
    return (
        session.execute(
            sa_select(col(RegistrationRow.id)).where(
                (col(RegistrationRow.event_id) == event_id)
                & (col(RegistrationRow.person_id) == person_id)
            )
        ).first()
        is not None
    )


def change(
    session: Session, person_id: int, *, revision: int | None, values: Mapping[str, Any]
) -> int:
    """Set `values` on the person and bump their revision, only if it is still `revision`
    (None: whatever it is); the new revision. StalePersonError if it moved or went."""
    query = update(PersonRow).where(col(PersonRow.id) == person_id)
    if revision is not None:
        query = query.where(col(PersonRow.revision) == revision)
    done = session.execute(
        query.values(**values, revision=col(PersonRow.revision) + 1).returning(
            col(PersonRow.revision)
        )
    ).first()
    if done is None:
        raise StalePersonError(person_id)
    return int(done[0])


def move_registrations(session: Session, *, from_person: int, to_person: int) -> int:
    moved = session.execute(
        update(RegistrationRow)
        .where(col(RegistrationRow.person_id) == from_person)
        .values(person_id=to_person)
    )
    return int(getattr(moved, "rowcount", 0))


def shared_events(session: Session, a: int, b: int) -> list[int]:
    """The events both people are registered in."""
    of_a = sa_select(col(RegistrationRow.event_id)).where(col(RegistrationRow.person_id) == a)
    rows = session.execute(
        sa_select(col(RegistrationRow.event_id)).where(
            (col(RegistrationRow.person_id) == b) & col(RegistrationRow.event_id).in_(of_a)
        )
    ).all()
    return sorted({r[0] for r in rows})


def delete(session: Session, person_id: int) -> None:
    row = session.get(PersonRow, person_id)
    if row is not None:
        session.delete(row)
        session.flush()


def insert(session: Session, *, name: str, number: str | None, email: str | None, note: str) -> int:
    row = PersonRow(name=name, player_number=number, email=email, note=note)
    session.add(row)
    session.flush()
    assert row.id is not None
    return row.id
