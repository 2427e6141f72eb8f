"""The exact pairing of a window of adjacent score groups, relaxed at its edges.

Holds `plan_window`: it pairs the players of groups `first..last` exactly with
the blossom solver, where a player may instead meet a *port*: an up-port stands
for a floater from the group just above the window and costs (its points - the
player's)^2, a down-port for a float to the group just below; an up-port may meet
a down-port (a floater passing straight through) and unused ports pair among
themselves for free. Pure Python: must not import Qt, SQL or any other
organizer layer.

Why this gives a lower bound (optimum.py puts it together): split the cost of
every pair of the whole field at the window's edges, (x + y)^2 >= x^2 + y^2, and
charge to the window its own pairs plus each crossing pair's part between the
neighbour group's points and the window player's. What is charged is then the
cost of a feasible relaxed problem, whatever happens outside. The ports have the
parity of the players above (below) the window, since that fixes how often the
window's edge is crossed. Their number starts small and grows while the optimum
uses them all: the cheapest pairing using exactly t ports is convex in t (the best
k-edge matching is concave in k), so once two ports stay unused more cannot help.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from organizer.core.pairing.blossom import min_cost_perfect_matching
from organizer.core.pairing.field import Field
from organizer.core.pairing.score_groups import Pair

_PLAYER, _UP, _DOWN, _BYE = 0, 1, 2, 3


@dataclass(frozen=True, slots=True)
class WindowPlan:
    """The relaxed optimum of a window, as pairs inside it and what crosses its edges."""

    pairs: tuple[Pair, ...]
    up: tuple[int, ...]  # window players who meet a floater from the group above
    passing: int  # floaters from above who pass through to the group below
    down: tuple[int, ...]  # window players who float to the group below
    bye: int | None


def plan_window(field: Field, first: int, last: int, rng: random.Random) -> WindowPlan | None:
    """The relaxed optimum of groups `first..last`, or None when it needs a rematch."""
    inside = [i for g in field.groups[first : last + 1] for i in g]
    rng.shuffle(inside)
    bye_at = -1 if field.bye_group is None else field.bye_group
    above = field.size(0, first - 1) - (0 <= bye_at < first)
    below = field.size(last + 1, field.last) - (bye_at > last)
    most_up, most_down = _ports(above, len(inside)), _ports(below, len(inside))
    n_up, n_down = _start(most_up), _start(most_down)
    while True:
        plan = _solve(field, first, last, inside, n_up, n_down)
        more_up = len(plan.up) + plan.passing == n_up < most_up
        more_down = len(plan.down) + plan.passing == n_down < most_down
        if not (more_up or more_down):
            break
        n_up = min(most_up, 2 * n_up + 2 + most_up % 2) if more_up else n_up
        n_down = min(most_down, 2 * n_down + 2 + most_down % 2) if more_down else n_down
    opponents = field.opponents
    if any(b in opponents[a] for a, b in plan.pairs):
        return None
    return plan


def _solve(
    field: Field, first: int, last: int, inside: list[int], n_up: int, n_down: int
) -> WindowPlan:
    with_bye = field.bye_group is not None and first <= field.bye_group <= last
    kinds = [_PLAYER] * len(inside) + [_UP] * n_up + [_DOWN] * n_down + [_BYE] * with_bye
    scores, opponents, eligible = field.scores, field.opponents, field.bye_eligible
    up = field.levels[first - 1] if n_up else 0
    down = field.levels[last + 1] if n_down else 0
    values = [scores[i] for i in inside] + [up] * (n_up > 0) + [down] * (n_down > 0)
    spread = max(values) - min(values)
    rematch = (len(kinds) // 2) * spread * spread + 1
    bye_level = field.levels[field.bye_group] if with_bye and field.bye_group is not None else None
    count = len(kinds)
    costs: list[list[int | None]] = [[None] * count for _ in range(count)]
    for x in range(count):
        kx, row = kinds[x], costs[x]
        for y in range(x + 1, count):
            ky = kinds[y]  # kinds ascend, so kx <= ky
            c: int | None
            if ky == _PLAYER:
                a, b = inside[x], inside[y]
                c = (scores[a] - scores[b]) ** 2 + (rematch if b in opponents[a] else 0)
            elif kx == _PLAYER:
                s = scores[inside[x]]
                if ky == _UP:
                    c = (up - s) ** 2
                elif ky == _DOWN:
                    c = (s - down) ** 2
                else:
                    c = 0 if eligible[inside[x]] and s == bye_level else None
            elif ky == _BYE:
                c = None
            else:
                c = 0 if kx == ky else (up - down) ** 2
            row[y] = costs[y][x] = c
    mate = min_cost_perfect_matching(costs)
    pairs: list[Pair] = []
    ups: list[int] = []
    downs: list[int] = []
    passing = 0
    bye: int | None = None
    for x, y in enumerate(mate):
        kx, ky = kinds[x], kinds[y]
        if kx == _PLAYER and ky == _PLAYER and x < y:
            pairs.append((inside[x], inside[y]))
        elif kx == _PLAYER and ky == _UP:
            ups.append(inside[x])
        elif kx == _PLAYER and ky == _DOWN:
            downs.append(inside[x])
        elif kx == _PLAYER and ky == _BYE:
            bye = inside[x]
        elif kx == _UP and ky == _DOWN:
            passing += 1
    return WindowPlan(tuple(pairs), tuple(ups), passing, tuple(downs), bye)


def _ports(outside: int, inside: int) -> int:
    """Enough ports for every crossing of one window edge, with the parity of `outside`."""
    if outside <= inside + 2:
        return outside
    return inside + 1 + (outside - inside - 1) % 2


def _start(most: int) -> int:
    """A first, small number of ports: up to two crossings beyond parity."""
    return most if most <= 3 else 2 + most % 2
