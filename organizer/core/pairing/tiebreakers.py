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
class Scale:
    """The common denominators of one set of tiebreak values (one per percentage).

    Every player's MWP is a whole number over `mw`, every OMW a whole number over
    `omw`, and so on, so sorting compares integers and stays exact.
    """

    mw: int
    gw: int
    omw: int
    ogw: int
    oomw: int


@dataclass(frozen=True, slots=True)
class TiebreakValues:
    """A player's points and the percentages, exact: numerators over `scale`'s denominators.

    `oomw` is the opponents' OMW: the same mean one level further out (Warcaste
    Conquest's second tiebreaker, where every player at a table is an opponent).
    The `Fraction` properties are for showing a value; sorting uses the numerators.
    """

    points: int
    mw_n: int
    omw_n: int
    gw_n: int
    ogw_n: int
    oomw_n: int
    scale: Scale

    @property
    def mw(self) -> Fraction:
        return Fraction(self.mw_n, self.scale.mw)

    @property
    def omw(self) -> Fraction:
        return Fraction(self.omw_n, self.scale.omw)

    @property
    def gw(self) -> Fraction:
        return Fraction(self.gw_n, self.scale.gw)

    @property
    def ogw(self) -> Fraction:
        return Fraction(self.ogw_n, self.scale.ogw)

    @property
    def oomw(self) -> Fraction:
        return Fraction(self.oomw_n, self.scale.oomw)


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
        number = rnd.number
        for match in rnd.matches:
            seats = match.players
            if len(seats) == 2 and match.wins is not None and len(match.wins) == 2:
                _tally_pair(tallies, number, seats, match.wins, match.draws, points)
                continue
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


def _tally_pair(
    tallies: dict[PlayerId, _Tally],
    number: int,
    seats: tuple[PlayerId, ...],
    wins: tuple[int, ...],
    draws: int,
    points: Points,
) -> None:
    """A reported two-player match: the common case, tallied without building outcomes."""
    a, b = seats
    wa, wb = wins
    ta = tallies.get(a)
    if ta is None:
        ta = tallies[a] = _Tally()
    tb = tallies.get(b)
    if tb is None:
        tb = tallies[b] = _Tally()
    if wa > wb:
        ta.wins += 1
        tb.losses += 1
        ta.points += points.win
        tb.points += points.loss
    elif wb > wa:
        tb.wins += 1
        ta.losses += 1
        tb.points += points.win
        ta.points += points.loss
    else:
        ta.draws += 1
        tb.draws += 1
        ta.points += points.draw
        tb.points += points.draw
    played = wa + wb + draws
    ta.game_points += GAME_WIN_POINTS * wa + GAME_DRAW_POINTS * draws
    tb.game_points += GAME_WIN_POINTS * wb + GAME_DRAW_POINTS * draws
    ta.games += played
    tb.games += played
    ta.opponents.append((number, b))
    tb.opponents.append((number, a))


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
    """Points, MWP, OMW, GWP and OGW of every player in `records`, as exact integers.

    Each percentage is a numerator over one denominator shared by every player (the
    least common multiple of the denominators that occur), so the means behind OMW,
    OGW and OOMW are integer sums and the standings sort integers, never `Fraction`s.
    """
    possible = {p: points.win * r.matches for p, r in records.items()}
    games = {p: GAME_WIN_POINTS * r.games for p, r in records.items()}
    d_mw = math.lcm(3, *{d for d in possible.values() if d > 0})
    d_gw = math.lcm(3, *{d for d in games.values() if d > 0})
    mw = {
        p: max(d_mw // 3, r.points * (d_mw // possible[p])) if possible[p] > 0 else d_mw // 3
        for p, r in records.items()
    }
    gw = {
        p: max(d_gw // 3, r.game_points * (d_gw // games[p])) if games[p] > 0 else d_gw // 3
        for p, r in records.items()
    }
    counts = math.lcm(1, *{len(r.opponents) for r in records.values() if r.opponents})
    met = {p: [o for _, o in r.opponents] for p, r in records.items()}
    omw = _means(met, mw, d_mw, counts)
    ogw = _means(met, gw, d_gw, counts)
    oomw = _means(met, omw, d_mw * counts, counts)
    scale = Scale(d_mw, d_gw, d_mw * counts, d_gw * counts, d_mw * counts * counts)
    return {
        p: TiebreakValues(r.points, mw[p], omw[p], gw[p], ogw[p], oomw[p], scale)
        for p, r in records.items()
    }


def _means(
    met: Mapping[PlayerId, list[PlayerId]],
    numerators: Mapping[PlayerId, int],
    over: int,
    counts: int,
) -> dict[PlayerId, int]:
    """Each player's mean of their opponents' `numerators` (over `over`), as a numerator
    over `over * counts`; the floor of 1/3 for a player with no opponents."""
    floor = over * counts // 3
    value = numerators.__getitem__
    return {
        p: sum(map(value, opponents)) * (counts // len(opponents)) if opponents else floor
        for p, opponents in met.items()
    }


SORT_FIELDS = {
    "points": "points",
    "mw": "mw_n",
    "omw": "omw_n",
    "gw": "gw_n",
    "ogw": "ogw_n",
    "oomw": "oomw_n",
}


def sort_key(values: TiebreakValues, order: Sequence[str]) -> tuple[int, ...]:
    """The values named by `order`, in that order, as integers over shared denominators
    (so they compare exactly between players of one standings); larger sorts first."""
    return tuple(getattr(values, SORT_FIELDS[name]) for name in order)
