"""Swiss results tallied: every counted player's points, W-L-D, games and opponents, as columns.

One pass over the matches; each seat's result is packed into one integer (seven signed fields)
and added, so a 4,096-player event of nine rounds tallies in a few milliseconds and builds no
object per player. `core.pairing.tiebreakers` turns a `Tally` into records and exact
percentages; `core.pairing.standings` reads its columns directly.

Rules (shared/spec/event-json.md, MTR Appendix C): a match is won by the player with more game
wins, equal game wins is a drawn match; a bye is a match win worth the win points, 2-0 in games
(1-0 in best-of-1) unless it carries its own game count, and no opponent; a multiplayer game
(3+ seats) is one game: the winner wins, everyone else loses, no winner is a draw for all.

Pure Python: imports nothing but the standard library and `organizer.core.event`.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from itertools import repeat
from operator import add, and_, attrgetter, rshift, sub

from organizer.core.event import Match, PlayerId, Points, Round

GAME_WIN_POINTS = 3
GAME_DRAW_POINTS = 1


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

    What `tiebreakers.records` turns into `Record`s and `compute_standings` reads directly, so
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


Results = tuple[list[int], list[int], list[int], list[int], list[int], list[int], list[int]]
"""A tally's counted columns, in `Record`'s order (see `result_columns`)."""


def result_columns(t: Tally) -> Results:
    """Points, wins, losses, draws, byes, game points and games: the columns a `Record`
    and a standings row take in this order."""
    return t.points, t.wins, t.losses, t.draws, t.byes, t.game_points, t.games


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
