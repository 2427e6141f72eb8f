"""`can_draw` against a brute-force enumeration of the round's outcomes, on real events.

Each real event (tests/data/oracle) is cut back to its last swiss round, paired but not
played. The brute force here knows nothing of the per-table sums `can_draw` uses: for 16
players it plays out every one of the 3^tables outcomes; for 64 and 226 players it
enumerates, score group by score group, every split of a group's tables into first-wins /
second-wins / draws and collects every count of players that can reach a threshold.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections import Counter
from collections.abc import Iterable

import pytest

from organizer.core.event import EventData, Match, PlayerId, Points
from organizer.core.pairing.can_draw import CanDrawError, can_draw
from organizer.core.pairing.standings import compute_standings
from tests.oracle_data import ORACLE_DIR, load_oracle

EVENTS = {16: ("melee-81713.json", 3), 64: ("melee-88895.json", 2), 226: ("melee-52917.json", 3)}
"""Field size asked for -> (real event, the swiss round whose field is nearest that size:
17, 67 and 229 players seated)."""


def last_round_unplayed(name: str, last: int) -> EventData:
    """The event as it stood when round `last` was paired, taken as the last swiss round:
    that round's results taken out, later rounds gone, players dropped later not dropped yet."""
    event = load_oracle(ORACLE_DIR / "events" / name).event
    rounds = []
    for r in event.rounds:
        if r.number > last:
            continue
        if r.number == last:
            r = dataclasses.replace(
                r,
                matches=tuple(
                    m if m.is_bye else dataclasses.replace(m, table=n, wins=None, draws=0)
                    for n, m in enumerate(r.matches, start=1)
                ),
            )
        rounds.append(r)
    played_last = {p for m in rounds[-1].matches for p in m.players}
    players = tuple(
        dataclasses.replace(p, dropped_after_round=None if p.id in played_last else last - 1)
        for p in event.players
    )
    return dataclasses.replace(event, rounds=tuple(rounds), players=players)


def _reach(values: Iterable[int], threshold: int) -> tuple[int, int]:
    vals = list(values)
    return sum(v >= threshold for v in vals), sum(v > threshold for v in vals)


def _split(event: EventData, table: Match) -> tuple[list[tuple[int, int]], list[int], int]:
    """Other open tables as (points, points), fixed points of everyone else, and the round."""
    rnd = max(event.rounds, key=lambda r: r.number)
    before = {r.player: r.points for r in compute_standings(event, through_round=rnd.number - 1)}
    contenders = {p.id for p in event.players if p.dropped_after_round is None}
    others = [m for m in rnd.matches if len(m.players) == 2 and m is not table]
    seated = {p for m in rnd.matches for p in m.players}
    byes = [m.players[0] for m in rnd.matches if m.is_bye]
    tables = [(before[m.players[0]], before[m.players[1]]) for m in others]
    # dropped players at a table: never reach anything (a huge negative)
    tables = [
        (
            a if m.players[0] in contenders else -(10**6),
            b if m.players[1] in contenders else -(10**6),
        )
        for (a, b), m in zip(tables, others, strict=True)
    ]
    fixed = [before[p] + event.points.win for p in byes if p in contenders]
    fixed += [before.get(p, 0) for p in contenders if p not in seated]
    return tables, fixed, rnd.number


def brute_every_outcome(
    tables: list[tuple[int, int]], fixed: list[int], threshold: int, pts: Points
) -> set[tuple[int, int]]:
    """Every (at-or-above, above) count over all 3^len(tables) outcomes."""
    seen = set()
    ways = ((pts.win, pts.loss), (pts.loss, pts.win), (pts.draw, pts.draw))
    for outcome in itertools.product(ways, repeat=len(tables)):
        finals = list(fixed)
        for (a, b), (da, db) in zip(tables, outcome, strict=True):
            finals += [a + da, b + db]
        seen.add(_reach(finals, threshold))
    return seen


def brute_by_score_group(
    tables: list[tuple[int, int]], fixed: list[int], threshold: int, pts: Points
) -> tuple[set[int], set[int]]:
    """Every reachable count of players at-or-above and above `threshold`: each score group
    (tables with the same points on each side) split every way into wins, losses, draws."""
    ge: set[int] = {_reach(fixed, threshold)[0]}
    gt: set[int] = {_reach(fixed, threshold)[1]}
    for (a, b), n in Counter(tables).items():
        group_ge, group_gt = set(), set()
        for i in range(n + 1):
            for j in range(n + 1 - i):
                k = n - i - j
                finals = (
                    [a + pts.win, b + pts.loss] * i
                    + [a + pts.loss, b + pts.win] * j
                    + [a + pts.draw, b + pts.draw] * k
                )
                g, t = _reach(finals, threshold)
                group_ge.add(g)
                group_gt.add(t)
        ge = {x + y for x in ge for y in group_ge}
        gt = {x + y for x in gt for y in group_gt}
    return ge, gt


@pytest.mark.parametrize("size", sorted(EVENTS))
def test_can_draw_equals_a_brute_force_enumeration_for_points(size: int) -> None:
    event = last_round_unplayed(*EVENTS[size])
    active = [p for p in event.players if p.dropped_after_round is None]
    assert abs(len(active) - size) <= 3, len(active)  # the sizes the docstring names
    cut = 8
    result = can_draw(event, cut=cut)
    rnd = max(event.rounds, key=lambda r: r.number)
    before = {r.player: r.points for r in compute_standings(event, through_round=rnd.number - 1)}
    by_table = {t.table: t for t in result.tables}
    verdicts: Counter[str] = Counter()
    cache: dict[tuple[int, tuple[int, ...], int], tuple[set[int], set[int]]] = {}
    for match in (m for m in rnd.matches if len(m.players) == 2):
        found = by_table[match.table]
        others, fixed, _ = _split(event, match)
        for seat in found.players:
            me: PlayerId = seat.player
            (opp,) = [p for p in match.players if p != me]
            target = before[me] + event.points.draw
            assert seat.with_draw == target
            fixed_with_opp = [*fixed, before[opp] + event.points.draw]
            if size <= 16:
                pairs = brute_every_outcome(others, fixed_with_opp, target, event.points)
                ge = {g for g, _ in pairs}
                gt = {t for _, t in pairs}
            else:
                own = tuple(sorted((before[match.players[0]], before[match.players[1]])))
                ck = (target, own, before[opp])
                if ck not in cache:
                    cache[ck] = brute_by_score_group(others, fixed_with_opp, target, event.points)
                ge, gt = cache[ck]
            assert seat.level_or_above_most == max(ge), (match.table, me)
            assert seat.above_most == max(gt), (match.table, me)
            assert seat.above_fewest == min(gt), (match.table, me)
            expected = "safe" if max(ge) < cut else "out" if min(gt) >= cut else "maybe"
            assert seat.verdict == expected
            verdicts[seat.verdict] += 1
    # a real last round has players of each kind (otherwise this test would prove little)
    assert "out" in verdicts and "maybe" in verdicts, verdicts


def test_a_table_is_safe_only_when_both_are_and_out_when_either_is() -> None:
    event = last_round_unplayed(*EVENTS[64])
    for table in can_draw(event, cut=8).tables:
        kinds = {p.verdict for p in table.players}
        if kinds == {"safe"}:
            assert table.verdict == "safe"
        elif "out" in kinds:
            assert table.verdict == "out"
        else:
            assert table.verdict == "maybe"
        assert table.why


def test_no_round_or_a_playoff_round_is_refused() -> None:
    event = last_round_unplayed(*EVENTS[16])
    with pytest.raises(CanDrawError, match="no round is paired"):
        can_draw(dataclasses.replace(event, rounds=()), cut=8)
    whole = load_oracle(ORACLE_DIR / "events" / EVENTS[64][0]).event
    with pytest.raises(CanDrawError, match="playoff"):
        can_draw(whole, cut=8)
