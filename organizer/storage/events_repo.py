"""Reading and writing event rows."""

from __future__ import annotations

import datetime as dt
import json

from sqlalchemy import func
from sqlmodel import Session, col, select

from organizer.core.event import STANDARD_POINTS, PlayerId
from organizer.core.event_settings import EventSettings
from organizer.storage import plain_reads
from organizer.storage.records import EventRecord
from organizer.storage.tables import EventRow, RegistrationRow, RoundRow


def to_record(row: EventRow, *, player_count: int = 0, round_count: int = 0) -> EventRecord:
    assert row.id is not None
    return EventRecord(
        id=row.id,
        name=row.name,
        date=row.date,
        format_id=row.format_id,
        best_of=row.best_of,
        round_minutes=row.round_minutes,
        planned_rounds=row.planned_rounds,
        points=(row.points_win, row.points_draw, row.points_loss),
        settings=settings_of(row),
        created_at=row.created_at,
        player_count=player_count,
        round_count=round_count,
        revision=row.revision,
        playoff_seeds=seeds_of(row),
        finished_at=row.finished_at,
    )


def settings_of(row: EventRow) -> EventSettings:
    """The row's settings (`plain_reads.settings_from`, the one place they are read)."""
    return plain_reads.settings_from(
        row.settings, (row.points_win, row.points_draw, row.points_loss)
    )


def save_settings(session: Session, row: EventRow, settings: EventSettings) -> None:
    row.settings = json.dumps(settings.to_stored(), sort_keys=True)
    row.points_win, row.points_draw, row.points_loss = settings.points
    session.add(row)
    session.flush()


def seeds_of(row: EventRow) -> tuple[PlayerId, ...] | None:
    if row.playoff_seeds is None:
        return None
    return tuple(PlayerId(str(code)) for code in json.loads(row.playoff_seeds))


def save_seeds(session: Session, row: EventRow, seeds: tuple[PlayerId, ...]) -> None:
    row.playoff_seeds = json.dumps(list(seeds))
    session.add(row)
    session.flush()


def revision(session: Session, event_id: int) -> int | None:
    """The event's revision: cheap to poll ("has anything changed since I looked?")."""
    return session.exec(select(EventRow.revision).where(EventRow.id == event_id)).first()


def insert(
    session: Session,
    *,
    name: str,
    format_id: str,
    date: dt.date | None,
    best_of: int,
    round_minutes: int,
    planned_rounds: int | None,
    points: tuple[int, int, int] = STANDARD_POINTS,
) -> EventRow:
    row = EventRow(
        name=name,
        format_id=format_id,
        date=date,
        best_of=best_of,
        round_minutes=round_minutes,
        planned_rounds=planned_rounds,
        points_win=points[0],
        points_draw=points[1],
        points_loss=points[2],
    )
    session.add(row)
    session.flush()
    return row


def get_row(session: Session, event_id: int) -> EventRow | None:
    return session.get(EventRow, event_id)


def all_records(session: Session) -> list[EventRecord]:
    players = dict(
        session.exec(
            select(RegistrationRow.event_id, func.count()).group_by(col(RegistrationRow.event_id))
        ).all()
    )
    rounds = dict(
        session.exec(select(RoundRow.event_id, func.count()).group_by(col(RoundRow.event_id))).all()
    )
    rows = session.exec(select(EventRow).order_by(col(EventRow.id).desc())).all()
    return [
        to_record(r, player_count=players.get(r.id or 0, 0), round_count=rounds.get(r.id or 0, 0))
        for r in rows
    ]


def latest_id(session: Session) -> int | None:
    return plain_reads.latest_event_id(session.connection())


def delete(session: Session, row: EventRow) -> None:
    session.delete(row)
    session.flush()


def rounds_paired(session: Session, *, event_id: int) -> int:
    """The number of the latest paired round (0 before round 1)."""
    return plain_reads.rounds_paired(session.connection(), event_id=event_id)
