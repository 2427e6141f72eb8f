"""The journal as tests read it: who did what, oldest first.

The app shows no journal (undo finds its newest entry itself), so this reader, over the
storage call the tests use to look at the journal, is the tests' own.
"""

from __future__ import annotations

from organizer.storage import journal_repo
from organizer.storage.database import Database
from organizer.storage.journal_repo import JournalEntry


def journal_entries(db: Database, *, event_id: int) -> list[JournalEntry]:
    """The event's journal, oldest first."""
    with db.reading() as s:
        return list(reversed(journal_repo.entries(s, event_id=event_id)))
