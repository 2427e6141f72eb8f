"""Judges of an event and their sign-in on a phone: a PIN each, as the players have.

Why in the phones room: a judge signs in on the same page as the players, with the
same PINs (6 digits, kept only as a keyed digest, `pins`), the same sessions (a
random token kept as its SHA-256, `player_sessions`) and the same lock-out: wrong
PINs count against the address and the judge ("judge:ID", the judge's number), as they do for a
player. `add_judge` prints the PIN once; `new_pin` replaces it and ends the judge's
sessions. The queue the judge then sees is `judging.judge_calls`.
"""

from __future__ import annotations

import datetime as dt
import secrets
from dataclasses import dataclass

from organizer.services.judging.judge_calls import judge_named
from organizer.services.kit.changes import Done
from organizer.services.kit.errors import InputError, RefusedError
from organizer.services.kit.write_lock import write
from organizer.services.phones.pin_issue import prepare_pins
from organizer.services.phones.pins import (
    WrongPinError,
    matches,
    refuse_if_locked,
    settle_guess,
)
from organizer.services.phones.player_sessions import MAX_TOKEN, token_digest
from organizer.storage import journal_repo, judges_repo, pins_repo
from organizer.storage.database import Database, Tx
from organizer.storage.journal_repo import Action
from organizer.storage.judges_repo import JudgeRecord

MAX_NAME = 60


@dataclass(frozen=True, slots=True)
class JudgePin:
    """A judge's PIN just made: the one moment it exists in clear."""

    name: str
    pin: str


def _clean_name(name: str) -> str:
    clean = " ".join(name.split())
    if not clean:
        raise InputError("a judge needs a name")
    if len(clean) > MAX_NAME:
        raise InputError(f"the judge's name is {len(clean)} characters long: at most {MAX_NAME}")
    return clean


def add_judge(db: Database, *, event_id: int, name: str) -> Done[JudgePin]:
    """A new judge of the event with a new PIN (printed now, never again)."""
    clean = _clean_name(name)
    ((pin, digest),) = prepare_pins(db, 1)
    return _store_judge(db, event_id=event_id, name=clean, pin=pin, digest=digest)


@write
def _store_judge(s: Tx, *, event_id: int, name: str, pin: str, digest: str) -> Done[JudgePin]:
    judge = judges_repo.find_judge(s, event_id=event_id, name=name)
    if judge is not None:
        raise RefusedError(
            f"{judge.name} is a judge of this event already: "
            f"`organizer judges pin {judge.name!r}` gives them a new PIN"
        )
    judges_repo.add_judge(s, event_id=event_id, name=name, digest=digest)
    return _pin_given(s, event_id, Action.JUDGE_ADD, f"judge {name} added (with a PIN)", name, pin)


def new_pin(db: Database, *, event_id: int, name: str) -> Done[JudgePin]:
    """A new PIN for the judge: the old one stops working, their phones are signed out."""
    ((pin, digest),) = prepare_pins(db, 1)
    return _store_pin(db, event_id=event_id, name=name, pin=pin, digest=digest)


@write
def _store_pin(s: Tx, *, event_id: int, name: str, pin: str, digest: str) -> Done[JudgePin]:
    judge = judge_named(s, event_id, name)
    shown = judge.name
    judges_repo.set_digest(s, judge_id=judge.id, digest=digest)
    pins_repo.lift_locks(
        s, event_id=event_id, subjects=[_subject(judge)], now=dt.datetime.now(dt.UTC)
    )
    return _pin_given(s, event_id, Action.JUDGE_PIN, f"new PIN for judge {shown}", shown, pin)


def _pin_given(
    s: Tx, event_id: int, action: Action, summary: str, name: str, pin: str
) -> Done[JudgePin]:
    """A judge's new PIN journaled (by the judge's name, never the PIN) and handed back."""
    journal_repo.append(s, event_id=event_id, action=action, summary=summary, after={"judge": name})
    return Done(JudgePin(name, pin))


def list_judges(db: Database, *, event_id: int) -> list[JudgeRecord]:
    with db.reading() as s:
        return judges_repo.judges(s, event_id=event_id)


def _subject(judge: JudgeRecord) -> str:
    return f"judge:{judge.id}"


def _subjects(judge: JudgeRecord | None, address: str) -> list[str]:
    """What a sign-in's wrong PIN counts against: the address first, then the judge."""
    return [f"address:{address}"] + ([_subject(judge)] if judge else [])


def sign_in(
    db: Database, *, event_id: int, name: str, pin: str, address: str, now: dt.datetime
) -> tuple[JudgeRecord, str]:
    """The judge whose PIN this is and a new session's token; raises `WrongPinError` or
    `pins.SignInLockedError`, counting wrong PINs as a player's sign-in does."""
    key = db.pin_key()
    with db.reading() as s:
        judge = judges_repo.find_judge(s, event_id=event_id, name=name)
        stored = judges_repo.judge_digest(s, judge_id=judge.id) if judge else None
        # A locked address is refused before any digest is worked out (scrypt on a server
        # with no key), as a player's sign-in is (`pins.check_pin`).
        refuse_if_locked(s, event_id, _subjects(judge, address), now)
    right = stored is not None and matches(pin.strip(), stored, key)  # outside the lock
    token = secrets.token_urlsafe(32)
    if not _count(
        db,
        event_id=event_id,
        judge=judge,
        address=address,
        now=now,
        right=right,
        checked=stored,
        session=token_digest(token),
    ).value:
        raise WrongPinError("that judge's name and PIN do not match")
    assert judge is not None
    return judge, token


@write
def _count(
    s: Tx,
    *,
    event_id: int,
    judge: JudgeRecord | None,
    address: str,
    now: dt.datetime,
    right: bool,
    checked: str | None,
    session: str,
) -> Done[bool]:
    """As `pins._count_guess`: under the event's lock, a wrong PIN counted against the
    address and the judge, a right one clearing the judge's count and keeping the session."""
    subjects = _subjects(judge, address)
    refuse_if_locked(s, event_id, subjects, now)
    if judge is not None and judges_repo.judge_digest(s, judge_id=judge.id) != checked:
        right = False  # a new PIN was issued meanwhile: sign in again with that one
    settle_guess(s, event_id, subjects, now, right=right)
    if right:
        assert judge is not None
        judges_repo.add_session(s, judge_id=judge.id, token_digest=session)
    return Done(right)


def signed_in(db: Database, *, event_id: int, token: str) -> JudgeRecord | None:
    """The judge a token signs in, or None (unknown, ended, or another event's)."""
    if not token or len(token) > MAX_TOKEN:
        return None
    with db.reading() as s:
        return judges_repo.session_judge(s, event_id=event_id, token_digest=token_digest(token))


@write
def end_session(s: Tx, *, token: str) -> Done[None]:
    """Sign the judge out."""
    judges_repo.end_session(s, token_digest=token_digest(token))
    return Done(None)
