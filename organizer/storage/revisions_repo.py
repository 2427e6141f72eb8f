"""The cheap questions a station asks to notice other stations' writes.

Why separate: a watcher asks these every second, from another thread, so they
are two small indexed queries that read no event data: every event's revision
(`revisions`), and the kinds of the journal entries an event got since the
last one seen (`actions_since`).
"""

from __future__ import annotations

from sqlalchemy import func
from sqlmodel import Session, col, select

from organizer.storage.tables import EventRow, JournalRow


def revisions(session: Session) -> dict[int, int]:
    """Every event's revision, by event id."""
    rows = session.exec(select(EventRow.id, EventRow.revision)).all()
    return {int(event_id): int(revision) for event_id, revision in rows if event_id is not None}


def last_journal_id(session: Session) -> int:
    found = session.exec(select(func.max(JournalRow.id))).first()
    return int(found or 0)


def actions_since(session: Session, *, after_id: int) -> list[tuple[int, int | None, str, str]]:
    """(id, event id, action, actor) of the journal entries after `after_id`, oldest first."""
    rows = session.exec(
        select(JournalRow.id, JournalRow.event_id, JournalRow.action, JournalRow.actor)
        .where(col(JournalRow.id) > after_id)
        .order_by(col(JournalRow.id))
        .limit(1000)
    ).all()
    return [(int(i), e, a, actor) for i, e, a, actor in rows if i is not None]
