"""Registering players with their PINs in one write: `players add` and `players import`.

A player registered without a PIN cannot use the players' page, and a PIN exists in
clear only when it is made, so both are written together: the registration and the
PIN's digest commit in one transaction, and an interrupt (Ctrl+C, a crash) leaves all of
it or none of it, never players whose PINs were made and lost. The PINs are prepared
before the write takes the event's lock (keyed digests cost microseconds; scrypt ones,
on a database with no key, are made then on worker threads, with progress).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Unpack

from organizer.core.players_csv import parse_players_csv
from organizer.services.kit.changes import Done
from organizer.services.kit.progress import Progress
from organizer.services.kit.write_lock import write
from organizer.services.phones import pins
from organizer.services.players import registration
from organizer.storage.database import Database, Tx


@dataclass(frozen=True, slots=True)
class ImportedWithPins:
    report: registration.ImportReport
    pins: tuple[pins.IssuedPin, ...]


def add_player(
    db: Database, *, event_id: int, **player: Unpack[registration.NewPlayer]
) -> Done[pins.IssuedPin]:
    """One player registered with a new PIN, in one write; `number` and `person_id`
    register a known person (`registration.add_player`)."""
    return _add(db, event_id=event_id, player=player, prepared=pins.prepare_pins(db, 1))


@write
def _add(
    s: Tx,
    *,
    event_id: int,
    player: registration.NewPlayer,
    prepared: list[tuple[str, str]],
) -> Done[pins.IssuedPin]:
    added = registration.add_player(s.db, event_id=event_id, **player)
    [issued] = pins.store_pins(
        s, event_id=event_id, registration_ids=[added.value.registration_id], prepared=prepared
    )
    return Done(issued, warnings=added.warnings)


def import_players_csv(
    db: Database,
    *,
    event_id: int,
    text: str,
    progress: Progress | None = None,
    pin_progress: Progress | None = None,
) -> Done[ImportedWithPins]:
    """Every good row of the CSV registered with a new PIN, in one write (see the module);
    `progress` hears the rows written, `pin_progress` the PINs made (slow ones only)."""
    rows = len(parse_players_csv(text).rows)  # at most this many new players
    prepared = pins.prepare_pins(db, rows, pin_progress)
    return _import(db, event_id=event_id, text=text, progress=progress, prepared=prepared)


@write
def _import(
    s: Tx,
    *,
    event_id: int,
    text: str,
    progress: Progress | None,
    prepared: list[tuple[str, str]],
) -> Done[ImportedWithPins]:
    done = registration.import_players_csv(s.db, event_id=event_id, text=text, progress=progress)
    issued = pins.store_pins(
        s, event_id=event_id, registration_ids=done.value.registration_ids, prepared=prepared
    )
    return Done(ImportedWithPins(done.value, issued), warnings=done.warnings)
