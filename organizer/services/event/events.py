"""Creating, listing, opening and deleting events.

Deleting keeps a full export of the event in the journal, so even a confirmed
delete can be recovered by importing that JSON.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import replace

from organizer.core.formats import round_length
from organizer.core.formats.catalog import format_info
from organizer.core.formats.event_rules import FormatRuleError, check_best_of
from organizer.core.interchange import event_to_dict
from organizer.services.event.which_event import missing_event, no_events
from organizer.services.kit.changes import Done
from organizer.services.kit.errors import InputError, NotFoundError
from organizer.services.kit.write_lock import write
from organizer.storage import events_repo, journal_repo, snapshot_repo
from organizer.storage.database import Database, Tx
from organizer.storage.journal_repo import Action
from organizer.storage.records import EventRecord


@write
def create_event(
    s: Tx,
    *,
    name: str,
    format_id: str,
    date: dt.date | None = None,
    best_of: int | None = None,
    round_minutes: int | None = None,
    planned_rounds: int | None = None,
    house_rule: bool = False,
) -> Done[EventRecord]:
    """A new event. Where the rulebook sets the round length (Warcaste Skirmish, 1d) another
    `round_minutes` is refused unless `house_rule` says it is one (stored as the event setting
    `house_round_minutes`, which the slips, the clock and the players' page state)."""
    info = format_info(format_id)
    name = " ".join(name.split())
    if not name:
        raise InputError("an event needs a name")
    if best_of is not None:
        try:
            check_best_of(info, best_of)
        except FormatRuleError as exc:
            raise InputError(str(exc)) from None
    if round_minutes is not None and (problem := round_length.length_problem(round_minutes)):
        raise InputError(problem)
    if planned_rounds is not None and not 1 <= planned_rounds <= 30:
        raise InputError(f"plan 1 to 30 rounds, not {planned_rounds}")
    house = (
        round_minutes
        if round_length.fixed(info)
        and round_minutes is not None
        and round_minutes != info.round_minutes
        else 0
    )
    if house and not house_rule:
        raise InputError(round_length.refusal(info, house))
    row = events_repo.insert(
        s,
        name=name,
        format_id=info.id,
        date=date or dt.date.today(),
        best_of=best_of or info.best_of,
        round_minutes=round_minutes or info.round_minutes,
        planned_rounds=planned_rounds,
    )
    if house:
        events_repo.save_settings(
            s, row, replace(events_repo.settings_of(row), house_round_minutes=house)
        )
    record = events_repo.to_record(row)
    journal_repo.append(
        s,
        event_id=record.id,
        action=Action.EVENT_CREATE,
        summary=f"created event {name!r} ({info.id})"
        + (f"; {round_length.house_rule_text(info, house)}" if house else ""),
        after={"name": name, "format": info.id, "house_round_minutes": house or None},
    )
    return Done(record)


def list_events(db: Database) -> list[EventRecord]:
    with db.reading() as s:
        return events_repo.all_records(s)


def get_event(db: Database, event_id: int) -> EventRecord:
    with db.reading() as s:
        row = events_repo.get_row(s, event_id)
        if row is None:
            raise missing_event(event_id, db.location)
        return events_repo.to_record(row)


def resolve_event_id(db: Database, event_id: int | None) -> int:
    """The event named, or the most recently created one."""
    if event_id is not None:
        return get_event(db, event_id).id
    with db.reading() as s:
        latest = events_repo.latest_id(s)
    if latest is None:
        raise no_events(db.location)
    return latest


@write
def delete_event(s: Tx, event_id: int) -> Done[None]:
    row = events_repo.get_row(s, event_id)
    if row is None:
        raise NotFoundError(f"there is no event {event_id}")
    backup = event_to_dict(snapshot_repo.load(s, event_id=event_id))
    name = row.name
    events_repo.delete(s, row)
    journal_repo.append(
        s,
        event_id=None,
        action=Action.EVENT_DELETE,
        summary=f"deleted event {event_id} {name!r}; its export is kept here",
        before=backup,
    )
    return Done(None)


def revision(db: Database, *, event_id: int) -> int:
    """The event's revision: it moves with every write, from any station (cheap to poll)."""
    with db.reading() as s:
        value = events_repo.revision(s, event_id)
    if value is None:
        raise NotFoundError(f"there is no event {event_id}")
    return value
