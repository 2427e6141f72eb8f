"""People and their registrations in events."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import select as sa_select
from sqlmodel import Session, col, select

from organizer.core.event import Player
from organizer.storage import plain_reads
from organizer.storage.plain_rows import fetch_tuples
from organizer.storage.records import PlayerRecord
from organizer.storage.registration_rows import CodeAllocator as CodeAllocator
from organizer.storage.registration_rows import NewRegistration as NewRegistration
from organizer.storage.registration_rows import insert_many as insert_many
from organizer.storage.registration_rows import people_by_number as people_by_number
from organizer.storage.tables import PersonRow, RegistrationRow, SeatRow


def _record(reg: RegistrationRow, person: PersonRow) -> PlayerRecord:
    assert reg.id is not None and person.id is not None
    return PlayerRecord(
        registration_id=reg.id,
        person_id=person.id,
        code=reg.code,
        name=person.name,
        email=person.email,
        player_number=person.player_number,
        position=reg.position,
        dropped_after_round=reg.dropped_after_round,
        awarded_byes=reg.awarded_byes,
        missed_round_losses=reg.missed_round_losses,
        checked_in=reg.checked_in,
        waiting=reg.waiting,
        paid=reg.paid,
        paid_cents=reg.paid_cents,
        fixed_table=reg.fixed_table,
    )


def players(session: Session, *, event_id: int) -> list[PlayerRecord]:
    """The event's players in registration order, read as plain columns (no ORM objects)."""
    return plain_reads.players(session.connection(), event_id=event_id)


def get(session: Session, *, registration_id: int) -> PlayerRecord | None:
    reg = session.get(RegistrationRow, registration_id)
    if reg is None:
        return None
    person = session.get(PersonRow, reg.person_id)
    assert person is not None
    return _record(reg, person)


def get_in_event(session: Session, *, event_id: int, registration_id: int) -> PlayerRecord | None:
    """The registration, when it is one of the event's (None for another event's, or none)."""
    reg = session.get(RegistrationRow, registration_id)
    return (
        get(session, registration_id=registration_id) if reg and reg.event_id == event_id else None
    )


def find_by_code(session: Session, *, event_id: int, code: str) -> PlayerRecord | None:
    reg = session.exec(
        select(RegistrationRow).where(
            RegistrationRow.event_id == event_id, RegistrationRow.code == code
        )
    ).first()
    return get(session, registration_id=reg.id) if reg and reg.id is not None else None


def registration_ids(session: Session, *, event_id: int) -> dict[str, int]:
    """Each player's registration id by code: what storing a round needs, and nothing more."""
    return dict(
        fetch_tuples(
            session.connection(),
            sa_select(col(RegistrationRow.code), col(RegistrationRow.id)).where(
                col(RegistrationRow.event_id) == event_id
            ),
        )
    )


def next_position(session: Session, *, event_id: int) -> int:
    return plain_reads.next_position(session.connection(), event_id=event_id)


def insert_players(session: Session, *, event_id: int, players: Sequence[Player]) -> dict[str, int]:
    """Register `players` (each a new person) in bulk, as `insert_many` does; their
    registration ids by code."""
    if not players:
        return {}
    insert_many(
        session,
        event_id=event_id,
        rows=[
            NewRegistration(
                code=p.id,
                name=p.name,
                position=position,
                email=p.email,
                awarded_byes=p.awarded_byes,
                missed_round_losses=p.missed_round_losses,
                dropped_after_round=p.dropped_after_round,
                fixed_table=p.fixed_table,
            )
            for position, p in enumerate(players, 1)
        ],
        known={},
    )
    rows = session.execute(
        sa_select(col(RegistrationRow.code), col(RegistrationRow.id)).where(
            col(RegistrationRow.event_id) == event_id
        )
    ).all()
    return {code: rid for code, rid in rows}


REGISTRATION_FIELDS = (
    "code",
    "dropped_after_round",
    "awarded_byes",
    "checked_in",
    "waiting",
    "paid",
    "paid_cents",
    "fixed_table",
)


def update(session: Session, *, registration_id: int, values: dict[str, Any]) -> None:
    """Set registration fields (`code`, `dropped_after_round`, `awarded_byes`, the door's
    `checked_in`, `waiting`, `paid`, `paid_cents`, and `fixed_table`) and person fields
    (`name`, `email`, `player_number`) from `values`."""
    reg = session.get(RegistrationRow, registration_id)
    assert reg is not None
    person = session.get(PersonRow, reg.person_id)
    assert person is not None
    for key in REGISTRATION_FIELDS:
        if key in values:
            setattr(reg, key, values[key])
    for key in ("name", "email", "player_number"):
        if key in values:
            setattr(person, key, values[key])
    session.add(reg)
    session.add(person)
    session.flush()


def is_seated(session: Session, *, registration_id: int) -> bool:
    return (
        session.exec(select(SeatRow.id).where(SeatRow.registration_id == registration_id)).first()
        is not None
    )


def delete(session: Session, *, registration_ids: list[int]) -> None:
    """Remove registrations (and people left with no registration at all)."""
    for rid in registration_ids:
        reg = session.get(RegistrationRow, rid)
        if reg is None:
            continue
        person_id = reg.person_id
        session.delete(reg)
        session.flush()
        others = session.exec(
            select(RegistrationRow.id).where(RegistrationRow.person_id == person_id)
        ).first()
        if others is None:
            person = session.get(PersonRow, person_id)
            if person is not None:
                session.delete(person)
    session.flush()
