"""The action journal: one row per state-changing service call.

Before/after are JSON so undo, the audit of manual pairings and result
corrections can read exactly what a call changed, long after the fact.
"""

from __future__ import annotations

import functools
import getpass
import json
import socket
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlmodel import Session, col, select

from organizer.storage.tables import JournalRow


@functools.cache
def station() -> str:
    """Who acts: the OS user and machine, so several stations can be told apart."""
    try:
        user = getpass.getuser()
    except (KeyError, OSError):
        user = "unknown"
    return f"{user}@{socket.gethostname()}"


@dataclass(frozen=True, slots=True)
class JournalEntry:
    id: int
    event_id: int | None
    at: str
    actor: str
    action: str
    summary: str
    before: Any
    after: Any
    undoes: int | None
    undone: bool


JOURNALED = "organizer_journaled"
"""Session info key: the journal ids this write appended (so a watcher skips its own)."""


def append(
    session: Session,
    *,
    event_id: int | None,
    action: str,
    summary: str,
    before: Any = None,
    after: Any = None,
    actor: str | None = None,
    undoes: int | None = None,
) -> int:
    """Journal one action; `actor` defaults to this station (user@host)."""
    row = JournalRow(
        event_id=event_id,
        action=action,
        summary=summary,
        before=json.dumps(before, ensure_ascii=False, sort_keys=True),
        after=json.dumps(after, ensure_ascii=False, sort_keys=True),
        actor=actor if actor is not None else station(),
        undoes=undoes,
    )
    session.add(row)
    session.flush()
    assert row.id is not None
    session.info.setdefault(JOURNALED, []).append(row.id)  # `Database` remembers it as its own
    return row.id


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


def entries(session: Session, *, event_id: int, limit: int = 500) -> list[JournalEntry]:
    """The newest entries first."""
    rows = session.exec(
        select(JournalRow)
        .where(JournalRow.event_id == event_id)
        .order_by(col(JournalRow.id).desc())
        .limit(limit)
    ).all()
    return [_entry(r) for r in rows]


def last_undoable(
    session: Session, *, event_id: int, actions: Sequence[str]
) -> JournalEntry | None:
    row = session.exec(
        select(JournalRow)
        .where(
            JournalRow.event_id == event_id,
            col(JournalRow.action).in_(list(actions)),
            col(JournalRow.undone).is_(False),
        )
        .order_by(col(JournalRow.id).desc())
        .limit(1)
    ).first()
    return _entry(row) if row else None


def mark_undone(session: Session, *, entry_id: int) -> None:
    row = session.get(JournalRow, entry_id)
    if row is not None:
        row.undone = True
        session.add(row)


def by_action(session: Session, *, action: str, limit: int = 100) -> list[JournalEntry]:
    """Entries of one kind across all events, newest first (e.g. deleted events)."""
    rows = session.exec(
        select(JournalRow)
        .where(JournalRow.action == action)
        .order_by(col(JournalRow.id).desc())
        .limit(limit)
    ).all()
    return [_entry(r) for r in rows]
