"""Warcaste sudden death at a table, walked through by the judge (rulebook 1d).

Each table's record is kept with its match, so the walk-through survives a
restart and the whole record stays with the result (standings breakdown and
printing read it). When the record decides the game, the result is entered in
the same transaction through the same result rules as a slip
(`results.write_two_player_result`); a correction that reopens the game takes
the result back. Every step is journaled.

Decided in shared/spec/formats.md (docs/rules.md, "Sudden death"): only in
two-player Warcaste matches; it starts once time is up at that table (its
extension included) unless the judge calls it early (`early`, kept in the
record); a table that already has a result is not overwritten without a
correction (`correct`); in a playoff, equal counters go on turn by turn.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Callable
from dataclasses import dataclass, replace

from organizer.core.clock import round_clock as rc
from organizer.core.clock import sudden_death as sd
from organizer.core.event import PlayerId
from organizer.core.formats.catalog import format_or_unknown
from organizer.core.results import Score
from organizer.services.kit.changes import Done
from organizer.services.kit.errors import InputError, NotFoundError, RefusedError
from organizer.services.kit.write_lock import write
from organizer.services.rounds.results import ResultExistsError, write_two_player_result
from organizer.storage import events_repo, journal_repo, rounds_repo
from organizer.storage.database import Database, Tx
from organizer.storage.journal_repo import Action
from organizer.storage.rounds_repo import TableMatch


@dataclass(frozen=True, slots=True)
class SuddenDeathState:
    round: int
    record: sd.SuddenDeath
    outcome: sd.SuddenDeathOutcome | None
    names: dict[str, str]
    """Player id -> name, for the dialog."""
    stored_result: str | None = None
    """The table's result as stored, when sudden death did not write it or it was replaced
    since (a penalty, a correction): steps need a correction."""

    def describe(self) -> str:
        if self.outcome is None:
            played = len(self.record.turns)
            if played >= sd.TURNS:  # a playoff goes on
                ahead = sd.leader(self.record)
                if ahead is None:
                    return f"in progress: level after {played} turns, playing on"
                counts = sorted((n for _, n in sd.totals(self.record)), reverse=True)
                behind = self.names[self.record.opponent(ahead)]
                return (
                    f"in progress: {self.names[ahead]} leads {counts[0]}-{counts[1]} after "
                    f"{played} turns; {behind}'s answering turn decides"
                )
            return "in progress"
        if self.outcome.winner is None:
            a, b = (n for _, n in self.outcome.totals)
            return f"draw: {a}-{b} counters"
        why = self.outcome.reason.replace("_", " ")
        return f"{self.names[self.outcome.winner]} wins ({why})"


def _record_of(s: Tx, event_id: int, found: TableMatch, table: int) -> sd.SuddenDeath:
    """The table's record; refused where sudden death does not exist (formats.md)."""
    event = events_repo.get_row(s, event_id)
    if event is None:
        raise NotFoundError(f"there is no event {event_id}")
    try:
        sd.check_applies(format_or_unknown(event.format_id), len(found.seats))
    except sd.SuddenDeathError as exc:
        raise RefusedError(f"table {table}: {exc}") from None
    round_row = rounds_repo.get_round(s, event_id=event_id, number=found.round_number)
    playoff = round_row is not None and round_row.stage == "elimination"
    extra = json.loads(found.extra or "{}")
    if "sudden_death" in extra:
        return replace(sd.record_from_dict(extra["sudden_death"]), playoff=playoff)
    players = (PlayerId(found.seats[0][1]), PlayerId(found.seats[1][1]))
    return sd.SuddenDeath(table=table, players=players, playoff=playoff)


def _stored_result(s: Tx, found: TableMatch, record: sd.SuddenDeath) -> str | None:
    """The stored result not written by this sudden death (None when there is none): a
    result entered before it, or one that replaced its own since (a Game Loss, a slip's
    correction), which differs from what the record decided."""
    if found.status != "reported":
        return None
    seats = rounds_repo.seats_of(s, match_id=found.match_id)
    score = Score(seats[0].game_wins or 0, seats[1].game_wins or 0, seats[0].game_draws or 0)
    decided = sd.outcome(record)
    if decided is not None and sd.match_score(decided, record.players) == score:
        return None
    return str(score)


def _time_up(s: Tx, event_id: int, round_number: int, table: int, now: dt.datetime) -> bool:
    row = rounds_repo.get_round(s, event_id=event_id, number=round_number)
    if row is None or not row.clock:
        return False
    return rc.time_up_at(rc.facts_from_dict(json.loads(row.clock)), now, table)


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
        record = _record_of(s, event_id, found, table)
        stored = _stored_result(s, found, record)
    names = {code: name for _, code, name in found.seats}
    return SuddenDeathState(found.round_number, record, sd.outcome(record), names, stored)


@write
def _step(
    s: Tx,
    *,
    event_id: int,
    table: int,
    round_number: int | None,
    summary: str | Callable[[sd.SuddenDeath, sd.SuddenDeath], str],
    change: Callable[[sd.SuddenDeath], sd.SuddenDeath],
    correct: bool = False,
    starting: tuple[bool, dt.datetime] | None = None,
) -> Done[SuddenDeathState]:
    """One journaled step; `starting` = (called early, now) when sudden death begins.

    `summary` may be worked out from the record before and after the step."""
    found = _found(
        rounds_repo.table_match(s, event_id=event_id, table=table, round_number=round_number),
        table,
    )
    before = _record_of(s, event_id, found, table)
    stored = _stored_result(s, found, before)
    if stored is not None and not correct:
        match = rounds_repo.get_match(s, match_id=found.match_id)
        assert match is not None
        raise ResultExistsError(
            table=table, stored=stored, at=match.reported_at, by=match.reported_by
        )
    if starting is not None:
        early, now = starting
        if not early and not _time_up(s, event_id, found.round_number, table, now):
            raise RefusedError(
                f"table {table}: time is not up there yet (the round's time plus its "
                "extension); sudden death begins at time unless the judge calls it early "
                "(--early)"
            )
    try:
        after = change(before)
    except sd.SuddenDeathError as exc:
        raise InputError(str(exc)) from None
    result, earlier = sd.outcome(after), sd.outcome(before)
    if not isinstance(summary, str):
        summary = summary(before, after)
    if earlier is not None and not correct:  # sudden death wrote the stored result
        match = rounds_repo.get_match(s, match_id=found.match_id)
        assert match is not None
        decided = sd.match_score(earlier, before.players)
        raise ResultExistsError(
            table=table,
            stored=f"{decided} by sudden death",
            at=match.reported_at,
            by=match.reported_by,
        )
    extra = json.loads(found.extra or "{}")
    extra["sudden_death"] = sd.record_to_dict(after)
    extra_text = json.dumps(extra, sort_keys=True)
    warnings: list[str] = []
    if result is not None:
        _, warnings = write_two_player_result(
            s,
            event_id=event_id,
            round_number=found.round_number,
            match_id=found.match_id,
            score=sd.match_score(result, after.players),
            correct=correct or earlier is not None,
            extra=extra_text,
            how=" by sudden death",
        )
    elif earlier is not None:  # a correction reopened the game
        rounds_repo.set_result(s, match_id=found.match_id, wins=None, draws=0, extra=extra_text)
        summary += f"; the result {sd.match_score(earlier, before.players)} is taken back"
    else:
        rounds_repo.save_extra(s, match_id=found.match_id, extra=extra_text)
    names = {code: name for _, code, name in found.seats}
    still_stored = stored if result is None else None
    state = SuddenDeathState(found.round_number, after, result, names, still_stored)
    journal_repo.append(
        s,
        event_id=event_id,
        action=Action.SUDDENDEATH_CORRECT if earlier is not None else Action.SUDDENDEATH_STEP,
        summary=f"round {found.round_number} table {table}: sudden death: "
        + ("correction: " if earlier is not None else "")
        + summary
        + (f"; {state.describe()}" if result is not None else ""),
        before=sd.record_to_dict(before),
        after=sd.record_to_dict(after),
    )
    return Done(state, warnings=tuple(warnings))


def set_active_player(
    db: Database,
    *,
    event_id: int,
    table: int,
    player: str,
    round_number: int | None = None,
    early: bool = False,
    correct: bool = False,
    now: dt.datetime | None = None,
) -> Done[SuddenDeathState]:
    """Begin sudden death: who was the active player at time.

    Refused before time is up at the table unless `early` (the judge calls it, and the
    record says so), and at a table with a result unless `correct`.
    """
    return _step(
        db,
        event_id=event_id,
        table=table,
        round_number=round_number,
        summary=f"{player} was the active player at time"
        + ("; called early by the judge" if early else ""),
        change=lambda r: sd.set_active_player(r, PlayerId(player), called_early=early),
        correct=correct,
        starting=(early, now or dt.datetime.now(dt.UTC)),
    )


@write
def record_turn(
    s: Tx,
    *,
    event_id: int,
    table: int,
    counters: int,
    number: int | None = None,
    player: str | None = None,
    other: int = 0,
    last_territory_lost_by: str | None = None,
    round_number: int | None = None,
    correct: bool = False,
) -> Done[SuddenDeathState]:
    """The table's next turn: `counters` its active player placed, `other` the other player.

    Which turn it is and whose are worked out from the stored record, under the lock.
    `number` (and `player`) are the turn a screen showed: when another station recorded
    it meanwhile, the turn is refused (core `record_turn`), never moved to the next.
    """
    state = load(s.db, event_id=event_id, table=table, round_number=round_number)
    if number is None:
        coming = state.record.next_turn
        if coming is None:
            raise InputError(
                "set the active player first"
                if state.record.first is None
                else f"sudden death at table {table} is over: {state.describe()}"
            )
        number = coming.number
    if player is None:
        if state.record.first is None:
            raise InputError("set the active player first")
        player = state.record.player_of(number)
    turn, whose = number, PlayerId(player)
    lost = PlayerId(last_territory_lost_by) if last_territory_lost_by else None
    note = f", last territory of {lost} destroyed" if lost else ""
    return _step(
        s.db,
        event_id=event_id,
        table=table,
        round_number=round_number,
        summary=f"turn {turn} ({whose}): {counters} counter(s), other player {other}{note}",
        change=lambda r: sd.record_turn(
            r, turn, whose, counters, other=other, last_territory_lost_by=lost
        ),
        correct=correct,
    )


def correct_turn(
    db: Database,
    *,
    event_id: int,
    table: int,
    number: int,
    counters: int,
    other: int | sd.Keep = sd.KEEP,
    last_territory_lost_by: str | sd.Keep | None = sd.KEEP,
    round_number: int | None = None,
    correct: bool = False,
) -> Done[SuddenDeathState]:
    """Turn `number` becomes `counters` for its active player; `other` (the other player's
    count) and `last_territory_lost_by` change only when given (None clears a lost
    territory). The journal says both players' counts before and after."""
    lost = (
        last_territory_lost_by
        if isinstance(last_territory_lost_by, sd.Keep)
        else PlayerId(last_territory_lost_by)
        if last_territory_lost_by
        else None
    )
    return _step(
        db,
        event_id=event_id,
        table=table,
        round_number=round_number,
        summary=lambda before, after: _correction(before, after, number),
        change=lambda r: sd.correct_turn(
            r, number, counters, other=other, last_territory_lost_by=lost
        ),
        correct=correct,
    )


def _correction(before: sd.SuddenDeath, after: sd.SuddenDeath, number: int) -> str:
    """`corrected turn 1 (p2's): p2 placed 2 -> 3, p1 placed 1 -> 1` (+ a lost territory)."""
    was, now = before.turns[number - 1], after.turns[number - 1]
    other = after.opponent(now.player)
    text = (
        f"corrected turn {number} ({now.player}'s): {now.player} placed {was.counters} -> "
        f"{now.counters}, {other} placed {was.other} -> {now.other}"
    )
    if was.last_territory_lost_by != now.last_territory_lost_by:
        text += (
            f", last territory destroyed: {was.last_territory_lost_by or 'none'} -> "
            f"{now.last_territory_lost_by or 'none'}"
        )
    return text


def undo_last_turn(
    db: Database,
    *,
    event_id: int,
    table: int,
    round_number: int | None = None,
    correct: bool = False,
) -> Done[SuddenDeathState]:
    return _step(
        db,
        event_id=event_id,
        table=table,
        round_number=round_number,
        summary="took back the last turn",
        change=sd.undo_last_turn,
        correct=correct,
    )
