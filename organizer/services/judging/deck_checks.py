"""Deck checks during rounds: pick tables at random, time them, record what the judge found.

Common practice is to check at least 10 % of the tables over an event; the
summary tells the TO how far along they are, by tables and by players. The
pick prefers tables where nobody's deck was checked yet this event, and is
drawn from a seed so it can be shown later how it was made. A check costs its
players no time: from `start` (the judge takes the decks) to `record` (the
outcome), the minutes it took, rounded up, are added to that table's clock as
a recorded extension (docs/rules.md, "Deck checks").
"""

from __future__ import annotations

import datetime as dt
import math
import random
from dataclasses import dataclass

from organizer.core.deck_checks import MAX_MINUTES as MAX_MINUTES
from organizer.core.deck_checks import OUTCOMES as OUTCOMES
from organizer.core.event import EventData, PlayerId
from organizer.core.views.times import time_of_day
from organizer.services.clock import clock
from organizer.services.event.interchange import load_event
from organizer.services.kit.changes import Done
from organizer.services.kit.errors import InputError, RefusedError
from organizer.services.kit.seeds import new_seed
from organizer.services.kit.write_lock import write
from organizer.storage import decks_repo, journal_repo
from organizer.storage.database import Database, Tx
from organizer.storage.journal_repo import Action


@dataclass(frozen=True, slots=True)
class DeckCheck:
    round_number: int
    table: int
    outcome: str
    note: str
    started_at: dt.datetime | None = None
    seconds_added: int = 0


@dataclass(frozen=True, slots=True)
class DeckCheckSummary:
    checks: tuple[DeckCheck, ...]
    tables_played: int
    players_checked: int = 0
    """Players whose deck was at a picked table this event."""
    players: int = 0
    """Players in the event who have played a table (not only byes)."""

    @property
    def share(self) -> float:
        return len(self.checks) / self.tables_played if self.tables_played else 0.0

    @property
    def coverage(self) -> str:
        """'3 of 28 tables (11 %), 6 of 52 players (12 %)'."""
        tables = round(100 * self.share)
        players = round(100 * self.players_checked / self.players) if self.players else 0
        return (
            f"{len(self.checks)} of {self.tables_played} tables ({tables} %), "
            f"{self.players_checked} of {self.players} players ({players} %)"
        )


@dataclass(frozen=True, slots=True)
class Picked:
    tables: list[int]
    fresh: int
    """How many of `tables` seat nobody whose deck was checked before this event."""
    coverage: DeckCheckSummary
    """The coverage with these tables counted."""


def _players_at(event: EventData) -> dict[tuple[int, int], tuple[PlayerId, ...]]:
    return {(r.number, m.table): m.players for r in event.rounds for m in r.matches if m.table}


def _checked_players(event: EventData, checks: list[tuple[int, int]]) -> set[PlayerId]:
    seated = _players_at(event)
    return {p for key in checks for p in seated.get(key, ())}


@write
def pick(s: Tx, *, event_id: int, share: float = 0.1, seed: int | None = None) -> Done[Picked]:
    """Choose tables of the latest round for a deck check (at least one).

    Tables where no player's deck was checked yet this event come first; only when
    there are fewer of them than the share asks for are the others drawn from.
    """
    if not 0 < share <= 1:
        raise InputError(f"the share of tables must be above 0 and at most 1, not {share}")
    event = load_event(s.db, event_id=event_id)
    if not event.rounds:
        raise RefusedError("pair a round before picking tables for deck checks")
    rnd = event.rounds[-1]
    rows = decks_repo.checks(s, event_id=event_id)
    done = {c.table_no for c in rows if c.round_number == rnd.number}
    checked = _checked_players(event, [(c.round_number, c.table_no) for c in rows])
    open_tables = [m for m in rnd.matches if m.table is not None and m.table not in done]
    if not open_tables:
        raise RefusedError(f"every table of round {rnd.number} has been picked already")
    count = min(len(open_tables), max(1, math.ceil(share * len(open_tables))))
    fresh = [m.table for m in open_tables if m.table and not set(m.players) & checked]
    others = [m.table for m in open_tables if m.table and set(m.players) & checked]
    seed = seed if seed is not None else new_seed()
    rng = random.Random(seed)
    if len(fresh) >= count:
        chosen = sorted(rng.sample(fresh, count))
    else:
        chosen = sorted(fresh + rng.sample(others, count - len(fresh)))
    for table in chosen:
        decks_repo.add_check(s, event_id=event_id, round_number=rnd.number, table=table)
    journal_repo.append(
        s,
        event_id=event_id,
        action=Action.DECKCHECK_PICK,
        summary=f"round {rnd.number}: deck checks at table(s) "
        f"{', '.join(map(str, chosen))} (seed {seed})",
        after={"round": rnd.number, "tables": chosen, "seed": seed},
    )
    picked = Picked(chosen, sum(t in fresh for t in chosen), summary(s.db, event_id=event_id))
    return Done(picked)


@write
def start(s: Tx, *, event_id: int, table: int, now: dt.datetime | None = None) -> Done[None]:
    """The judge takes the decks at `table` of the latest round: the check's time starts."""
    event = load_event(s.db, event_id=event_id)
    if not event.rounds:
        raise RefusedError("pair a round before starting a deck check")
    number = event.rounds[-1].number
    if table not in {m.table for m in event.rounds[-1].matches}:
        raise InputError(f"round {number} has no table {table}")
    at = now or clock.utcnow()
    row = decks_repo.find_check(s, event_id=event_id, round_number=number, table=table)
    if row is None:
        row = decks_repo.add_check(s, event_id=event_id, round_number=number, table=table)
    if row.outcome != "pending":
        raise RefusedError(f"the deck check at table {table} is recorded already")
    if row.started_at is not None:
        started = time_of_day(row.started_at)
        raise RefusedError(f"the deck check at table {table} started at {started} already")
    row.started_at = at
    s.add(row)
    journal_repo.append(
        s,
        event_id=event_id,
        action=Action.DECKCHECK_START,
        summary=f"round {number} table {table}: deck check started",
        after={"round": number, "table": table, "at": at.isoformat()},
    )
    return Done(None)


def _minutes_taken(started: dt.datetime, now: dt.datetime) -> int:
    """Whole minutes from `started` to `now`, any part of a minute counted as one."""
    seconds = (now - started).total_seconds()
    return max(0, math.ceil(seconds / 60 - 1e-9))


@write
def record(
    s: Tx,
    *,
    event_id: int,
    round_number: int,
    table: int,
    outcome: str,
    note: str = "",
    minutes: int | None = None,
    now: dt.datetime | None = None,
) -> Done[int]:
    """Record what the judge found; the value is the seconds this call added to the table.

    A check that was started gives back the minutes since its start; `minutes` says
    how long it took instead (a check not started in the app, or a correction: the
    table's extension from this check becomes `minutes`). Only a check of the round
    being played can add time; an earlier round's clock is over.
    """
    if outcome not in OUTCOMES:
        raise InputError(f"a deck check's outcome is 'ok' or 'problem', not {outcome!r}")
    if minutes is not None and not 0 <= minutes <= MAX_MINUTES:
        raise InputError(f"a deck check takes 0 to {MAX_MINUTES} minutes, not {minutes}")
    event = load_event(s.db, event_id=event_id)
    latest = event.rounds[-1].number if event.rounds else None
    if latest is not None and clock.status(s.db, event_id=event_id).facts.finished_at is not None:
        latest = None  # the round is finished: its clock takes no more time
    warnings: list[str] = []
    row = decks_repo.find_check(s, event_id=event_id, round_number=round_number, table=table)
    if row is None:
        row = decks_repo.add_check(s, event_id=event_id, round_number=round_number, table=table)
    if minutes is None and row.started_at is not None and row.outcome == "pending":
        minutes = _minutes_taken(row.started_at, now or clock.utcnow())
    added = 0
    if minutes is not None:
        added = minutes * 60 - row.seconds_added
        if added and round_number != latest:
            warnings.append(f"round {round_number} is over: no time added to table {table}'s clock")
            added = 0
    row.outcome = outcome
    row.note = note
    row.seconds_added += added
    s.add(row)
    if added:
        clock.extend_table(s.db, event_id=event_id, table=table, seconds=added, why="deck check")
    journal_repo.append(
        s,
        event_id=event_id,
        action=Action.DECKCHECK_RECORD,
        summary=f"round {round_number} table {table}: deck check {outcome}"
        + (f" ({note})" if note else "")
        + (f", {added // 60:+d} min on the table's clock" if added else ""),
        after={"seconds_added": row.seconds_added},
    )
    return Done(added, warnings=tuple(warnings))


def summary(db: Database, *, event_id: int) -> DeckCheckSummary:
    event = load_event(db, event_id=event_id)
    with db.reading() as s:
        rows = decks_repo.checks(s, event_id=event_id)
    played = sum(1 for r in event.rounds for m in r.matches if m.table is not None)
    checked = _checked_players(event, [(r.round_number, r.table_no) for r in rows])
    at_tables = {p for players in _players_at(event).values() for p in players}
    return DeckCheckSummary(
        tuple(
            DeckCheck(r.round_number, r.table_no, r.outcome, r.note, r.started_at, r.seconds_added)
            for r in rows
        ),
        played,
        len(checked),
        len(at_tables),
    )
