"""Judges of an event, their phone sessions, and the players' calls for a judge (0012).

A judge's PIN is kept as a digest (the same keyed or scrypt digest as a player's PIN),
a session token as its SHA-256. A call is one row per table and round while it is not
resolved: the partial unique index `uq_judge_call_open` refuses a second open call for a
table even from two stations or phones writing at the same moment, and `open_call`
answers None for that one instead of failing the whole write.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col, delete, select, update

from organizer.core.names import fold
from organizer.storage.tables import (
    JudgeCallRow,
    JudgeRow,
    JudgeSessionRow,
    PersonRow,
    RegistrationRow,
)

OPEN_STATES = ("open", "claimed")


@dataclass(frozen=True, slots=True)
class JudgeRecord:
    id: int
    event_id: int
    name: str


@dataclass(frozen=True, slots=True)
class CallRecord:
    """A call as stored, with the caller's registration (None: the TO opened it)."""

    id: int
    round_number: int
    table_number: int
    registration_id: int | None
    note: str
    state: str
    claimed_by: str | None
    created_at: dt.datetime
    claimed_at: dt.datetime | None
    resolved_at: dt.datetime | None


def _judge(row: JudgeRow) -> JudgeRecord:
    assert row.id is not None
    return JudgeRecord(row.id, row.event_id, row.name)


def _call(row: JudgeCallRow) -> CallRecord:
    assert row.id is not None
    return CallRecord(
        row.id,
        row.round_number,
        row.table_number,
        row.registration_id,
        row.note,
        row.state,
        row.claimed_by,
        row.created_at,
        row.claimed_at,
        row.resolved_at,
    )


# --- judges and their sessions ------------------------------------------------------


def add_judge(session: Session, *, event_id: int, name: str, digest: str) -> JudgeRecord:
    row = JudgeRow(event_id=event_id, name=name, digest=digest)
    session.add(row)
    session.flush()
    return _judge(row)


def judges(session: Session, *, event_id: int) -> list[JudgeRecord]:
    rows = session.exec(
        select(JudgeRow).where(JudgeRow.event_id == event_id).order_by(col(JudgeRow.name))
    ).all()
    return [_judge(r) for r in rows]


def find_judge(session: Session, *, event_id: int, name: str) -> JudgeRecord | None:
    """The event's judge of this name, matched as search folds names ("zoe" is Zoë)."""
    wanted = fold(name.strip())
    return next((j for j in judges(session, event_id=event_id) if fold(j.name) == wanted), None)


def judge_digest(session: Session, *, judge_id: int) -> str | None:
    row = session.get(JudgeRow, judge_id)
    return row.digest if row else None


def set_digest(session: Session, *, judge_id: int, digest: str) -> None:
    """A new PIN's digest: the judge's sessions end with the old PIN."""
    row = session.get(JudgeRow, judge_id)
    if row is not None:
        row.digest = digest
        session.add(row)
        session.exec(delete(JudgeSessionRow).where(col(JudgeSessionRow.judge_id) == judge_id))
        session.flush()


def add_session(session: Session, *, judge_id: int, token_digest: str) -> None:
    session.add(JudgeSessionRow(judge_id=judge_id, token_digest=token_digest))
    session.flush()


def session_judge(session: Session, *, event_id: int, token_digest: str) -> JudgeRecord | None:
    """The judge a session token belongs to, if it belongs to this event."""
    row = session.exec(
        select(JudgeRow)
        .join(JudgeSessionRow, col(JudgeSessionRow.judge_id) == col(JudgeRow.id))
        .where(JudgeSessionRow.token_digest == token_digest, JudgeRow.event_id == event_id)
    ).first()
    return _judge(row) if row is not None else None


def end_session(session: Session, *, token_digest: str) -> None:
    session.exec(delete(JudgeSessionRow).where(col(JudgeSessionRow.token_digest) == token_digest))


# --- calls --------------------------------------------------------------------------


def open_call_at(
    session: Session, *, event_id: int, round_number: int, table_number: int
) -> CallRecord | None:
    """The table's call that is not resolved yet, if any."""
    row = session.exec(
        select(JudgeCallRow).where(
            JudgeCallRow.event_id == event_id,
            JudgeCallRow.round_number == round_number,
            JudgeCallRow.table_number == table_number,
            col(JudgeCallRow.state).in_(OPEN_STATES),
        )
    ).first()
    return _call(row) if row is not None else None


def open_call(
    session: Session,
    *,
    event_id: int,
    round_number: int,
    table_number: int,
    registration_id: int | None,
    note: str,
    now: dt.datetime,
) -> CallRecord | None:
    """A new open call; None when the table has one already (the unique index said so,
    in a savepoint: the rest of the write stands)."""
    row = JudgeCallRow(
        event_id=event_id,
        round_number=round_number,
        table_number=table_number,
        registration_id=registration_id,
        note=note,
        created_at=now,
    )
    try:
        with session.begin_nested():
            session.add(row)
            session.flush()
    except IntegrityError:
        return None
    return _call(row)


def resolve_round_calls(session: Session, *, event_id: int, round_number: int) -> None:
    """A round's calls not resolved yet are resolved: the round goes (paired again, or
    rewound), and the round paired again under its number starts with none."""
    session.exec(
        update(JudgeCallRow)
        .where(
            col(JudgeCallRow.event_id) == event_id,
            col(JudgeCallRow.round_number) == round_number,
            col(JudgeCallRow.state) != "resolved",
        )
        .values(state="resolved", resolved_at=dt.datetime.now(dt.UTC))
    )


def get_call(session: Session, *, event_id: int, call_id: int) -> CallRecord | None:
    row = session.get(JudgeCallRow, call_id)
    return _call(row) if row is not None and row.event_id == event_id else None


def set_state(
    session: Session,
    *,
    call_id: int,
    state: str,
    now: dt.datetime,
    claimed_by: str | None = None,
) -> CallRecord:
    row = session.get(JudgeCallRow, call_id)
    assert row is not None
    row.state = state
    if state == "claimed":
        row.claimed_by, row.claimed_at = claimed_by, now
    elif state == "resolved":
        row.resolved_at = now
    session.add(row)
    session.flush()
    return _call(row)


def calls(session: Session, *, event_id: int, resolved: bool) -> list[CallRecord]:
    """The event's calls, oldest first: those not resolved, or with `resolved` every one."""
    query = select(JudgeCallRow).where(JudgeCallRow.event_id == event_id)
    if not resolved:
        query = query.where(col(JudgeCallRow.state).in_(OPEN_STATES))
    rows = session.exec(query.order_by(col(JudgeCallRow.created_at), col(JudgeCallRow.id))).all()
    return [_call(r) for r in rows]


def callers(session: Session, *, registration_ids: list[int]) -> dict[int, tuple[str, str]]:
    """Each registration's (code, name) as the queue shows the caller: one query."""
    if not registration_ids:
        return {}
    rows = session.exec(
        select(RegistrationRow.id, RegistrationRow.code, PersonRow.name)
        .join(PersonRow, col(PersonRow.id) == col(RegistrationRow.person_id))
        .where(col(RegistrationRow.id).in_(set(registration_ids)))
    ).all()
    return {rid: (code, name) for rid, code, name in rows if rid is not None}
