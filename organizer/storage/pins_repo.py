"""PIN digests, players' sessions and the wrong-PIN counters (the players' page, 0008).

Only digests are stored: a PIN as its keyed digest (HMAC-SHA256 under the key
beside the database, `pin_key`; old databases: scrypt), a session token as its
SHA-256. The counters are per event and subject ("player:ID", "address:IP").
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence

from sqlalchemy import insert as sa_insert
from sqlmodel import Session, col, delete, select

from organizer.core.views.times import as_utc
from organizer.storage.tables import (
    PlayerPinRow,
    PlayerSessionRow,
    RegistrationRow,
    SignInGuardRow,
    core_table,
)

CHUNK = 10_000
"""Registrations per statement: below SQLite's limit on a statement's parameters."""


def save_digests(session: Session, *, digests: Mapping[int, str]) -> None:
    """Set each registration's PIN digest (replacing the old one) and end its sessions:
    a few statements however many players (an import of 100,000 issues them all)."""
    if not digests:
        return
    ids = list(digests)
    for start in range(0, len(ids), CHUNK):
        chunk = ids[start : start + CHUNK]
        session.exec(delete(PlayerPinRow).where(col(PlayerPinRow.registration_id).in_(chunk)))
        session.exec(
            delete(PlayerSessionRow).where(col(PlayerSessionRow.registration_id).in_(chunk))
        )
    now = dt.datetime.now(dt.UTC)
    session.execute(
        sa_insert(core_table("player_pin")),
        [{"registration_id": rid, "digest": d, "issued_at": now} for rid, d in digests.items()],
    )
    session.flush()


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
    """Clear these subjects' counters and locks (None: every one of the event); how many
    were locked at `now`."""
    rows = session.exec(select(SignInGuardRow).where(SignInGuardRow.event_id == event_id)).all()
    if subjects is not None:  # a few counters, any number of subjects: matched here
        wanted = set(subjects)
        rows = [r for r in rows if r.subject in wanted]
    lifted = 0
    for row in rows:
        if row.locked_until is not None and as_utc(row.locked_until) > now:
            lifted += 1
        row.failures = 0
        row.locked_until = None
        session.add(row)
    session.flush()
    return lifted
