"""Keeping a database whole: repairing what an older version let two stations write twice.

Before schema 0005 two stations pairing at once could store two round 5s.
Opening such a database now is refused with a message naming the duplicates
and this repair; the repair keeps the copy of each round with the most
results, journals what it removes, renumbers doubled tables, backs a SQLite
file up first, and then upgrades the schema.
"""

from __future__ import annotations

from organizer.storage.database import resolve_url
from organizer.storage.duplicates import repair_database
from organizer.storage.journal_repo import station


def repair_duplicates(db: str | None, *, confirmed: bool = False) -> list[str]:
    """What was repaired, in words (empty when nothing needed it)."""
    return repair_database(resolve_url(db), actor=station(), confirmed=confirmed)
