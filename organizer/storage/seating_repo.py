"""Draft pod seatings: one per draft of an event, with the seed and the draft timer."""

from __future__ import annotations

import json
from dataclasses import dataclass

from sqlmodel import Session, col, select

from organizer.core.seating.pods import Seating, pods_to_dict, seating_from_dict
from organizer.storage.tables import SeatingRow


def latest(session: Session, *, event_id: int) -> SeatingRow | None:
    return session.exec(
        select(SeatingRow)
        .where(SeatingRow.event_id == event_id)
        .order_by(col(SeatingRow.draft).desc())
        .limit(1)
    ).first()


@dataclass(frozen=True, slots=True)
class StoredSeating:
    """The latest draft's pods as stored: which draft, seated after which round."""

    draft: int
    after_round: int
    seating: Seating


def latest_seating(session: Session, *, event_id: int) -> StoredSeating | None:
    """The latest draft's seating, read back (the Pods tab, printouts and the players' page)."""
    row = latest(session, event_id=event_id)
    if row is None:
        return None
    seating = seating_from_dict(json.loads(row.pods), seed=row.seed)
    return StoredSeating(row.draft, row.after_round, seating)


def save(
    session: Session, *, event_id: int, draft: int, after_round: int, seating: Seating
) -> SeatingRow:
    """Store `seating` as draft number `draft`, replacing an earlier seating of that draft."""
    row = session.exec(
        select(SeatingRow).where(SeatingRow.event_id == event_id, SeatingRow.draft == draft)
    ).first()
    text = json.dumps(pods_to_dict(seating), sort_keys=True)
    if row is None:
        row = SeatingRow(
            event_id=event_id,
            draft=draft,
            after_round=after_round,
            seed=seating.seed or 0,
            pods=text,
        )
    else:
        row.pods = text
        row.seed = seating.seed or 0
    session.add(row)
    session.flush()
    return row


def save_timer(session: Session, *, row_id: int, timer: str) -> None:
    row = session.get(SeatingRow, row_id)
    assert row is not None
    row.timer = timer
    session.add(row)
    session.flush()
