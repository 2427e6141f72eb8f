"""Swiss records and the tiebreakers of the Magic Tournament Rules, Appendix C, in exact fractions.

Holds: turning reported matches into one `Record` per player (match points, W-L-D, games,
opponents), the percentages MWP, GWP, OMW and OGW as `fractions.Fraction`, and the sort key for a
configurable tiebreaker order such as `MTR_TIEBREAKERS` ("points", "omw", "gw", "ogw").

Rules (shared/spec/event-json.md, tests/data/oracle/FORMAT.md, MTR Appendix C):
- a match is won by the player with more game wins; equal game wins is a drawn match;
- a bye is a match win worth the win points, 2-0 in games (1-0 in best-of-1) unless the match
  carries its own game count; it counts as a round played and is no opponent;
- MWP = match points / (win points x matches), GWP = game points / (3 x games), game points
  3 per game won and 1 per drawn game; both are floored at 1/3;
- OMW / OGW = mean of the opponents' MWP / GWP, one entry per match, byes excluded;
- a multiplayer game (3+ seats) is one game: the winner wins, everyone else loses, no winner is
  a draw for all; every other seat is an opponent.

Pure Python: imports nothing but the standard library and `organizer.core.event`; no Qt, no SQL.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from organizer.core.event import Match, PlayerId, Points, Round

FLOOR = Fraction(1, 3)
"""The lowest MWP or GWP any player is credited with (MTR Appendix C)."""

TIEBREAKER_NAMES: tuple[str, ...] = ("points", "mw", "omw", "gw", "ogw", "oomw")
"""Every name a tiebreaker order may use; each sorts descending."""

GAME_WIN_POINTS = 3
GAME_DRAW_POINTS = 1


@dataclass(frozen=True, slots=True)
class Record:
    """One player's results over the counted rounds."""

    player: PlayerId
    points: int = 0
    wins: int = 0
    losses: int = 0
    draws: int = 0
    byes: int = 0
    game_points: int = 0
    games: int = 0
    opponents: tuple[tuple[int, PlayerId], ...] = ()
    """(round number, opponent) for every match against someone, in round order."""

    @property
    def matches(self) -> int:
        """Rounds played, byes included."""
        return self.wins + self.losses + self.draws


@dataclass(frozen=True, slots=True)
class TiebreakValues:
    """A player's points and the percentages, exact.

    `oomw` is the opponents' OMW: the same mean one level further out (Warcaste
    Conquest's second tiebreaker, where every player at a table is an opponent).
    """

    points: int
    mw: Fraction
    omw: Fraction
    gw: Fraction
    ogw: Fraction
    oomw: Fraction = FLOOR


@dataclass(slots=True)
class _Tally:
    points: int = 0
    wins: int = 0
    losses: int = 0
    draws: int = 0
    byes: int = 0
    game_points: int = 0
    games: int = 0
    opponents: list[tuple[int, PlayerId]] = field(default_factory=list)


def check_order(order: Sequence[str]) -> tuple[str, ...]:
    """Return `order` as a tuple, or raise ValueError naming an unknown or repeated tiebreaker."""
    for name in order:
        if name not in TIEBREAKER_NAMES:
            known = ", ".join(TIEBREAKER_NAMES)
            raise ValueError(f"unknown tiebreaker {name!r}; known tiebreakers: {known}")
    if len(set(order)) != len(order):
        raise ValueError(f"tiebreaker order {tuple(order)!r} names one tiebreaker twice")
    return tuple(order)


def bye_games(match: Match, best_of: int) -> int:
    """Games a bye is worth: the recorded count, else 2 in best-of-3 or longer, 1 in best-of-1."""
    if match.wins is not None and len(match.wins) == 1:
        return match.wins[0]
    return 2 if best_of >= 3 else 1


_Outcome = tuple[PlayerId, int, int, int, int]
"""(player, match result +1 / 0 / -1, games won, games drawn, games lost)."""


def _outcomes(match: Match, best_of: int) -> list[_Outcome]:
    """One outcome per seat of a reported match; none for an unreported one."""
    players, wins = match.players, match.wins
    if match.is_bye:
        return [(players[0], 1, bye_games(match, best_of), 0, 0)]
    if wins is None or len(wins) != len(players):
        return []  # unreported (or malformed): not counted
    if not match.is_multiplayer:
        a, b, d = wins[0], wins[1], match.draws
        sign = (a > b) - (a < b)
        return [(players[0], sign, a, d, b), (players[1], -sign, b, d, a)]
    winner = match.winner
    if winner is None:
        best = max(wins)
        if best > 0 and wins.count(best) == 1:
            winner = players[wins.index(best)]
    if winner is None:
        drew = set(match.drew)
        return [(p, 0, 0, 1, 0) if p in drew else (p, -1, 0, 0, 1) for p in players]
    return [(p, 1, 1, 0, 0) if p == winner else (p, -1, 0, 0, 1) for p in players]


def compute_records(
    rounds: Iterable[Round],
    points: Points,
    best_of: int,
    *,
    through_round: int | None = None,
    players: Iterable[PlayerId] = (),
    missed_losses: Mapping[PlayerId, int] | None = None,
) -> dict[PlayerId, Record]:
    """Every player's record over the swiss rounds numbered up to `through_round` (all if None).

    Elimination rounds and unreported matches are skipped; `players` get a record even if they
    played nothing. `missed_losses` counts rounds a late entrant missed as losses (no
    opponent, no games), when the event says so.
    """
    tallies: dict[PlayerId, _Tally] = {p: _Tally() for p in players}
    for p, missed in (missed_losses or {}).items():
        counted_missed = missed if through_round is None else min(missed, through_round)
        if counted_missed > 0:
            late = tallies.setdefault(p, _Tally())
            late.losses += counted_missed
            late.points += points.loss * counted_missed
    counted = (
        r
        for r in rounds
        if r.stage == "swiss" and (through_round is None or r.number <= through_round)
    )
    for rnd in sorted(counted, key=lambda r: r.number):
        for match in rnd.matches:
            seats = match.players
            for player, result, won, drawn, lost in _outcomes(match, best_of):
                t = tallies.get(player)
                if t is None:
                    t = tallies[player] = _Tally()
                if result > 0:
                    t.wins += 1
                    t.points += points.win
                elif result < 0:
                    t.losses += 1
                    t.points += points.loss
                else:
                    t.draws += 1
                    t.points += points.draw
                t.game_points += GAME_WIN_POINTS * won + GAME_DRAW_POINTS * drawn
                t.games += won + drawn + lost
                if match.is_bye:
                    t.byes += 1
                else:
                    t.opponents.extend((rnd.number, o) for o in seats if o != player)
    return {
        p: Record(
            p,
            t.points,
            t.wins,
            t.losses,
            t.draws,
            t.byes,
            t.game_points,
            t.games,
            tuple(t.opponents),
        )
        for p, t in tallies.items()
    }


def match_win_percentage(record: Record, points: Points) -> Fraction:
    """MWP: match points / (win points x matches played), at least 1/3 (1/3 with no matches)."""
    possible = points.win * record.matches
    if possible <= 0:
        return FLOOR
    return max(FLOOR, Fraction(record.points, possible))


def game_win_percentage(record: Record) -> Fraction:
    """GWP: game points / (3 x games played), at least 1/3 (1/3 with no games)."""
    if record.games <= 0:
        return FLOOR
    return max(FLOOR, Fraction(record.game_points, GAME_WIN_POINTS * record.games))


def opponents_average(record: Record, values: Mapping[PlayerId, Fraction]) -> Fraction:
    """Mean of `values` over the record's opponents, one entry per match; 1/3 with none.

    With no opponents (only byes) the mean is undefined; 1/3 is the lowest any mean of floored
    percentages can be, so such a player sorts below every player with opponents.
    """
    opponents = record.opponents
    if not opponents:
        return FLOOR
    total = sum((values[o] for _, o in opponents), Fraction(0))
    return total / len(opponents)


def tiebreak_values(
    records: Mapping[PlayerId, Record], points: Points
) -> dict[PlayerId, TiebreakValues]:
    """Points, MWP, OMW, GWP and OGW of every player in `records` (each computed once)."""
    mwp = {p: match_win_percentage(r, points) for p, r in records.items()}
    gwp = {p: game_win_percentage(r) for p, r in records.items()}
    omw, ogw = _averages(records, mwp), _averages(records, gwp)
    oomw = _averages(records, omw)
    return {
        p: TiebreakValues(r.points, mwp[p], omw[p], gwp[p], ogw[p], oomw[p])
        for p, r in records.items()
    }


def _averages(
    records: Mapping[PlayerId, Record], values: Mapping[PlayerId, Fraction]
) -> dict[PlayerId, Fraction]:
    """`opponents_average` for every record, in integers over one common denominator (fast)."""
    common = math.lcm(*{v.denominator for v in values.values()})
    scaled = {p: v.numerator * (common // v.denominator) for p, v in values.items()}
    return {
        p: Fraction(sum(scaled[o] for _, o in r.opponents), common * len(r.opponents))
        if r.opponents
        else FLOOR
        for p, r in records.items()
    }


def sort_key(values: TiebreakValues, order: Sequence[str]) -> tuple[Fraction | int, ...]:
    """The values named by `order`, in that order; larger sorts first."""
    return tuple(getattr(values, name) for name in order)
