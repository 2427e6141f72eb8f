"""Who can draw into the cut: exact on match points, honest about tiebreakers.

Before a round is played (usually the last swiss round), players at a table ask
whether an intentional draw gets both of them into the top N. Answered here for
every table of the round, from the points each player has now and every way the
other tables can end (issue 34): a draw is

- "safe" when, whatever the other tables do, fewer than N other players can
  finish on as many points as each of the two (so no tiebreaker can push either
  out);
- "out" when, whatever the other tables do, at least N other players finish on
  more points than one of them (no tiebreaker can bring that player in);
- "maybe" otherwise, with what it depends on: the other tables' results, or only
  the tiebreakers once the points are tied.

Exact for points without enumerating 3^tables outcomes: for a threshold of
points, how many players reach it is a sum over tables (each table's outcome
moves only its own two players), so the most and the fewest players at or above
a threshold are sums of each table's most and fewest. Tables are grouped by
the points their players bring (score group against score group), and each
threshold (one per score group) is worked out once; 4,096 players take a few
milliseconds (tests/benchmarks/test_can_draw_bench.py). Dropped players never
make the cut and are not counted.

Pure Python: must not import Qt, SQL or any other organizer layer.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

from organizer.core.event import EventData, Match, PlayerId, Points, Round
from organizer.core.formats.catalog import MTR_TIEBREAKERS
from organizer.core.pairing.standings import compute_standings
from organizer.core.views.wording import plural

Verdict = Literal["safe", "maybe", "out"]

_Pair = tuple[int | None, int | None]
"""The points two players bring to a table; None for a player who cannot make the cut."""


class CanDrawError(ValueError):
    """No round to look at (none paired, or a playoff round); the message says which."""


@dataclass(frozen=True, slots=True)
class PlayerDraw:
    """One player's chances with a draw at their table."""

    player: PlayerId
    name: str
    points: int
    """Points now (before the round)."""
    with_draw: int
    verdict: Verdict
    above_fewest: int
    """Fewest other players who finish above `with_draw`, whatever the other tables do."""
    above_most: int
    """Most other players who can finish above `with_draw`."""
    level_or_above_most: int
    """Most other players who can finish on `with_draw` points or more."""
    why: str


@dataclass(frozen=True, slots=True)
class TableDraw:
    """A table of the round: whether a draw for both players reaches the cut."""

    table: int | None
    players: tuple[PlayerDraw, ...]
    verdict: Verdict
    why: str


@dataclass(frozen=True, slots=True)
class CanDraw:
    round: int
    cut: int
    tables: tuple[TableDraw, ...]


@dataclass(frozen=True, slots=True)
class _Counts:
    """Across all open tables: the most and fewest contenders reaching a threshold."""

    ge_most: int
    gt_most: int
    gt_fewest: int


def outcomes(pair: _Pair, points: Points) -> tuple[_Pair, _Pair, _Pair]:
    """The three ways a two-player table can end: first wins, second wins, a draw."""
    a, b = pair

    def add(value: int | None, extra: int) -> int | None:
        return None if value is None else value + extra

    return (
        (add(a, points.win), add(b, points.loss)),
        (add(a, points.loss), add(b, points.win)),
        (add(a, points.draw), add(b, points.draw)),
    )


def _reaching(pair: _Pair, threshold: int, strictly: bool) -> int:
    return sum(1 for v in pair if v is not None and (v > threshold if strictly else v >= threshold))


def _counts(
    groups: Counter[_Pair], fixed: Sequence[int], threshold: int, points: Points
) -> _Counts:
    ge_most = sum(1 for v in fixed if v >= threshold)
    gt_fixed = sum(1 for v in fixed if v > threshold)
    gt_most = gt_fewest = gt_fixed
    for pair, n in groups.items():
        ends = outcomes(pair, points)
        ge_most += n * max(_reaching(o, threshold, False) for o in ends)
        gt = [_reaching(o, threshold, True) for o in ends]
        gt_most += n * max(gt)
        gt_fewest += n * min(gt)
    return _Counts(ge_most, gt_most, gt_fewest)


def current_round(event: EventData) -> Round:
    """The round whose draws are asked about: the latest round, which must be swiss."""
    if not event.rounds:
        raise CanDrawError("no round is paired yet: pair the round to be played first")
    last = max(event.rounds, key=lambda r: r.number)
    if last.stage != "swiss":
        raise CanDrawError(
            f"round {last.number} is a playoff round: draws into the cut are "
            "asked about before the cut, in a swiss round"
        )
    return last


def can_draw(
    event: EventData, *, cut: int, tiebreakers: Sequence[str] = MTR_TIEBREAKERS
) -> CanDraw:
    """Every table of the latest (swiss) round: can its players draw into a top `cut`?

    Results already reported in that round count as they are; the other tables may end
    any way. A table's own draw is the question, whatever it has reported."""
    if cut < 1:
        raise CanDrawError(f"the cut must be at least 1 player, not {cut}")
    rnd = current_round(event)
    rows = compute_standings(event, tiebreakers=tiebreakers, through_round=rnd.number)
    before = compute_standings(event, tiebreakers=tiebreakers, through_round=rnd.number - 1)
    now = {r.player: r.points for r in rows}
    prior = {r.player: r.points for r in before}
    names = {p.id: p.name for p in event.players}
    contender = {p.id: p.dropped_after_round is None for p in event.players}
    pts = event.points

    def brings(pid: PlayerId) -> int | None:
        return prior.get(pid, 0) if contender.get(pid, False) else None

    open_tables = [m for m in rnd.matches if len(m.players) == 2 and not m.reported]
    groups: Counter[_Pair] = Counter(_key((brings(a), brings(b))) for a, b in _pairs(open_tables))
    in_open = {p for m in open_tables for p in m.players}
    fixed_all = [now.get(p.id, 0) for p in event.players if contender[p.id] and p.id not in in_open]
    cache: dict[int, _Counts] = {}

    def counts(threshold: int) -> _Counts:
        if threshold not in cache:
            cache[threshold] = _counts(groups, fixed_all, threshold, pts)
        return cache[threshold]

    tables: list[TableDraw] = []
    for match in rnd.matches:
        if len(match.players) != 2:
            continue
        a, b = match.players
        pair = (brings(a), brings(b))
        own_open = not match.reported
        seats: list[PlayerDraw] = []
        for me, other in ((a, b), (b, a)):
            seats.append(
                _player(
                    me,
                    other,
                    pair if own_open else None,
                    counts,
                    prior,
                    now,
                    names,
                    contender,
                    cut,
                    pts,
                )
            )
        tables.append(_table(match.table, tuple(seats), cut))
    tables.sort(key=lambda t: (t.table is None, t.table or 0))
    return CanDraw(rnd.number, cut, tuple(tables))


def _pairs(matches: Iterable[Match]) -> Iterable[tuple[PlayerId, PlayerId]]:
    for m in matches:
        a, b = m.players
        yield a, b


def _key(pair: _Pair) -> _Pair:
    """Tables 10-vs-9 and 9-vs-10 are one group: their outcomes are the same multiset."""
    a, b = pair
    if a is None or (b is not None and b > a):
        return (b, a)
    return pair


def _player(
    me: PlayerId,
    other: PlayerId,
    own_pair: _Pair | None,
    counts: Callable[[int], _Counts],
    prior: dict[PlayerId, int],
    now: dict[PlayerId, int],
    names: dict[PlayerId, str],
    contender: dict[PlayerId, bool],
    cut: int,
    pts: Points,
) -> PlayerDraw:
    base = prior.get(me, 0)
    target = base + pts.draw
    name = names.get(me, me)
    if not contender.get(me, False):
        return PlayerDraw(
            me, name, base, target, "out", 0, 0, 0, f"{name} has dropped and cannot make the cut"
        )
    c = counts(target)
    ge_most, gt_most, gt_fewest = c.ge_most, c.gt_most, c.gt_fewest
    # the totals count this player (and the opponent) as they stand in the whole round:
    # take out their own table and put the opponent back at their points after the draw
    if own_pair is not None:
        ends = outcomes(own_pair, pts)
        ge_most -= max(_reaching(o, target, False) for o in ends)
        gt_most -= max(_reaching(o, target, True) for o in ends)
        gt_fewest -= min(_reaching(o, target, True) for o in ends)
        opp = None if not contender.get(other, False) else prior.get(other, 0) + pts.draw
    else:
        mine = now.get(me, 0)
        ge_most -= 1 if mine >= target else 0
        gt_most -= 1 if mine > target else 0
        gt_fewest -= 1 if mine > target else 0
        opp_now = now.get(other, 0) if contender.get(other, False) else None
        if opp_now is not None:
            ge_most -= 1 if opp_now >= target else 0
            gt_most -= 1 if opp_now > target else 0
            gt_fewest -= 1 if opp_now > target else 0
        opp = None if not contender.get(other, False) else prior.get(other, 0) + pts.draw
    if opp is not None:
        ge_most += 1 if opp >= target else 0
        gt_most += 1 if opp > target else 0
        gt_fewest += 1 if opp > target else 0
    has = plural(target, "point")
    verdict: Verdict
    if ge_most < cut:
        verdict = "safe"
        why = (
            f"{name} would have {has}; at most {ge_most} other players can "
            f"finish on {target} or more, so a top {cut} is certain"
        )
    elif gt_fewest >= cut:
        verdict = "out"
        why = (
            f"{name} would have {has}; at least {gt_fewest} other players "
            f"finish above that whatever happens, for {cut} places"
        )
    elif gt_most < cut:
        verdict = "maybe"
        why = (
            f"{name} would have {has}; no more than {gt_most} players can finish "
            f"above, but up to {ge_most} can finish on {target} or more: a tie on points "
            "for the last places is decided by tiebreakers"
        )
    else:
        verdict = "maybe"
        why = (
            f"{name} would have {has}; depends on the other tables: between "
            f"{gt_fewest} and {gt_most} players can finish above, for {cut} places"
        )
    return PlayerDraw(me, name, base, target, verdict, gt_fewest, gt_most, ge_most, why)


def _table(table: int | None, seats: tuple[PlayerDraw, ...], cut: int) -> TableDraw:
    verdicts = {s.verdict for s in seats}
    if verdicts == {"safe"}:
        return TableDraw(table, seats, "safe", f"both players make the top {cut} with a draw")
    if "out" in verdicts:
        out = [s for s in seats if s.verdict == "out"]
        return TableDraw(table, seats, "out", "; ".join(s.why for s in out))
    unsure = [s for s in seats if s.verdict == "maybe"]
    return TableDraw(table, seats, "maybe", "; ".join(s.why for s in unsure))
