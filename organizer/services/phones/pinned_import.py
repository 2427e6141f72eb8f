"""Importing a CSV of players with their PINs in one write: `players import`.

As `pinned_registration` does for one player (see it for why registration and PIN go
together): the PINs are made before the write (keyed digests at once; scrypt ones on a
database with no key, on worker threads, with progress), then the rows and the digests
commit together. Written on `Writes` alone, like `csv_import`, so the command runs it
without the ORM (`storage.plain_writer.PlainWriter`) and the app on its `Database`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from organizer.core.players_csv import parse_players_csv
from organizer.services.kit.changes import Done
from organizer.services.kit.progress import Progress
from organizer.services.kit.write_lock import Store, write
from organizer.services.phones.pin_issue import IssuedPin, Keyed, prepare_pins, store_pins
from organizer.services.players.csv_import import ImportReport, import_rows
from organizer.storage.plain_writes import Writes


@dataclass(frozen=True, slots=True)
class ImportedWithPins:
    report: ImportReport
    pins: tuple[IssuedPin, ...]


class PinStore(Store, Keyed, Protocol):
    """A `Database` or a `PlainWriter`: where the write runs, and the PINs' key."""


def import_players_csv(
    db: PinStore,
    *,
    event_id: int,
    text: str,
    progress: Progress | None = None,
    pin_progress: Progress | None = None,
) -> Done[ImportedWithPins]:
    """Every good row of the CSV registered with a new PIN, in one write (see the module);
    `progress` hears the rows written, `pin_progress` the PINs made (slow ones only)."""
    rows = len(parse_players_csv(text).rows)  # at most this many new players
    prepared = prepare_pins(db, rows, pin_progress)
    return _import(db, event_id=event_id, text=text, progress=progress, prepared=prepared)


@write
def _import(
    s: Writes,
    *,
    event_id: int,
    text: str,
    progress: Progress | None,
    prepared: list[tuple[str, str]],
) -> Done[ImportedWithPins]:
    done = import_rows(s, event_id=event_id, text=text, progress=progress)
    issued = store_pins(
        s, event_id=event_id, registration_ids=done.value.registration_ids, prepared=prepared
    )
    return Done(ImportedWithPins(done.value, issued), warnings=done.warnings)
