"""Swiss records and the tiebreakers of the Magic Tournament Rules, Appendix C, exactly.

Holds: one `Record` per player from the tally (`core.pairing.tally`: match points, W-L-D,
games, opponents), the percentages MWP, GWP, OMW, OGW and OOMW as integer numerators over
denominators every player shares (`numerators`, `Scale`), so standings sort integers and stay
exact, and the check of a configurable tiebreaker order such as `MTR_TIEBREAKERS`
("points", "omw", "gw", "ogw").

Rules (shared/spec/event-json.md, tests/data/oracle/FORMAT.md, MTR Appendix C):
- MWP = match points / (win points x matches), GWP = game points / (3 x games), game points
  3 per game won and 1 per drawn game; both are floored at 1/3;
- OMW / OGW = mean of the opponents' MWP / GWP, one entry per match, byes excluded; 1/3 for a
  player with no opponent.
The same rules written as plain `Fraction`s, one player at a time, are the reference the tests
check these integers against (tests/core/pairing/mtr_reference.py).

Pure Python: imports nothing but the standard library and `organizer.core`; no Qt, no SQL.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from operator import itemgetter

from organizer.core.event import PlayerId, Points
from organizer.core.pairing.tally import GAME_WIN_POINTS, Tally, result_columns

FLOOR = Fraction(1, 3)
"""The lowest MWP or GWP any player is credited with (MTR Appendix C)."""

TIEBREAKER_NAMES: tuple[str, ...] = ("points", "mw", "omw", "gw", "ogw", "oomw")
"""Every name a tiebreaker order may use; each sorts descending."""


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


class _Percentage:
    """A percentage of `TiebreakValues` as a `Fraction`: the numerator `<name>_n` over the
    scale's denominator `<name>` (each of the five is read the same way)."""

    def __set_name__(self, owner: type, name: str) -> None:
        self._numerator = f"{name}_n"
        self._denominator = name

    def __get__(self, values: TiebreakValues, owner: type | None = None) -> Fraction:
        numerator: int = getattr(values, self._numerator)
        denominator: int = getattr(values.scale, self._denominator)
        return Fraction(numerator, denominator)


@dataclass(frozen=True, slots=True)
class TiebreakValues:
    """A player's percentages, exact: numerators over `scale`'s denominators (the match
    points they rank after are the standing's own `points`).

    `oomw` is the opponents' OMW: the same mean one level further out (Warcaste
    Conquest's second tiebreaker, where every player at a table is an opponent).
    The `Fraction` properties are for showing a value; sorting uses the numerators.
    """

    mw_n: int
    omw_n: int
    gw_n: int
    ogw_n: int
    oomw_n: int
    scale: Scale

    mw = _Percentage()
    omw = _Percentage()
    gw = _Percentage()
    ogw = _Percentage()
    oomw = _Percentage()


def check_order(order: Sequence[str]) -> tuple[str, ...]:
    """Return `order` as a tuple, or raise ValueError naming an unknown or repeated tiebreaker."""
    for name in order:
        if name not in TIEBREAKER_NAMES:
            known = ", ".join(TIEBREAKER_NAMES)
            raise ValueError(f"unknown tiebreaker {name!r}; known tiebreakers: {known}")
    if len(set(order)) != len(order):
        raise ValueError(f"tiebreaker order {tuple(order)!r} names one tiebreaker twice")
    return tuple(order)


def records(t: Tally) -> dict[PlayerId, Record]:
    """Every counted player's `Record`, from the flat columns of a `tally`."""
    by_player = map(Record, t.players, *result_columns(t), t.opponents)
    return dict(zip(t.players, by_player, strict=True))


@dataclass(frozen=True, slots=True)
class Numerators:
    """Every player's percentages as numerators over `scale`, one column each (as in `Tally`)."""

    mw: list[int]
    gw: list[int]
    omw: list[int]
    ogw: list[int]
    oomw: list[int]
    scale: Scale


def numerators(
    players: Sequence[PlayerId],
    match_points: Sequence[int],
    matches: Sequence[int],
    game_points: Sequence[int],
    games: Sequence[int],
    opponents: Sequence[Sequence[tuple[int, PlayerId]]],
    points: Points,
) -> Numerators:
    """MWP, GWP, OMW, OGW and OOMW of every player, as exact integers (columns as in `Tally`).

    Each percentage is a numerator over one denominator shared by every player (the
    least common multiple of the denominators that occur), so the means behind OMW,
    OGW and OOMW are integer sums and the standings sort integers, never `Fraction`s.
    """
    possible = [points.win * m for m in matches]
    d_mw = math.lcm(3, *{d for d in possible if d > 0})
    mw = _floored(match_points, possible, d_mw)
    tripled = [GAME_WIN_POINTS * g for g in games]
    d_gw = math.lcm(3, *{d for d in tripled if d > 0})
    gw = _floored(game_points, tripled, d_gw)
    met = [list(map(_OPPONENT, o)) for o in opponents]
    lengths = list(map(len, met))
    counts = math.lcm(1, *{n for n in lengths if n})
    # OMW and OGW in one pass: each player's MWP and GWP numerators side by side in one
    # integer, the GWP in the low `shift` bits, which no sum over a player's opponents fills
    shift = (max(gw, default=0) * max(lengths, default=0)).bit_length()
    both = _opponent_sums(players, [m << shift | g for m, g in zip(mw, gw, strict=True)], met)
    low = (1 << shift) - 1
    omw = _means([s >> shift for s in both], lengths, counts, d_mw)
    ogw = _means([s & low for s in both], lengths, counts, d_gw)
    oomw = _means(_opponent_sums(players, omw, met), lengths, counts, d_mw * counts)
    scale = Scale(d_mw, d_gw, d_mw * counts, d_gw * counts, d_mw * counts * counts)
    return Numerators(mw, gw, omw, ogw, oomw, scale)


def _floored(numerators: Sequence[int], denominators: Sequence[int], over: int) -> list[int]:
    """Each numerator / denominator as a numerator over `over`, at least 1/3 (1/3 over 0)."""
    floor = over // 3
    factor = {d: over // d for d in set(denominators) if d > 0}
    return [
        max(floor, n * factor[d]) if d > 0 else floor
        for n, d in zip(numerators, denominators, strict=True)
    ]


_OPPONENT = itemgetter(1)


def _opponent_sums(
    players: Sequence[PlayerId], values: Sequence[int], met: list[list[PlayerId]]
) -> list[int]:
    """Each player's sum of `values` over their opponents (`met`, one entry per match)."""
    value = dict(zip(players, values, strict=True)).__getitem__
    return [sum(map(value, opponents)) for opponents in met]


def _means(sums: list[int], lengths: list[int], counts: int, over: int) -> list[int]:
    """Each sum over a player's opponents as a mean: a numerator over `over * counts`;
    the floor of 1/3 for a player with no opponents."""
    floor = over * counts // 3
    factor = {n: counts // n for n in set(lengths) if n}
    return [s * factor[n] if n else floor for s, n in zip(sums, lengths, strict=True)]
