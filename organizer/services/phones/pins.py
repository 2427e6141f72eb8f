"""PINs for the players' page: issued, checked, and wrong guesses held back.

A PIN is 6 digits, made with `secrets`, and stored only as a digest, so the
database never holds it in clear: the PIN is shown (or printed on a player card)
only when it is made, and a new one replaces the old (the player's sessions end
with it). A 6-digit PIN's safety is the page's lock-out, not the digest's cost:
a million PINs can be tried against any digest, so the digest is keyed
(HMAC-SHA256 with a salt) by the installation's key, kept beside the SQLite file,
not in it (`storage.pin_key`): a stolen database alone gives no PIN away, and a
digest costs microseconds, so thousands of players get theirs in the write that
registers them; a hosted server keeps its key wrapped under the stations' password
(`storage.hosted_pin_key`). Any other server database has no key: its PINs keep
the scrypt digest (N=2^14, r=8), made before the write, and every scrypt check (old
databases' digests too) waits for one of `SCRYPT_SLOTS`, so a flood of sign-ins
cannot take the CPU and 16 MB each from the organizer. An old scrypt digest is
replaced by a keyed one when its player signs in.

Wrong PINs slow the address they come from, not the player: after `TRIES` wrong
ones from an address it is locked for `FIRST_LOCK_S`, each later lock twice as
long, and signing in right does not clear its count. A player's PIN guessed
wrong `TRIES` times (from anywhere) is locked for a short while
(`MAX_PLAYER_LOCK_S` at most) against addresses that guessed wrong before; the
right PIN from a clean address still gets in. Every lock is journaled, `locks`
lists those in force for the TO, `unlock` lifts them, and a new PIN lifts its
player's.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import hmac
from collections.abc import Sequence
from dataclasses import dataclass

from organizer.core.names import fold
from organizer.core.views.times import as_utc
from organizer.services.kit.changes import Done
from organizer.services.kit.errors import RefusedError
from organizer.services.kit.write_lock import write
from organizer.services.phones.pin_issue import (
    KEYED,
    SCRYPT_SLOTS,
    IssuedPin,
    keyed_digest,
    prepare_pins,
    store_pins,
)
from organizer.storage import journal_repo, pins_repo, registrations_repo
from organizer.storage.database import Database, Tx
from organizer.storage.journal_repo import Action
from organizer.storage.records import PlayerRecord

TRIES = 5
FIRST_LOCK_S = 60
MAX_LOCK_S = 24 * 3600
MAX_PLAYER_LOCK_S = 5 * 60
"""A player's lock is short: it holds back guessers, and the right PIN waits 5 min at most."""


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


def matches(pin: str, stored: str, key: bytes | None = None) -> bool:
    """Whether `pin` is the one `stored` was made from (a keyed digest needs `key`)."""
    try:
        kind, *fields = stored.split("$")
        if kind == KEYED:
            salt, hashed = fields
            if key is None:
                return False
            again = keyed_digest(pin, key, salt=bytes.fromhex(salt))
            return hmac.compare_digest(again, stored)
        if kind != "scrypt":
            return False
        n, r, p, salt, hashed = fields
        with SCRYPT_SLOTS:
            recomputed = hashlib.scrypt(
                pin.encode("utf-8"),
                salt=bytes.fromhex(salt),
                n=int(n),
                r=int(r),
                p=int(p),
                dklen=len(hashed) // 2,
            )
    except ValueError:
        return False
    return hmac.compare_digest(recomputed.hex(), hashed)


def issue_pins(
    db: Database, *, event_id: int, registration_ids: Sequence[int]
) -> Done[tuple[IssuedPin, ...]]:
    """A new PIN for each registration (the old one stops working, its sessions end)."""
    prepared = prepare_pins(db, len(registration_ids))
    return _issue_prepared(
        db, event_id=event_id, registration_ids=tuple(registration_ids), prepared=prepared
    )


@write
def _issue_prepared(
    s: Tx, *, event_id: int, registration_ids: tuple[int, ...], prepared: list[tuple[str, str]]
) -> Done[tuple[IssuedPin, ...]]:
    return Done(
        store_pins(s, event_id=event_id, registration_ids=registration_ids, prepared=prepared)
    )


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
    key = db.pin_key()
    with db.reading() as s:
        checked = _digest_of(s, player)
        refuse_if_locked(s, event_id, subjects, now)
    right = checked is not None and matches(pin.strip(), checked, key)  # outside the lock
    rehashed = keyed_digest(pin.strip(), key) if right and key and _is_scrypt(checked) else None
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
        rehashed=rehashed,
    ).value:
        raise WrongPinError("that id and PIN do not match: check the player card")
    assert player is not None
    return player


def _is_scrypt(stored: str | None) -> bool:
    return stored is not None and stored.startswith("scrypt$")


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
    rehashed: str | None,
) -> Done[bool]:
    """Whether the PIN is right, by the digest stored now; a wrong one counted against
    the address and the player, a right one clearing the player's count only (an
    address that guessed wrong keeps its count: a guesser's own card does not clear it);
    committed either way. An old scrypt digest is replaced by `rehashed`."""
    refuse_if_locked(s, event_id, subjects, now)
    stored = _digest_of(s, player)
    if stored != checked:  # a new PIN was issued meanwhile: the answer is by that one
        right = stored is not None and matches(pin.strip(), stored, s.db.pin_key())
        rehashed = None
    settle_guess(s, event_id, subjects, now, right=right)
    if right:
        assert player is not None
        if rehashed is not None:
            pins_repo.replace_digest(s, registration_id=player.registration_id, digest=rehashed)
        if session is not None:
            pins_repo.add_session(s, registration_id=player.registration_id, token_digest=session)
    return Done(right)


def _digest_of(s: Tx, player: PlayerRecord | None) -> str | None:
    return pins_repo.digest_of(s, registration_id=player.registration_id) if player else None


def refuse_if_locked(s: Tx, event_id: int, subjects: list[str], now: dt.datetime) -> None:
    """Refused while the address is locked, or while the player is locked and this address
    has guessed wrong before (a clean address's right PIN is not held back)."""
    address = pins_repo.guard(s, event_id=event_id, subject=subjects[0])
    suspect = address.failures > 0 or address.locks > 0
    waits = []
    for subject in subjects:
        row = address if subject == subjects[0] else None
        if row is None:
            if not suspect:
                continue
            row = pins_repo.guard(s, event_id=event_id, subject=subject)
        if row.locked_until is not None and as_utc(row.locked_until) > now:
            waits.append(as_utc(row.locked_until) - now)
    if waits:
        raise SignInLockedError(max(1, int(max(waits).total_seconds() + 0.999)))


def settle_guess(
    s: Tx, event_id: int, subjects: list[str], now: dt.datetime, *, right: bool
) -> None:
    """A guess's count, for a player's sign-in and a judge's alike (`subjects`: the address
    first, then who signs in): a right PIN clears the count of who signs in only (an
    address that guessed wrong keeps its count: a guesser's own card does not clear it),
    a wrong one is counted against every subject."""
    if not right:
        for subject in subjects:
            count_wrong(s, event_id, subject, now)
        return
    for subject in subjects[1:]:
        row = pins_repo.guard(s, event_id=event_id, subject=subject)
        if row.id is not None and row.failures:
            row.failures = 0
            pins_repo.save_guard(s, row)


def count_wrong(s: Tx, event_id: int, subject: str, now: dt.datetime) -> None:
    row = pins_repo.guard(s, event_id=event_id, subject=subject)
    row.failures += 1
    if row.failures >= TRIES:
        longest = MAX_LOCK_S if subject.startswith("address:") else MAX_PLAYER_LOCK_S
        lock_s = min(longest, FIRST_LOCK_S * 2 ** min(row.locks, 20))
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


@write
def unlock(
    s: Tx,
    *,
    event_id: int,
    codes: Sequence[str] = (),
    everyone: bool = False,
    now: dt.datetime | None = None,
) -> Done[int]:
    """The TO lifts sign-in locks: these players' (by id), or every lock of the event
    (players and addresses) with `everyone`; their wrong-PIN counts start again. Returns
    how many locks were in force and lifted."""
    if everyone:
        subjects = None
    else:
        for code in codes:
            if registrations_repo.find_by_code(s, event_id=event_id, code=code) is None:
                raise RefusedError(f"no player with id {code!r}")
        subjects = [f"player:{code}" for code in codes]
    when = now or dt.datetime.now(dt.UTC)
    lifted = pins_repo.lift_locks(s, event_id=event_id, subjects=subjects, now=when)
    who = "every player and address" if everyone else ", ".join(codes)
    journal_repo.append(
        s,
        event_id=event_id,
        action=Action.SIGNIN_UNLOCK,
        summary=f"sign-in locks lifted ({who}): {lifted} in force",
        after={"subjects": subjects, "lifted": lifted},
    )
    return Done(lifted)


def locks(db: Database, *, event_id: int, now: dt.datetime) -> tuple[SignInLock, ...]:
    """The sign-in locks in force now, for the TO."""
    with db.reading() as s:
        rows = pins_repo.locked_guards(s, event_id=event_id, now=now)
    return tuple(
        SignInLock(r.subject, as_utc(r.locked_until), r.locks)
        for r in rows
        if r.locked_until is not None
    )
