"""Warcaste sudden death at a table, walked through by the judge (rulebook 1d).

Each table's record is kept with its match, so the walk-through survives a
restart and the whole record stays with the result (standings breakdown and
printing read it). When the record decides the game, the result is entered in
the same transaction; a correction that reopens the game takes the result
back. Every step is journaled.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass

from organizer.core.clock import sudden_death as sd
from organizer.core.event import PlayerId
from organizer.services.changes import Changes, Done
from organizer.services.errors import InputError, NotFoundError
from organizer.services.write_lock import locked
from organizer.storage import journal_repo, rounds_repo
from organizer.storage.database import Database
from organizer.storage.journal_repo import station
from organizer.storage.rounds_repo import TableMatch


@dataclass(frozen=True, slots=True)
class SuddenDeathState:
    round: int
    record: sd.SuddenDeath
    outcome: sd.SuddenDeathOutcome | None
    names: dict[str, str]
    """Player id -> name, for the dialog."""

    def describe(self) -> str:
        if self.outcome is None:
            return "in progress"
        if self.outcome.winner is None:
            a, b = (n for _, n in self.outcome.totals)
            return f"draw: {a}-{b} counters"
        why = self.outcome.reason.replace("_", " ")
        return f"{self.names[self.outcome.winner]} wins ({why})"


def _record_of(found: TableMatch, table: int) -> sd.SuddenDeath:
    if len(found.seats) != 2:
        raise InputError(f"table {table} is not a two-player match")
    extra = json.loads(found.extra or "{}")
    if "sudden_death" in extra:
        return sd.record_from_dict(extra["sudden_death"])
    players = (PlayerId(found.seats[0][1]), PlayerId(found.seats[1][1]))
    return sd.SuddenDeath(table=table, players=players)


def _found(found: TableMatch | None, table: int) -> TableMatch:
    if found is None:
        raise NotFoundError(f"no table {table} in that round")
    return found


def load(
    db: Database, *, event_id: int, table: int, round_number: int | None = None
) -> SuddenDeathState:
    """The table's record (a new, empty one if sudden death has not started there)."""
    with db.reading() as s:
        found = _found(
            rounds_repo.table_match(s, event_id=event_id, table=table, round_number=round_number),
            table,
        )
    record = _record_of(found, table)
    names = {code: name for _, code, name in found.seats}
    return SuddenDeathState(found.round_number, record, sd.outcome(record), names)


def _step(
    db: Database,
    *,
    event_id: int,
    table: int,
    round_number: int | None,
    summary: str,
    change: Callable[[sd.SuddenDeath], sd.SuddenDeath],
) -> Done[SuddenDeathState]:
    with locked(db, event_id) as s:
        found = _found(
            rounds_repo.table_match(s, event_id=event_id, table=table, round_number=round_number),
            table,
        )
        before = _record_of(found, table)
        try:
            after = change(before)
        except sd.SuddenDeathError as exc:
            raise InputError(str(exc)) from None
        extra = json.loads(found.extra or "{}")
        extra["sudden_death"] = sd.record_to_dict(after)
        extra_text = json.dumps(extra, sort_keys=True)
        result, earlier = sd.outcome(after), sd.outcome(before)
        if result is not None:
            score = sd.match_score(result, after.players)
            rounds_repo.set_result(
                s,
                match_id=found.match_id,
                wins=(score.a_wins, score.b_wins),
                draws=score.draws,
                extra=extra_text,
                by=station(),
            )
        elif earlier is not None:  # a correction reopened the game
            rounds_repo.set_result(s, match_id=found.match_id, wins=None, draws=0, extra=extra_text)
        else:
            rounds_repo.save_extra(s, match_id=found.match_id, extra=extra_text)
        names = {code: name for _, code, name in found.seats}
        state = SuddenDeathState(found.round_number, after, result, names)
        journal_repo.append(
            s,
            event_id=event_id,
            action="suddendeath.step",
            summary=f"round {found.round_number} table {table}: sudden death: {summary}"
            + (f"; {state.describe()}" if result is not None else ""),
            before=sd.record_to_dict(before),
            after=sd.record_to_dict(after),
        )
    return Done(
        state, Changes(results=result is not None or earlier is not None, event_id=event_id)
    )


def set_active_player(
    db: Database, *, event_id: int, table: int, player: str, round_number: int | None = None
) -> Done[SuddenDeathState]:
    return _step(
        db,
        event_id=event_id,
        table=table,
        round_number=round_number,
        summary=f"{player} was the active player at time",
        change=lambda r: sd.set_active_player(r, PlayerId(player)),
    )


def record_turn(
    db: Database,
    *,
    event_id: int,
    table: int,
    number: int,
    player: str,
    counters: int,
    last_territory_lost_by: str | None = None,
    round_number: int | None = None,
) -> Done[SuddenDeathState]:
    lost = PlayerId(last_territory_lost_by) if last_territory_lost_by else None
    note = f", last territory of {lost} destroyed" if lost else ""
    return _step(
        db,
        event_id=event_id,
        table=table,
        round_number=round_number,
        summary=f"turn {number} ({player}): {counters} counter(s){note}",
        change=lambda r: sd.record_turn(
            r, number, PlayerId(player), counters, last_territory_lost_by=lost
        ),
    )


def correct_turn(
    db: Database,
    *,
    event_id: int,
    table: int,
    number: int,
    counters: int,
    last_territory_lost_by: str | None = None,
    round_number: int | None = None,
) -> Done[SuddenDeathState]:
    lost = PlayerId(last_territory_lost_by) if last_territory_lost_by else None
    return _step(
        db,
        event_id=event_id,
        table=table,
        round_number=round_number,
        summary=f"corrected turn {number} to {counters} counter(s)",
        change=lambda r: sd.correct_turn(r, number, counters, last_territory_lost_by=lost),
    )


def undo_last_turn(
    db: Database, *, event_id: int, table: int, round_number: int | None = None
) -> Done[SuddenDeathState]:
    return _step(
        db,
        event_id=event_id,
        table=table,
        round_number=round_number,
        summary="took back the last turn",
        change=sd.undo_last_turn,
    )
