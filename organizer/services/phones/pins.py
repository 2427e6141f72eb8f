"""PINs for the players' page: issued, checked, and wrong guesses held back.

A PIN is 6 digits, made with `secrets` and stored only as an scrypt digest
(`hashlib.scrypt`, N=2^14, r=8, p=1, a 16-byte salt), so the database never
holds it in clear: the PIN is shown (or printed on a player card) only when it
is made, and a new one replaces the old (the player's sessions end with it).
The digests are computed before the event's write lock is taken, so issuing
PINs for a whole event never holds other stations back.

Wrong PINs are counted per player and per address: after `TRIES` wrong ones
in a row the subject is locked for `FIRST_LOCK_S`, each later lock twice as
long as the one before. Every lock is journaled, and `locks` lists those in
force for the TO.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import hmac
import secrets
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

from organizer.core.names import fold
from organizer.core.views.times import as_utc
from organizer.services.kit.changes import Done
from organizer.services.kit.errors import RefusedError
from organizer.services.kit.write_lock import write
from organizer.services.players.registration import player_in_event
from organizer.storage import journal_repo, pins_repo, registrations_repo
from organizer.storage.database import Database, Tx
from organizer.storage.journal_repo import Action
from organizer.storage.records import PlayerRecord

DIGITS = 6
SCRYPT_N, SCRYPT_R, SCRYPT_P = 2**14, 8, 1
TRIES = 5
FIRST_LOCK_S = 60
MAX_LOCK_S = 24 * 3600
HASH_THREADS = 2
"""hashlib.scrypt lets go of the GIL: two digests at a time on a two-core laptop."""


@dataclass(frozen=True, slots=True)
class IssuedPin:
    """A PIN just made: the one moment it exists in clear (print it or show it now)."""

    registration_id: int
    code: str
    name: str
    pin: str


@dataclass(frozen=True, slots=True)
class SignInLock:
    subject: str
    """ "player:ID" or "address:IP"."""
    until: dt.datetime
    locks: int


class WrongPinError(RefusedError):
    """No such player, or not their PIN (the message does not say which)."""


class SignInLockedError(RefusedError):
    """Too many wrong PINs for this player or from this address: wait `retry_after_s`."""

    def __init__(self, retry_after_s: int) -> None:
        self.retry_after_s = retry_after_s
        super().__init__(
            f"too many wrong PINs: try again in {_duration(retry_after_s)}, or ask the organizer"
        )


def _duration(seconds: int) -> str:
    if seconds < 90:
        return f"{seconds} s"
    return f"{(seconds + 59) // 60} min"


def new_pin() -> str:
    return f"{secrets.randbelow(10**DIGITS):0{DIGITS}d}"


def digest(pin: str, *, salt: bytes | None = None) -> str:
    salt = secrets.token_bytes(16) if salt is None else salt
    hashed = hashlib.scrypt(
        pin.encode("utf-8"), salt=salt, n=SCRYPT_N, r=SCRYPT_R, p=SCRYPT_P, dklen=32
    )
    return f"scrypt${SCRYPT_N}${SCRYPT_R}${SCRYPT_P}${salt.hex()}${hashed.hex()}"


def matches(pin: str, stored: str) -> bool:
    try:
        kind, n, r, p, salt, hashed = stored.split("$")
        if kind != "scrypt":
            return False
        again = hashlib.scrypt(
            pin.encode("utf-8"),
            salt=bytes.fromhex(salt),
            n=int(n),
            r=int(r),
            p=int(p),
            dklen=len(hashed) // 2,
        )
    except ValueError:
        return False
    return hmac.compare_digest(again.hex(), hashed)


def issue_pins(
    db: Database, *, event_id: int, registration_ids: Sequence[int]
) -> Done[tuple[IssuedPin, ...]]:
    """A new PIN for each registration (the old one stops working, its sessions end)."""
    pins = {rid: new_pin() for rid in registration_ids}
    with ThreadPoolExecutor(HASH_THREADS) as pool:
        digests = dict(zip(pins, pool.map(digest, pins.values()), strict=True))
    players = _save_digests(db, event_id=event_id, digests=digests)
    issued = tuple(
        IssuedPin(p.registration_id, p.code, p.name, pins[p.registration_id]) for p in players.value
    )
    return Done(issued, players.changes)


@write
def _save_digests(s: Tx, *, event_id: int, digests: dict[int, str]) -> Done[list[PlayerRecord]]:
    """The new PINs' digests stored, each for its registration (all of the event)."""
    players = [player_in_event(s, event_id=event_id, registration_id=rid) for rid in digests]
    pins_repo.save_digests(s, digests=digests)
    if players:
        shown = ", ".join(p.code for p in players[:20])
        more = f" and {len(players) - 20} more" if len(players) > 20 else ""
        journal_repo.append(
            s,
            event_id=event_id,
            action=Action.PIN_ISSUE,
            summary=f"new PIN for {len(players)} player(s): {shown}{more}",
            after={"players": [p.code for p in players]},
        )
    return Done(players)


def pins_issued(db: Database, *, event_id: int) -> dict[int, dt.datetime]:
    """When each registration got its current PIN; one without a PIN is not listed."""
    with db.reading() as s:
        return pins_repo.issued(s, event_id=event_id)


def find_signing_in(db: Database, *, event_id: int, who: str) -> PlayerRecord | None:
    """The player an id or a name stands for (a name must be one player's, as search folds
    names: "lukasz" signs in Łukasz)."""
    wanted = who.strip()
    with db.reading() as s:
        found = registrations_repo.find_by_code(s, event_id=event_id, code=wanted)
        if found is not None:
            return found
        folded = fold(wanted)
        same = [
            p for p in registrations_repo.players(s, event_id=event_id) if fold(p.name) == folded
        ]
    return same[0] if len(same) == 1 else None


def check_pin(
    db: Database,
    *,
    event_id: int,
    who: str,
    pin: str,
    address: str,
    now: dt.datetime,
    session: str | None = None,
) -> PlayerRecord:
    """The player signing in, when `pin` is theirs; raises `WrongPinError` or
    `SignInLockedError`. Counted under the event's lock, so two guesses at the same
    moment are both counted. `session` (a session token's digest) is kept for the player
    in the same transaction as a right PIN, so a new PIN issued meanwhile ends it."""
    player = find_signing_in(db, event_id=event_id, who=who)
    subjects = [f"address:{address}"] + ([f"player:{player.code}"] if player else [])
    with db.reading() as s:
        checked = _digest_of(s, player)
        _refuse_if_locked(s, event_id, subjects, now)
    right = checked is not None and matches(pin.strip(), checked)  # slow: outside the lock
    if not _count_guess(
        db,
        event_id=event_id,
        player=player,
        pin=pin,
        subjects=subjects,
        now=now,
        right=right,
        checked=checked,
        session=session,
    ).value:
        raise WrongPinError("that id and PIN do not match: check the player card")
    assert player is not None
    return player


@write
def _count_guess(
    s: Tx,
    *,
    event_id: int,
    player: PlayerRecord | None,
    pin: str,
    subjects: list[str],
    now: dt.datetime,
    right: bool,
    checked: str | None,
    session: str | None,
) -> Done[bool]:
    """Whether the PIN is right, by the digest stored now; a wrong one counted, a right
    one clearing the count (committed either way)."""
    _refuse_if_locked(s, event_id, subjects, now)
    stored = _digest_of(s, player)
    if stored != checked:  # a new PIN was issued meanwhile: the answer is by that one
        right = stored is not None and matches(pin.strip(), stored)
    if right:
        assert player is not None
        for subject in subjects:
            row = pins_repo.guard(s, event_id=event_id, subject=subject)
            if row.id is not None and row.failures:
                row.failures = 0
                pins_repo.save_guard(s, row)
        if session is not None:
            pins_repo.add_session(s, registration_id=player.registration_id, token_digest=session)
        return Done(True)
    for subject in subjects:
        _count_wrong(s, event_id, subject, now)
    return Done(False)


def _digest_of(s: Tx, player: PlayerRecord | None) -> str | None:
    return pins_repo.digest_of(s, registration_id=player.registration_id) if player else None


def _refuse_if_locked(s: Tx, event_id: int, subjects: list[str], now: dt.datetime) -> None:
    waits = []
    for subject in subjects:
        row = pins_repo.guard(s, event_id=event_id, subject=subject)
        if row.locked_until is not None and as_utc(row.locked_until) > now:
            waits.append(as_utc(row.locked_until) - now)
    if waits:
        raise SignInLockedError(max(1, int(max(waits).total_seconds() + 0.999)))


def _count_wrong(s: Tx, event_id: int, subject: str, now: dt.datetime) -> None:
    row = pins_repo.guard(s, event_id=event_id, subject=subject)
    row.failures += 1
    if row.failures >= TRIES:
        lock_s = min(MAX_LOCK_S, FIRST_LOCK_S * 2**row.locks)
        row.locks += 1
        row.failures = 0
        row.locked_until = now + dt.timedelta(seconds=lock_s)
        journal_repo.append(
            s,
            event_id=event_id,
            action=Action.SIGNIN_LOCK,
            summary=f"sign-in locked for {_duration(lock_s)} after {TRIES} wrong PINs ({subject})",
            after={"subject": subject, "seconds": lock_s, "locks": row.locks},
            actor="players' page",
        )
    pins_repo.save_guard(s, row)


def locks(db: Database, *, event_id: int, now: dt.datetime) -> tuple[SignInLock, ...]:
    """The sign-in locks in force now, for the TO."""
    with db.reading() as s:
        rows = pins_repo.locked_guards(s, event_id=event_id, now=now)
    return tuple(
        SignInLock(r.subject, as_utc(r.locked_until), r.locks)
        for r in rows
        if r.locked_until is not None
    )
