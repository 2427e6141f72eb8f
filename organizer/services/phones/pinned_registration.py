"""Registering a player with a PIN in one write: `players add` (`pinned_import` imports).

A player registered without a PIN cannot use the players' page, and a PIN exists in
clear only when it is made, so both are written together: the registration and the
PIN's digest commit in one transaction, and an interrupt (Ctrl+C, a crash) leaves all of
it or none of it, never players whose PINs were made and lost. The PINs are prepared
before the write takes the event's lock (keyed digests cost microseconds; scrypt ones,
on a database with no key, are made then on worker threads, with progress).
"""

from __future__ import annotations

from typing import Unpack

from organizer.services.kit.changes import Done
from organizer.services.kit.write_lock import write
from organizer.services.phones.pin_issue import IssuedPin, prepare_pins, store_pins
from organizer.services.players import registration
from organizer.storage.database import Database, Tx


def add_player(
    db: Database, *, event_id: int, **player: Unpack[registration.NewPlayer]
) -> Done[IssuedPin]:
    """One player registered with a new PIN, in one write; `number` and `person_id`
    register a known person (`registration.add_player`)."""
    return _add(db, event_id=event_id, player=player, prepared=prepare_pins(db, 1))


@write
def _add(
    s: Tx,
    *,
    event_id: int,
    player: registration.NewPlayer,
    prepared: list[tuple[str, str]],
) -> Done[IssuedPin]:
    added = registration.add_player(s.db, event_id=event_id, **player)
    [issued] = store_pins(
        s, event_id=event_id, registration_ids=[added.value.registration_id], prepared=prepared
    )
    return Done(issued, warnings=added.warnings)
