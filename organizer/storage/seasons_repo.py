"""Seasons: their rows, and which events belong to each.

An event belongs to a season when its date (or, undated, the day it was
created) is within the season's dates and its format is one of the season's
(or the season names none), unless the TO took it out; an event the TO added
belongs whatever its date. `season_event` keeps only those hand changes and
the multipliers.
"""

from __future__ import annotations

import datetime as dt
import json
from dataclasses import dataclass

from sqlalchemy import func
from sqlalchemy import select as sa_select
from sqlmodel import Session, col

from organizer.storage.tables import EventRow, PersonRow, RegistrationRow, SeasonEventRow, SeasonRow


@dataclass(frozen=True, slots=True)
class SeasonRecord:
    id: int
    name: str
    date_from: dt.date
    date_to: dt.date
    formats: tuple[str, ...]
    settings: dict[str, object]


def _record(row: SeasonRow) -> SeasonRecord:
    assert row.id is not None
    return SeasonRecord(
        row.id,
        row.name,
        row.date_from,
        row.date_to,
        tuple(json.loads(row.formats)),
        json.loads(row.settings),
    )


def insert(
    session: Session,
    *,
    name: str,
    date_from: dt.date,
    date_to: dt.date,
    formats: tuple[str, ...],
    settings: dict[str, object],
) -> SeasonRecord:
    row = SeasonRow(
        name=name,
        date_from=date_from,
        date_to=date_to,
        formats=json.dumps(list(formats)),
        settings=json.dumps(settings, sort_keys=True),
    )
    session.add(row)
    session.flush()
    return _record(row)


def get(session: Session, season_id: int) -> SeasonRecord | None:
    row = session.get(SeasonRow, season_id)
    return _record(row) if row is not None else None


def all_seasons(session: Session) -> list[SeasonRecord]:
    rows = session.execute(sa_select(SeasonRow).order_by(col(SeasonRow.id))).scalars()
    return [_record(r) for r in rows]


def save_settings(session: Session, season_id: int, settings: dict[str, object]) -> None:
    row = session.get(SeasonRow, season_id)
    assert row is not None
    row.settings = json.dumps(settings, sort_keys=True)
    session.add(row)
    session.flush()


def set_member(
    session: Session,
    *,
    season_id: int,
    event_id: int,
    included: bool | None = None,
    multiplier: int | None = None,
) -> None:
    row = session.get(SeasonEventRow, (season_id, event_id))
    if row is None:
        row = SeasonEventRow(season_id=season_id, event_id=event_id)
    if included is not None:
        row.included = included
    if multiplier is not None:
        row.multiplier = multiplier
    session.add(row)
    session.flush()


def events_of(session: Session, season: SeasonRecord) -> list[tuple[int, int]]:
    """(event id, multiplier) of every event of the season, oldest first."""
    day = func.coalesce(col(EventRow.date), func.date(col(EventRow.created_at)))
    in_dates = sa_select(col(EventRow.id), day).where(
        (day >= season.date_from) & (day <= season.date_to)
    )
    if season.formats:
        in_dates = in_dates.where(col(EventRow.format_id).in_(list(season.formats)))
    by_rule = {event_id: str(d) for event_id, d in session.execute(in_dates)}
    hand = {
        r.event_id: r
        for r in session.execute(
            sa_select(SeasonEventRow).where(col(SeasonEventRow.season_id) == season.id)
        ).scalars()
    }
    members = {e for e in by_rule if e not in hand or hand[e].included}
    added = [e for e, r in hand.items() if r.included and e not in by_rule]
    if added:
        for event_id, d in session.execute(
            sa_select(col(EventRow.id), day).where(col(EventRow.id).in_(added))
        ):
            by_rule[event_id] = str(d)
            members.add(event_id)
    ordered = sorted(members, key=lambda e: (by_rule[e], e))
    return [(e, hand[e].multiplier if e in hand else 1) for e in ordered]


def revisions(session: Session, event_ids: list[int]) -> dict[int, int]:
    """Each event's revision (bumped by every write to it), in one query."""
    rows = session.execute(
        sa_select(col(EventRow.id), col(EventRow.revision)).where(col(EventRow.id).in_(event_ids))
    )
    return {event_id: revision for event_id, revision in rows}


def people_of(session: Session, event_ids: list[int]) -> dict[tuple[int, str], tuple[int, str]]:
    """(event id, player code) -> (person id, name as now) for every registration of the
    events, in one query: a leaderboard names people as they are now."""
    rows = session.execute(
        sa_select(
            col(RegistrationRow.event_id),
            col(RegistrationRow.code),
            col(PersonRow.id),
            col(PersonRow.name),
        )
        .join(PersonRow, col(PersonRow.id) == col(RegistrationRow.person_id))
        .where(col(RegistrationRow.event_id).in_(event_ids))
    )
    return {(e, code): (pid, name) for e, code, pid, name in rows}
