"""The action journal: one row per state-changing service call.

Before/after are JSON so undo, the audit of manual pairings and result
corrections can read exactly what a call changed, long after the fact.
What a row did is one of the `Action`s, stored as its text ("result.record"):
every journal ever written reads back, and a write's `Changes` are derived
from the actions it appended (`appended`, read by `services.write_lock`).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlmodel import Session, col, select

from organizer.storage.engine import station as station  # where stations are named
from organizer.storage.journal_entries import JOURNALED as JOURNALED
from organizer.storage.journal_entries import Action as Action
from organizer.storage.journal_entries import Appended as Appended
from organizer.storage.journal_entries import append as append
from organizer.storage.journal_entries import appended as appended
from organizer.storage.tables import JournalRow


@dataclass(frozen=True, slots=True)
class JournalEntry:
    id: int
    event_id: int | None
    at: str
    actor: str
    action: str
    """An `Action`'s value (compares equal to it); a newer version's station may write others."""
    summary: str
    before: Any
    after: Any
    undoes: int | None
    undone: bool


def _entry(row: JournalRow) -> JournalEntry:
    assert row.id is not None
    return JournalEntry(
        id=row.id,
        event_id=row.event_id,
        at=row.at.isoformat(timespec="seconds"),
        actor=row.actor,
        action=row.action,
        summary=row.summary,
        before=json.loads(row.before),
        after=json.loads(row.after),
        undoes=row.undoes,
        undone=row.undone,
    )


def _newest(session: Session, *where: Any, limit: int) -> list[JournalEntry]:
    """The entries that meet every condition of `where`, newest first, `limit` at most."""
    rows = session.exec(
        select(JournalRow).where(*where).order_by(col(JournalRow.id).desc()).limit(limit)
    ).all()
    return [_entry(r) for r in rows]


def entries(session: Session, *, event_id: int, limit: int = 500) -> list[JournalEntry]:
    """The newest entries first."""
    return _newest(session, JournalRow.event_id == event_id, limit=limit)


def entries_without_event(session: Session, *, limit: int = 500) -> list[JournalEntry]:
    """The newest entries that name no event (people and seasons), newest first."""
    return _newest(session, col(JournalRow.event_id).is_(None), limit=limit)


def cut_tie_order(session: Session, *, event_id: int) -> tuple[str, ...]:
    """The order the TO gave a tie across the cut line, as the cut journaled it (best
    first; () when the cut had no tie): the final standings keep it (docs/rules.md)."""
    started = last_undoable(session, event_id=event_id, actions=(Action.TOPCUT_START,))
    if started is None or not isinstance(started.after, dict):
        return ()
    tie = started.after.get("cut_tie") or {}
    return tuple(str(p) for p in tie.get("order", ()))


def last_undoable(
    session: Session, *, event_id: int, actions: Sequence[Action]
) -> JournalEntry | None:
    found = _newest(
        session,
        JournalRow.event_id == event_id,
        col(JournalRow.action).in_(list(actions)),
        col(JournalRow.undone).is_(False),
        limit=1,
    )
    return found[0] if found else None


def undoable_since(
    session: Session, *, event_id: int, after: int, action: Action
) -> list[JournalEntry]:
    """The entries of `action` journaled after entry `after` and not undone, newest first:
    what a write did beside the entry an undo takes back (the waiting list it let in)."""
    return _newest(
        session,
        JournalRow.event_id == event_id,
        col(JournalRow.id) > after,
        JournalRow.action == action,
        col(JournalRow.undone).is_(False),
        limit=500,
    )


def mark_undone(session: Session, *, entry_id: int) -> None:
    row = session.get(JournalRow, entry_id)
    if row is not None:
        row.undone = True
        session.add(row)
