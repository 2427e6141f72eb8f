"""The round clock of an event's latest round, kept as facts in the database.

Start, pauses, added time and table extensions are stored with the round, and
the remaining time is computed from them and `now`. Closing, crashing or
killing the app and opening it again shows the same time, because nothing but
the stored facts decides it. `now` is a parameter so tests pass their own.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Callable
from dataclasses import dataclass, replace

from organizer.core.clock import round_clock as rc
from organizer.core.formats import round_length
from organizer.core.formats.catalog import FormatInfo, format_or_unknown
from organizer.services.event import settings
from organizer.services.event.events import get_event
from organizer.services.event.interchange import load_event
from organizer.services.kit.changes import Done
from organizer.services.kit.errors import InputError, RefusedError, refused_on
from organizer.services.kit.write_lock import write
from organizer.storage import journal_repo, rounds_repo
from organizer.storage.database import Database, Tx
from organizer.storage.journal_repo import Action


@dataclass(frozen=True, slots=True)
class ClockStatus:
    round: int
    view: rc.ClockView
    facts: rc.ClockFacts
    tables_open: tuple[int, ...]
    house_rule: str = ""
    """"House rule: 50-minute rounds (Warcaste 1d: 1 hour)" where the event has one."""

    def as_dict(self) -> dict[str, object]:
        """The `clock status --json` document (shared/spec/cli.md)."""
        v = self.view
        state = "sudden_death" if v.phase == "sudden_death" else v.state
        return {
            "round": self.round,
            "state": state,
            "phase": v.phase,
            "remaining_s": v.remaining_s,
            "overtime_s": v.overtime_s,
            "total_s": v.total_s,
            "tables_open": list(self.tables_open),
            "extensions": {str(t): s for t, s in self.facts.extensions_s},
            "extra_turns": v.extra_turns if v.phase == "extra_turns" else None,
            "house_rule": self.house_rule or None,
        }


def utcnow() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


def _format(format_id: str) -> FormatInfo:
    return format_or_unknown(format_id)  # an unknown format: plain rounds with extra turns


def _facts(db: Database, event_id: int) -> tuple[int, rc.ClockFacts]:
    record = get_event(db, event_id)
    with db.reading() as s:
        row = rounds_repo.latest_round(s, event_id=event_id)
    if row is None:
        raise RefusedError("there is no round yet: pair round 1 before starting the clock")
    if row.clock:
        return row.number, rc.facts_from_dict(json.loads(row.clock))
    info = _format(record.format_id)
    minutes = round_length.round_minutes(
        info, record.round_minutes, record.settings.house_round_minutes
    )
    return row.number, rc.facts_for_format(info, round_minutes=minutes)


def house_rule(db: Database, *, event_id: int) -> str:
    """The event's round-length house rule in words, or "" (core.formats.round_length)."""
    record = get_event(db, event_id)
    return round_length.house_rule_text(
        _format(record.format_id), record.settings.house_round_minutes
    )


def _open_tables(db: Database, event_id: int) -> tuple[int, ...]:
    with db.reading() as s:
        row = rounds_repo.latest_round(s, event_id=event_id)
        if row is None or row.id is None:
            return ()
        return tuple(rounds_repo.open_tables(s, round_id=row.id))


def status(db: Database, *, event_id: int, now: dt.datetime | None = None) -> ClockStatus:
    number, facts = _facts(db, event_id)
    open_tables = _open_tables(db, event_id)
    view = rc.clock_view(facts, now or utcnow(), open_tables=open_tables)
    return ClockStatus(number, view, facts, open_tables, house_rule(db, event_id=event_id))


@write
def _change(
    s: Tx,
    *,
    event_id: int,
    action: Action,
    summary: str,
    step: Callable[[rc.ClockFacts], rc.ClockFacts],
) -> Done[None]:
    """One clock change under the lock."""
    number, facts = _facts(s.db, event_id)
    with refused_on(rc.ClockError):
        new = step(facts)
    row = rounds_repo.get_round(s, event_id=event_id, number=number)
    assert row is not None
    row.clock = json.dumps(rc.facts_to_dict(new), sort_keys=True)
    s.add(row)
    journal_repo.append(
        s,
        event_id=event_id,
        action=action,
        summary=f"round {number}: {summary}",
        before=rc.facts_to_dict(facts),
        after=rc.facts_to_dict(new),
    )
    return Done(None)


def _timed(
    db: Database,
    event_id: int,
    now: dt.datetime | None,
    action: Action,
    verb: str,
    step: Callable[[rc.ClockFacts, dt.datetime], rc.ClockFacts],
) -> Done[None]:
    t = now or utcnow()
    return _change(
        db,
        event_id=event_id,
        action=action,
        summary=f"clock {verb}",
        step=lambda f: step(f, t),
    )


def start(db: Database, *, event_id: int, now: dt.datetime | None = None) -> Done[None]:
    return _timed(db, event_id, now, Action.CLOCK_START, "started", rc.start)


def pause(db: Database, *, event_id: int, now: dt.datetime | None = None) -> Done[None]:
    return _timed(db, event_id, now, Action.CLOCK_PAUSE, "paused", rc.pause)


def resume(db: Database, *, event_id: int, now: dt.datetime | None = None) -> Done[None]:
    return _timed(db, event_id, now, Action.CLOCK_RESUME, "resumed", rc.resume)


def finish(db: Database, *, event_id: int, now: dt.datetime | None = None) -> Done[None]:
    """End the round: the clock stops where it is."""
    return _timed(db, event_id, now, Action.CLOCK_FINISH, "stopped: round ended", rc.finish)


def add_time(db: Database, *, event_id: int, seconds: int) -> Done[None]:
    return _change(
        db,
        event_id=event_id,
        action=Action.CLOCK_ADD,
        summary=f"{seconds:+d} s for the whole room",
        step=lambda f: rc.add_time(f, seconds),
    )


@write
def extend_table(s: Tx, *, event_id: int, table: int, seconds: int, why: str = "") -> Done[None]:
    """A time extension for one table; `why` (e.g. "deck check") is journaled with it."""
    if table not in _all_tables(s.db, event_id):
        raise InputError(f"the round has no table {table}")
    return _change(
        s.db,
        event_id=event_id,
        action=Action.CLOCK_EXTEND,
        summary=f"table {table}: {seconds:+d} s" + (f" ({why})" if why else ""),
        step=lambda f: rc.extend_table(f, table, seconds, why),
    )


def length_refusal(db: Database, *, event_id: int, minutes: int) -> str | None:
    """Why a round of `minutes` needs a house rule in this event (Warcaste Skirmish: 1 hour,
    1d), or None when the length is the rulebook's, the house rule's, or the TO's to choose."""
    record = get_event(db, event_id)
    info = _format(record.format_id)
    allowed = round_length.round_minutes(
        info, record.round_minutes, record.settings.house_round_minutes
    )
    if round_length.fixed(info) and minutes not in (allowed, info.round_minutes):
        return round_length.refusal(info, minutes)
    return None


@write
def set_length(s: Tx, *, event_id: int, minutes: int, house_rule: bool = False) -> Done[None]:
    """Change this round's length (before or during it).

    Where the rulebook sets the length (Warcaste Skirmish, 1d) only that length or the
    event's house rule (`house_round_minutes`) is accepted; with `house_rule` another
    length becomes the event's house rule, stated by the clock, the slips and the page.
    """
    if (problem := round_length.length_problem(minutes)) is not None:
        raise InputError(problem)
    refusal = length_refusal(s.db, event_id=event_id, minutes=minutes)
    if refusal is not None and not house_rule:
        raise RefusedError(refusal)
    house = refusal is not None
    if house:  # the event's house rule, set (and journaled) with the clock in one transaction
        settings.set_settings(s.db, event_id=event_id, values={"house_round_minutes": str(minutes)})
    return _change(
        s.db,
        event_id=event_id,
        action=Action.CLOCK_LENGTH,
        summary=f"round length set to {minutes} minutes"
        + (f" (house rule: {minutes}-minute rounds for the event)" if house else ""),
        step=lambda f: replace(f, length_s=minutes * 60),
    )


def _all_tables(db: Database, event_id: int) -> list[int]:
    event = load_event(db, event_id=event_id)
    if not event.rounds:
        return []
    return [m.table for m in event.rounds[-1].matches if m.table is not None]
