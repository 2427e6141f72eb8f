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
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import repeat
from operator import add, and_, attrgetter, itemgetter, rshift, sub

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


@dataclass(frozen=True, slots=True)
class Tally:
    """Every counted player's results as flat columns: position i of each list is `players[i]`.

    What `compute_records` turns into `Record`s and `compute_standings` reads directly, so
    standings of 4,000 players build no `Record` nor any other object per player on the way.
    """

    players: list[PlayerId]
    points: list[int]
    wins: list[int]
    losses: list[int]
    draws: list[int]
    byes: list[int]
    game_points: list[int]
    games: list[int]
    opponents: list[tuple[tuple[int, PlayerId], ...]]
    """(round number, opponent) for every match against someone, in round order."""

    @property
    def matches(self) -> list[int]:
        """Rounds played by each player, byes included."""
        return list(map(_sum3, self.wins, self.losses, self.draws))


def _sum3(a: int, b: int, c: int) -> int:
    return a + b + c


_FIELDS = 7
"""A seat's result packed in one integer: points, wins, losses, draws, byes, game points, games."""
_SEATS_BITS = 32
"""Nobody sits 2**32 times, so a total has 32 bits more than the largest field of one seat."""


class _TooWideError(Exception):
    """A seat's field does not fit the packing width: tally again with `width` bits a field."""

    def __init__(self, width: int) -> None:
        super().__init__(width)
        self.width = width


def _pack(width: int, *fields: int) -> int:
    """`fields` (in `_FIELDS` order) as one integer, `width` bits each, signed.

    Why: adding one integer per seat tallies seven numbers at once, and a sum of packed
    seats is the packed sum of their fields as long as every total stays within
    ±2**(width - 1); `_unpack` reads them back exactly, negative fields included.
    """
    largest = max(abs(f) for f in fields)
    if largest.bit_length() + _SEATS_BITS >= width:
        raise _TooWideError(largest.bit_length() + _SEATS_BITS + 1)
    return sum(f << (width * i) for i, f in enumerate(fields))


def _unpack(packed: list[int], width: int) -> list[list[int]]:
    """The `_FIELDS` columns of packed totals: each field is read as the balanced remainder
    (-2**(width - 1) up to 2**(width - 1)), so a negative field borrows nothing from the next."""
    half = 1 << (width - 1)
    mask = (1 << width) - 1
    biased = list(map(add, packed, repeat(sum(half << (width * i) for i in range(_FIELDS)))))
    return [
        list(
            map(sub, map(and_, map(rshift, biased, repeat(width * i)), repeat(mask)), repeat(half))
        )
        for i in range(_FIELDS)
    ]


def _seat(
    width: int, points: Points, result: int, won: int, drawn: int, lost: int, bye: bool
) -> int:
    """One seat's outcome (`result` +1 won, 0 drawn, -1 lost, games won, drawn, lost), packed."""
    return _pack(
        width,
        points.win if result > 0 else points.loss if result < 0 else points.draw,
        result > 0,
        result < 0,
        result == 0,
        bye,
        GAME_WIN_POINTS * won + GAME_DRAW_POINTS * drawn,
        won + drawn + lost,
    )


class _PairResults(dict[tuple[tuple[int, ...], int], tuple[int, int]]):
    """((a's game wins, b's game wins), drawn games) -> both seats packed, worked out once
    per distinct score: an event of thousands of matches has a handful of scores."""

    def __init__(self, width: int, points: Points) -> None:
        super().__init__()
        self.width = width
        self.points = points

    def __missing__(self, key: tuple[tuple[int, ...], int]) -> tuple[int, int]:
        (a, b), drawn = key
        sign = (a > b) - (a < b)
        packed = (
            _seat(self.width, self.points, sign, a, drawn, b, False),
            _seat(self.width, self.points, -sign, b, drawn, a, False),
        )
        self[key] = packed
        return packed


def tally(
    rounds: Iterable[Round],
    points: Points,
    best_of: int,
    *,
    through_round: int | None = None,
    players: Iterable[PlayerId] = (),
    missed_losses: Mapping[PlayerId, int] | None = None,
    seat_unreported: bool = False,
) -> Tally:
    """Every player's results over the swiss rounds numbered up to `through_round` (all if None).

    Elimination rounds and unreported matches are skipped; `players` come first and get
    a column even if they played nothing, then everyone else in the order first counted.
    `missed_losses` counts rounds a late entrant missed as losses (no opponent, no games).
    `seat_unreported` also gives a column to whoever sits only at unreported tables.
    """
    counted = sorted(
        (
            r
            for r in rounds
            if r.stage == "swiss" and (through_round is None or r.number <= through_round)
        ),
        key=attrgetter("number"),
    )
    listed = list(players)
    missed = missed_losses or {}
    width = 64
    while True:
        try:
            return _tally(
                counted, points, best_of, through_round, listed, missed, seat_unreported, width
            )
        except _TooWideError as wider:  # a score or a points value beyond 2**31: wider fields
            width = wider.width


def _tally(
    rounds: list[Round],
    points: Points,
    best_of: int,
    through_round: int | None,
    players: list[PlayerId],
    missed_losses: Mapping[PlayerId, int],
    seat_unreported: bool,
    width: int,
) -> Tally:
    """`tally` at one packing width: one pass over the matches, one integer added per seat."""
    totals: defaultdict[PlayerId, int] = defaultdict(int, dict.fromkeys(players, 0))
    met: defaultdict[PlayerId, list[tuple[int, PlayerId]]] = defaultdict(list)
    for p, missed in missed_losses.items():
        counted_missed = missed if through_round is None else min(missed, through_round)
        if counted_missed > 0:
            totals[p] += _pack(width, points.loss * counted_missed, 0, counted_missed, 0, 0, 0, 0)
    pair = _PairResults(width, points)
    unreported: list[tuple[PlayerId, ...]] = []
    for rnd in rounds:
        number = rnd.number
        for match in rnd.matches:
            seats, score = match.players, match.wins
            if len(seats) == 2 and score is not None and len(score) == 2:  # the common case
                a, b = seats
                to_a, to_b = pair[score, match.draws]
                totals[a] += to_a
                totals[b] += to_b
                met[a].append((number, b))
                met[b].append((number, a))
                continue
            outcomes = _outcomes(match, best_of)
            if not outcomes:
                unreported.append(seats)
            bye = match.is_bye
            for player, result, won, drawn, lost in outcomes:
                totals[player] += _seat(width, points, result, won, drawn, lost, bye)
                if not bye:
                    met[player].extend((number, o) for o in seats if o != player)
    if seat_unreported:
        for seats in unreported:
            for p in seats:
                totals[p] += 0
    order = list(totals)
    match_points, wins, losses, draws, byes, game_points, games = _unpack(
        list(totals.values()), width
    )
    opponents = list(map(tuple, map(met.__getitem__, order)))
    return Tally(order, match_points, wins, losses, draws, byes, game_points, games, opponents)


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
    t = tally(
        rounds,
        points,
        best_of,
        through_round=through_round,
        players=players,
        missed_losses=missed_losses,
    )
    records = map(
        Record,
        t.players,
        t.points,
        t.wins,
        t.losses,
        t.draws,
        t.byes,
        t.game_points,
        t.games,
        t.opponents,
    )
    return dict(zip(t.players, records, strict=True))


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


def tiebreak_values(
    records: Mapping[PlayerId, Record], points: Points
) -> dict[PlayerId, TiebreakValues]:
    """Points, MWP, OMW, GWP and OGW of every player in `records`, as exact integers
    over shared denominators (see `numerators`)."""
    players = list(records)
    rows = list(records.values())
    match_points = [r.points for r in rows]
    n = numerators(
        players,
        match_points,
        [r.matches for r in rows],
        [r.game_points for r in rows],
        [r.games for r in rows],
        [r.opponents for r in rows],
        points,
    )
    values = map(TiebreakValues, match_points, n.mw, n.omw, n.gw, n.ogw, n.oomw, repeat(n.scale))
    return dict(zip(players, values, strict=True))
