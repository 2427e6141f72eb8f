"""Making PINs and storing their digests: what registering a player issues.

Why apart from `pins` (which checks them and holds back wrong guesses): registering
players issues their PINs in the same write, and `players import` runs that write
without SQLModel and the ORM (`services.players.csv_import`), so what it needs here
loads none: PINs made with `secrets`, digested (keyed, or scrypt on a database with no
key; see `pins`), stored with plain statements (`storage.pin_rows`), on a `Database`'s
write or a `PlainWriter`'s alike.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import hmac
import secrets
import threading
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Protocol

from organizer.services.kit.errors import NotFoundError
from organizer.services.kit.progress import Progress
from organizer.storage import journal_entries, pin_rows, plain_reads
from organizer.storage.journal_entries import Action
from organizer.storage.plain_writes import Writes
from organizer.storage.records import PlayerRecord

DIGITS = 6
SCRYPT_N, SCRYPT_R, SCRYPT_P = 2**14, 8, 1
HASH_THREADS = 2
"""hashlib.scrypt lets go of the GIL: two digests at a time on a two-core laptop."""
SCRYPT_SLOTS = threading.BoundedSemaphore(HASH_THREADS)
"""At most this many scrypt digests at once in the process (16 MB and a core each)."""
KEYED = "hmac-sha256"


class Keyed(Protocol):
    """Where PINs are stored: a `Database` or a `PlainWriter`, each knowing its key."""

    def pin_key(self) -> bytes | None: ...


@dataclass(frozen=True, slots=True)
class IssuedPin:
    """A PIN just made: the one moment it exists in clear (print it or show it now)."""

    registration_id: int
    code: str
    name: str
    pin: str


def new_pin() -> str:
    return f"{secrets.randbelow(10**DIGITS):0{DIGITS}d}"


def keyed_digest(pin: str, key: bytes, *, salt: bytes | None = None) -> str:
    """HMAC-SHA256 of the salt and PIN under the installation's key: microseconds."""
    salt = secrets.token_bytes(16) if salt is None else salt
    hashed = hmac.new(key, salt + pin.encode("utf-8"), hashlib.sha256).hexdigest()
    return f"{KEYED}${salt.hex()}${hashed}"


def digest(pin: str, *, salt: bytes | None = None) -> str:
    """The scrypt digest (for a database with no key; old databases hold these)."""
    salt = secrets.token_bytes(16) if salt is None else salt
    with SCRYPT_SLOTS:
        hashed = hashlib.scrypt(
            pin.encode("utf-8"), salt=salt, n=SCRYPT_N, r=SCRYPT_R, p=SCRYPT_P, dklen=32
        )
    return f"scrypt${SCRYPT_N}${SCRYPT_R}${SCRYPT_P}${salt.hex()}${hashed.hex()}"


def prepare_pins(db: Keyed, count: int, progress: Progress | None = None) -> list[tuple[str, str]]:
    """`count` new PINs with their digests, made before a write stores them: keyed ones at
    once, scrypt ones (a database with no key) on `HASH_THREADS` threads, with progress."""
    made = [new_pin() for _ in range(count)]
    key = db.pin_key()
    if key is not None:
        return [(pin, keyed_digest(pin, key)) for pin in made]
    digests: list[str] = []
    with ThreadPoolExecutor(HASH_THREADS) as pool:
        for d in pool.map(digest, made):
            digests.append(d)
            if progress is not None and (len(digests) % 100 == 0 or len(digests) == count):
                progress(len(digests), count)
    return list(zip(made, digests, strict=True))


def store_pins(
    s: Writes, *, event_id: int, registration_ids: Sequence[int], prepared: list[tuple[str, str]]
) -> tuple[IssuedPin, ...]:
    """Inside a write holding the event's lock: the prepared PINs' digests stored, one per
    registration in order (all of the event), their players' locks lifted, journaled."""
    players = _players_in_event(s, event_id, registration_ids)
    pins = dict(zip(registration_ids, prepared, strict=False))
    pin_rows.save_digests(s, digests={rid: d for rid, (_, d) in pins.items()})
    now = dt.datetime.now(dt.UTC)
    pin_rows.lift_locks(
        s, event_id=event_id, subjects=[f"player:{p.code}" for p in players], now=now
    )
    if players:
        shown = ", ".join(p.code for p in players[:20])
        more = f" and {len(players) - 20} more" if len(players) > 20 else ""
        journal_entries.append(
            s,
            event_id=event_id,
            action=Action.PIN_ISSUE,
            summary=f"new PIN for {len(players)} player(s): {shown}{more}",
            after={"players": [p.code for p in players]},
        )
    return tuple(
        IssuedPin(p.registration_id, p.code, p.name, pins[p.registration_id][0]) for p in players
    )


def _players_in_event(
    s: Writes, event_id: int, registration_ids: Sequence[int]
) -> list[PlayerRecord]:
    """The registrations as stored, in order, each refused unless it is the event's (as
    `registration.player_in_event` refuses it), read in one query however many."""
    wanted = None if len(registration_ids) > 2 else registration_ids  # a few: only them
    by_id = {
        p.registration_id: p
        for p in plain_reads.players(s.connection(), event_id=event_id, registration_ids=wanted)
    }
    for rid in registration_ids:
        if rid not in by_id:
            raise NotFoundError(f"no registration {rid} in event {event_id}")
    return [by_id[rid] for rid in registration_ids]
