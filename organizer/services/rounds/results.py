"""Entering and correcting match results by table number.

A result is written in one transaction with its journal entry, under the
event's write lock, so it is on disk before the screen updates and two
stations never overwrite each other silently: a table that already has a
result is refused (`ResultExistsError`, naming what is stored, when and at
which station) unless the call says it is a correction. Correcting a result
of an earlier round is allowed (standings are always recomputed from all
results) but warns that the rounds paired after it were paired from the old
result.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from organizer.core.formats.catalog import format_or_unknown
from organizer.core.results import ResultError, Score, check_score, table_draw
from organizer.core.views.times import time_of_day
from organizer.services.event.events import get_event
from organizer.services.kit.changes import Done
from organizer.services.kit.errors import InputError, RefusedError
from organizer.services.kit.write_lock import write
from organizer.services.players.registration import write_drop
from organizer.services.rounds import table_penalties
from organizer.storage import (
    events_repo,
    journal_repo,
    penalties_repo,
    registrations_repo,
    rounds_repo,
)
from organizer.storage.database import Database, Tx
from organizer.storage.journal_repo import Action, station

PLAYOFF_DRAWN_GAMES = "playoff_drawn_games"
"""Key in a match's extra facts: drawn games of a one-game playoff match still going on."""


class ResultExistsError(RefusedError):
    """The table already has a result and the call did not say it corrects it."""

    def __init__(self, *, table: int, stored: str, at: dt.datetime | None, by: str | None) -> None:
        self.table = table
        self.stored = stored
        self.at = at
        self.by = by
        super().__init__(
            f"table {table} already has {stored}{self.entered}; "
            "to replace it, enter it as a correction (--correct)"
        )

    @property
    def entered(self) -> str:
        """When and where the stored result was entered, as far as the match knows:
        ", entered 10:42 at ada@counter"."""
        when = f", entered {time_of_day(self.at)}" if self.at else ""
        return when + (f" at {self.by}" if self.by else "")

    def question(self) -> str:
        """The question a screen asks before replacing the stored result."""
        return f"Table {self.table} already has {self.stored}{self.entered}. Replace it?"


class PenalizedWinnerError(RefusedError):
    """A Conquest result favours a player penalized at the table; the TO may confirm it."""


@dataclass(frozen=True, slots=True)
class ResultOutcome:
    round_number: int
    table: int
    recorded: Score
    corrected_from: Score | None
    continues: bool = False
    """A drawn game of a one-game playoff match, kept with the match, which stays open."""


def who_entered(
    db: Database, *, event_id: int, round_number: int, table: int
) -> tuple[str, str] | None:
    """When (local HH:MM) and where (user@host) a table's stored result was entered,
    as the match keeps them, so a slip can say who was first before it replaces
    another station's result; None for a table without one."""
    with db.reading() as s:
        round_row = rounds_repo.get_round(s, event_id=event_id, number=round_number)
        if round_row is None or round_row.id is None:
            return None
        match = rounds_repo.match_at_table(s, round_id=round_row.id, table=table)
    if match is None or match.reported_at is None:
        return None
    return time_of_day(match.reported_at), match.reported_by or "another station"


def draws_allowed(format_id: str) -> bool:
    return format_or_unknown(format_id).draws_allowed


@write
def record_result(
    s: Tx,
    *,
    event_id: int,
    table: int,
    score: Score,
    round_number: int | None = None,
    tiebreak_winner: int | None = None,
    drop: tuple[bool, bool] = (False, False),
    correct: bool = False,
) -> Done[ResultOutcome]:
    """Record `score` (player A's games first) at `table` of a round (default: the latest).

    `drop` ticks the slip's drop boxes: those players are dropped after this round.
    A table that already has a result is refused unless `correct` is given.
    """
    round_row = rounds_repo.round_or_latest(s, event_id=event_id, number=round_number)
    if round_row is None or round_row.id is None:
        which = "yet" if round_number is None else str(round_number)
        raise RefusedError(f"there is no round {which}: pair a round first")
    match = rounds_repo.match_at_table(s, round_id=round_row.id, table=table)
    if match is None or match.id is None:
        raise RefusedError(f"round {round_row.number} has no table {table}")
    outcome, warnings = write_two_player_result(
        s,
        event_id=event_id,
        round_number=round_row.number,
        match_id=match.id,
        score=score,
        tiebreak_winner=tiebreak_winner,
        drop=drop,
        correct=correct,
    )
    warnings.extend(
        penalties_repo.unplayed_game_losses(
            s, event_id=event_id, round_number=round_row.number, table=table,
            seats=[x.registration_id for x in rounds_repo.seats_of(s, match_id=match.id)],
            games_won=(outcome.recorded.a_wins, outcome.recorded.b_wins),
        )
    )  # fmt: skip
    return Done(outcome, warnings=tuple(warnings))


def write_two_player_result(
    s: Tx,
    *,
    event_id: int,
    round_number: int,
    match_id: int,
    score: Score,
    tiebreak_winner: int | None = None,
    drop: tuple[bool, bool] = (False, False),
    correct: bool = False,
    extra: str | None = None,
    how: str = "",
    by: str | None = None,
) -> tuple[ResultOutcome, list[str]]:
    """The result rules of a two-player match, inside the caller's locked transaction.

    Every path that decides a two-player match (a slip, sudden death) writes through
    here: the score is checked for the match length and format (core.results), a
    playoff needs a winner, and a stored result is replaced only as a `correct`ion.
    `extra` is stored with the match (the sudden-death record); `how` is journaled.
    `by` is who the match says entered it (default: this station).
    """
    event = events_repo.get_row(s, event_id)
    round_row = rounds_repo.get_round(s, event_id=event_id, number=round_number)
    match = rounds_repo.get_match(s, match_id=match_id)
    assert event is not None and round_row is not None and match is not None
    table = match.table_no
    seats = rounds_repo.seats_of(s, match_id=match_id)
    if len(seats) != 2:
        raise RefusedError(
            f"table {table} seats {len(seats)} players; enter its winner instead of a score"
        )
    playoff = round_row.stage == "elimination"
    facts = json.loads(extra if extra is not None else (match.extra or "{}"))
    earlier_draws = int(facts.get(PLAYOFF_DRAWN_GAMES, 0))
    if (
        playoff
        and event.best_of == 1
        and match.status != "reported"
        and (score.a_wins, score.b_wins) == (0, 0)
        and score.draws > 0
        and draws_allowed(event.format_id)
    ):
        return _playoff_game_drawn(s, event_id, round_number, match, score.draws, facts), [
            f"round {round_number} table {table}: the playoff game is drawn; the match "
            "continues with another game (docs/rules.md, Top cut); enter its winner's 1-0 "
            "or 0-1 when it ends"
        ]
    try:
        checked = check_score(
            score,
            best_of=event.best_of,
            draws_allowed=draws_allowed(event.format_id),
            tiebreak_winner=tiebreak_winner,
            playoff=playoff,
        )
    except ResultError as exc:
        raise InputError(f"table {table}: {exc}") from None
    if earlier_draws and match.status != "reported":  # the drawn games of this playoff match
        checked = Score(checked.a_wins, checked.b_wins, checked.draws + earlier_draws)
    old = (
        Score(seats[0].game_wins or 0, seats[1].game_wins or 0, seats[0].game_draws or 0)
        if match.status == "reported"
        else None
    )
    if old is not None and not correct:
        raise ResultExistsError(
            table=table or 0, stored=str(old), at=match.reported_at, by=match.reported_by
        )
    rounds_repo.set_result(
        s,
        match_id=match_id,
        wins=(checked.a_wins, checked.b_wins),
        draws=checked.draws,
        extra=extra,
        by=by or station(),
    )
    warnings: list[str] = []
    later = rounds_repo.later_round_numbers(s, event_id=event_id, after=round_number)
    if old is not None and later:
        rounds = ", ".join(str(n) for n in later)
        warnings.append(
            f"round {round_number} table {table} changed from {old} to {checked}: "
            f"round(s) {rounds} were paired from the old result"
        )
    players = [registrations_repo.get(s, registration_id=x.registration_id) for x in seats]
    names = [p.name if p is not None else "?" for p in players]
    action = Action.RESULT_CORRECT if old is not None else Action.RESULT_RECORD
    verb = f"corrected {old} to" if old is not None else "recorded"
    journal_repo.append(
        s,
        event_id=event_id,
        action=action,
        summary=f"round {round_number} table {table}: {verb} {checked} "
        f"({names[0]} vs {names[1]}){how}",
        before=None if old is None else str(old),
        after={
            "round": round_number,
            "table": table,
            "score": str(checked),
            "as_written": str(score),
            "tiebreak_winner": tiebreak_winner,
            "drop": list(drop),
        },
    )
    for player, dropped in zip(players, drop, strict=True):
        if dropped and player is not None and not player.dropped:
            write_drop(
                s,
                event_id=event_id,
                player=player,
                after_round=round_number,
                action=Action.RESULT_DROP,
                why=f"round {round_number} table {table}: the slip's drop box",
            )
    outcome = ResultOutcome(
        round_number=round_number, table=table or 0, recorded=checked, corrected_from=old
    )
    return outcome, warnings


def _playoff_game_drawn(
    s: Tx,
    event_id: int,
    round_number: int,
    match: Any,
    drawn: int,
    facts: dict[str, Any],
) -> ResultOutcome:
    """A drawn game of a one-game playoff match: kept with the match, which stays open."""
    total = int(facts.get(PLAYOFF_DRAWN_GAMES, 0)) + drawn
    facts[PLAYOFF_DRAWN_GAMES] = total
    rounds_repo.save_extra(s, match_id=match.id, extra=json.dumps(facts, sort_keys=True))
    journal_repo.append(
        s,
        event_id=event_id,
        action=Action.RESULT_PLAYOFF_DRAWN_GAME,
        summary=f"round {round_number} table {match.table_no}: playoff game drawn "
        f"({total} drawn so far); the match continues with another game",
        after={"round": round_number, "table": match.table_no, "drawn_games": total},
    )
    return ResultOutcome(round_number, match.table_no or 0, Score(0, 0, drawn), None, True)


@write
def record_table_result(
    s: Tx,
    *,
    event_id: int,
    table: int,
    winner: str | None,
    drawn: Sequence[str] | None = None,
    round_number: int | None = None,
    correct: bool = False,
    by: str | None = None,
    confirm: bool = False,
    loser: str | None = None,
) -> Done[ResultOutcome]:
    """A multiplayer (Conquest) table: its winner, or a draw for everyone or for `drawn`
    (the players still in at time); the others at the table lose. An event whose end-of-round
    rule is that everyone draws at time refuses a draw for only some. `loser` is a game
    that one player ended by conceding or losing their last territory (1d): that player
    loses and everyone else draws, whatever the end-of-round rule. A table that
    already has a result is refused unless `correct` is given; a result naming a player
    penalized at the table the winner or among those who drew, unless `confirm` is given."""
    rule = get_event(s.db, event_id).settings.conquest_time_draw
    found = rounds_repo.table_match(s, event_id=event_id, table=table, round_number=round_number)
    if found is None:
        raise RefusedError(f"there is no table {table} in that round")
    codes = [code for _, code, _ in found.seats]
    names = {code: name for _, code, name in found.seats}
    reg_of = {code: rid for rid, code, _ in found.seats}
    try:
        drawn = table_penalties.all_but_loser(codes, loser, winner, drawn)
        drew = list(table_draw(codes, winner, drawn))
    except ResultError as exc:
        raise InputError(f"table {table}: {exc}") from None
    if winner is None and loser is None and set(drew) != set(codes) and rule == "everyone":
        raise RefusedError(
            f"table {table}: at time everyone at the table draws (Warcaste 8c: no "
            "elimination); a draw for only the players still in is a house option "
            "(setting conquest_time_draw = still-in); record a draw for everyone or a winner"
        )
    if not confirm:
        problem = table_penalties.penalized_among(
            s, event_id=event_id, round_number=found.round_number, table=table,
            winner=winner, drew=drew,
        )  # fmt: skip
        if problem is not None:
            raise PenalizedWinnerError(problem)
    wins = [1 if c == winner else 0 for c in codes]
    per_seat = [1 if c in drew else 0 for c in codes]
    old = found.status == "reported"
    if old and not correct:
        stored = rounds_repo.get_match(s, match_id=found.match_id)
        assert stored is not None
        winner_code = {rid: code for rid, code, _ in found.seats}.get(
            stored.winner_registration_id or -1
        )
        raise ResultExistsError(
            table=table,
            stored=f"{names[winner_code]} wins" if winner_code else "a draw",
            at=stored.reported_at,
            by=stored.reported_by,
        )
    rounds_repo.set_result(
        s,
        match_id=found.match_id,
        wins=wins,
        draws=1 if winner is None else 0,
        winner_registration_id=reg_of[winner] if winner is not None else None,
        per_seat_draws=per_seat,
        by=by or station(),
    )
    said = (
        f"{names[winner]} wins"
        if winner is not None
        else f"{names[loser]} lost (1d: conceded or last territory destroyed), the others draw"
        if loser is not None
        else "draw for "
        + ("everyone" if set(drew) == set(codes) else ", ".join(names[d] for d in drew))
    )
    later = rounds_repo.later_round_numbers(s, event_id=event_id, after=found.round_number)
    warnings = (
        [f"round(s) {', '.join(map(str, later))} were seated from the old result"]
        if old and later
        else []
    )
    journal_repo.append(
        s,
        event_id=event_id,
        action=Action.RESULT_CORRECT if old else Action.RESULT_RECORD,
        summary=f"round {found.round_number} table {table}: {said}",
        after={"round": found.round_number, "table": table, "winner": winner, "drawn": drew}
        | ({"loser": loser} if loser is not None else {}),
    )
    score = Score(1, 0) if winner is not None else Score(0, 0, 1)
    return Done(ResultOutcome(found.round_number, table, score, None), warnings=tuple(warnings))
