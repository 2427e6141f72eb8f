"""Deck lists, drafted pools and deck checks."""

from __future__ import annotations

import datetime as dt

from sqlmodel import Session, col, select

from organizer.storage.tables import DeckCheckRow, DeckRow, RegistrationRow


def get(session: Session, *, registration_id: int, kind: str) -> DeckRow | None:
    return session.exec(
        select(DeckRow).where(DeckRow.registration_id == registration_id, DeckRow.kind == kind)
    ).first()


def text_of(session: Session, *, registration_id: int, kind: str) -> str | None:
    row = get(session, registration_id=registration_id, kind=kind)
    return row.text if row else None


def save(
    session: Session,
    *,
    registration_id: int,
    kind: str,
    text: str,
    status: str,
    findings: str,
    accepted_reason: str | None,
    submitted_by: str | None = None,
) -> DeckRow:
    row = get(session, registration_id=registration_id, kind=kind)
    if row is None:
        row = DeckRow(registration_id=registration_id, kind=kind, text=text)
    row.submitted_by = submitted_by
    row.text = text
    row.status = status
    row.findings = findings
    row.accepted_reason = accepted_reason
    row.submitted_at = dt.datetime.now(dt.UTC)
    session.add(row)
    session.flush()
    return row


def set_check(
    session: Session, *, registration_id: int, kind: str, status: str, findings: str
) -> None:
    """A stored list checked again: its status and findings, its text and time unchanged."""
    row = get(session, registration_id=registration_id, kind=kind)
    if row is not None:
        row.status = status
        row.findings = findings
        session.add(row)
        session.flush()


def set_locked(session: Session, *, registration_id: int, locked: bool) -> bool:
    """Lock or unlock a player's list against changes from the players' page."""
    row = get(session, registration_id=registration_id, kind="deck")
    if row is None:
        return False
    row.locked = locked
    session.add(row)
    session.flush()
    return True


def by_event(session: Session, *, event_id: int, kind: str) -> dict[int, DeckRow]:
    rows = session.exec(
        select(DeckRow)
        .join(RegistrationRow, col(RegistrationRow.id) == col(DeckRow.registration_id))
        .where(RegistrationRow.event_id == event_id, DeckRow.kind == kind)
    ).all()
    return {r.registration_id: r for r in rows}


def add_check(session: Session, *, event_id: int, round_number: int, table: int) -> DeckCheckRow:
    row = DeckCheckRow(event_id=event_id, round_number=round_number, table_no=table)
    session.add(row)
    session.flush()
    return row


def checks(session: Session, *, event_id: int) -> list[DeckCheckRow]:
    return list(
        session.exec(
            select(DeckCheckRow)
            .where(DeckCheckRow.event_id == event_id)
            .order_by(col(DeckCheckRow.round_number), col(DeckCheckRow.table_no))
        ).all()
    )


def find_check(
    session: Session, *, event_id: int, round_number: int, table: int
) -> DeckCheckRow | None:
    return session.exec(
        select(DeckCheckRow).where(
            DeckCheckRow.event_id == event_id,
            DeckCheckRow.round_number == round_number,
            DeckCheckRow.table_no == table,
        )
    ).first()
