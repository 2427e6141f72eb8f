"""PIN digests, players' sessions and the wrong-PIN counters (the players' page, 0008).

Only digests are stored: a PIN as its keyed digest (HMAC-SHA256 under the key
beside the database, `pin_key`; old databases: scrypt), a session token as its
SHA-256. The counters are per event and subject ("player:ID", "address:IP").
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from sqlmodel import Session, col, delete, select

from organizer.core.views.times import as_utc
from organizer.storage import pin_rows
from organizer.storage.tables import (
    PlayerPinRow,
    PlayerSessionRow,
    RegistrationRow,
    SignInGuardRow,
)


def digest_of(session: Session, *, registration_id: int) -> str | None:
    row = session.get(PlayerPinRow, registration_id)
    return row.digest if row else None


def issued(session: Session, *, event_id: int) -> dict[int, dt.datetime]:
    """When each registration of the event got its PIN (no entry: none yet)."""
    rows = session.exec(
        select(PlayerPinRow.registration_id, PlayerPinRow.issued_at)
        .join(RegistrationRow, col(RegistrationRow.id) == col(PlayerPinRow.registration_id))
        .where(RegistrationRow.event_id == event_id)
    ).all()
    return {rid: at for rid, at in rows}


def add_session(session: Session, *, registration_id: int, token_digest: str) -> None:
    session.add(PlayerSessionRow(registration_id=registration_id, token_digest=token_digest))
    session.flush()


def session_registration(session: Session, *, event_id: int, token_digest: str) -> int | None:
    """The registration a session token belongs to, if it belongs to this event."""
    return session.exec(
        select(PlayerSessionRow.registration_id)
        .join(RegistrationRow, col(RegistrationRow.id) == col(PlayerSessionRow.registration_id))
        .where(PlayerSessionRow.token_digest == token_digest, RegistrationRow.event_id == event_id)
    ).first()


def end_session(session: Session, *, token_digest: str) -> None:
    session.exec(delete(PlayerSessionRow).where(col(PlayerSessionRow.token_digest) == token_digest))


def guard(session: Session, *, event_id: int, subject: str) -> SignInGuardRow:
    """The subject's counter row (a new, unsaved one at zero if none yet)."""
    row = session.exec(
        select(SignInGuardRow).where(
            SignInGuardRow.event_id == event_id, SignInGuardRow.subject == subject
        )
    ).first()
    return row if row is not None else SignInGuardRow(event_id=event_id, subject=subject)


def save_guard(session: Session, row: SignInGuardRow) -> None:
    session.add(row)
    session.flush()


def locked_guards(session: Session, *, event_id: int, now: dt.datetime) -> list[SignInGuardRow]:
    rows = session.exec(
        select(SignInGuardRow)
        .where(SignInGuardRow.event_id == event_id, col(SignInGuardRow.locked_until).is_not(None))
        .order_by(col(SignInGuardRow.subject))
    ).all()
    return [r for r in rows if r.locked_until is not None and as_utc(r.locked_until) > now]


def replace_digest(session: Session, *, registration_id: int, digest: str) -> None:
    """The same PIN under a new digest (an old scrypt one rehashed): sessions stay."""
    row = session.get(PlayerPinRow, registration_id)
    if row is not None:
        row.digest = digest
        session.add(row)
        session.flush()


def lift_locks(
    session: Session, *, event_id: int, subjects: Sequence[str] | None, now: dt.datetime
) -> int:
    """`pin_rows.lift_locks` in this session's write; its counters read before are read
    again when next used."""
    lifted = pin_rows.lift_locks(session, event_id=event_id, subjects=subjects, now=now)
    _read_again(session, SignInGuardRow)
    return lifted


def _read_again(session: Session, *kinds: type) -> None:
    """Expire the session's rows of these kinds: a plain statement changed them in the
    database, behind the ORM's back."""
    for row in list(session.identity_map.values()):
        if isinstance(row, kinds):
            session.expire(row)
