"""The search behind Conquest table seating (rulebook 8c): who sits with whom.

Holds the objective and the two searches `tables.seat_tables` runs. Players are numbered 0..n-1
in ranking order (points descending, ties in an order drawn from the seed); `points[i]` are
their match points and `met[i]` the players they already shared a table with.

Objective, lexicographic (smaller is better), over all ways to split the players into tables
of the given sizes:

1. spread S = sum over tables of sum over pairs at the table of (points_i - points_j)^2:
   zero when every table holds equal points; a player floating into another score group
   costs the squared gap to each table-mate, so players sit with equal points wherever possible;
2. repeats R = number of pairs at the same table who already shared a table.

Searches: `contiguous_fill` cuts the ranking into consecutive tables, choosing by dynamic
programming where the tables of each size go so that S is the least any such cut gives (the
top-down fill with floating). `improve` then swaps two players of different tables whenever
the swap lowers (S, R): a player with a repeat is tried against every player of equal points
(those swaps keep S) and every player of the two tables either side. `best_layout` runs it
from the fill and then, while repeats remain, from up to `RESTARTS` reshuffles of equal points,
all within one budget of `SWAP_BUDGET` evaluated swaps so that 4,000 players take well under a
second, and keeps the cheapest. `exact` is a branch and bound over every split, used when there
are at most `EXACT_LIMIT` splits (every event of up to 13 players at tables of 3 to 5): there
the result is the exact optimum. Every step is deterministic; the seed enters only through the
ranking order and the random generator handed in.

Pure Python: must not import Qt, SQL or any other organizer layer.
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from collections.abc import Sequence, Set

Cost = tuple[int, int]
"""(spread S, repeats R) of a table or of a whole layout."""

EXACT_LIMIT = 50_000
"""The most splits of the players into tables that `exact` searches."""
SWAP_BUDGET = 100_000
"""The most swaps `improve` evaluates."""
RESTARTS = 8
"""How many times more `improve` starts, from equal points shuffled, while budget is left."""
_NEIGHBOURS = 2


def table_cost(table: Sequence[int], points: Sequence[int], met: Sequence[Set[int]]) -> Cost:
    """(S, R) of one table of players."""
    spread = repeats = 0
    for a, b in itertools.combinations(table, 2):
        spread += (points[a] - points[b]) ** 2
        repeats += b in met[a]
    return spread, repeats


def layout_cost(
    tables: Sequence[Sequence[int]], points: Sequence[int], met: Sequence[Set[int]]
) -> Cost:
    """(S, R) of a whole layout: the sums over its tables."""
    costs = [table_cost(t, points, met) for t in tables]
    return sum(c[0] for c in costs), sum(c[1] for c in costs)


def layout_count(sizes: Sequence[int]) -> int:
    """How many ways there are to split sum(sizes) players into tables of these sizes."""
    count = math.factorial(sum(sizes))
    for size in sizes:
        count //= math.factorial(size)
    for same in Counter(sizes).values():
        count //= math.factorial(same)
    return count


def contiguous_fill(points: Sequence[int], sizes: Sequence[int]) -> list[list[int]]:
    """Players 0..n-1 cut into consecutive tables, size order chosen to make S least.

    Among cuts of equal S the less common sizes go as far down the ranking as they can.
    """
    kinds = sorted(Counter(sizes).items(), key=lambda kv: (-sizes.count(kv[0]), -kv[0]))
    prefix, squares = [0], [0]
    for x in points:
        prefix.append(prefix[-1] + x)
        squares.append(squares[-1] + x * x)

    def block(start: int, size: int) -> int:
        total = prefix[start + size] - prefix[start]
        return size * (squares[start + size] - squares[start]) - total * total

    states = sorted(
        itertools.product(*(range(count + 1) for _, count in kinds)),
        key=lambda used: sum(used),
    )
    best: dict[tuple[int, ...], tuple[int, int]] = {states[0]: (0, -1)}
    for used in states[1:]:
        start_of = sum(u * size for u, (size, _) in zip(used, kinds, strict=True))
        options = []
        for k, (size, _) in enumerate(kinds):
            if used[k]:
                before = (*used[:k], used[k] - 1, *used[k + 1 :])
                options.append((best[before][0] + block(start_of - size, size), k))
        best[used] = min(options, key=lambda o: (o[0], -o[1]))
    cut: list[int] = []
    used = states[-1]
    while any(used):
        k = best[used][1]
        cut.append(kinds[k][0])
        used = (*used[:k], used[k] - 1, *used[k + 1 :])
    tables, start = [], 0
    for size in reversed(cut):
        tables.append(list(range(start, start + size)))
        start += size
    return tables


def improve(
    tables: list[list[int]],
    points: Sequence[int],
    met: Sequence[Set[int]],
    rng: random.Random,
    budget: int = SWAP_BUDGET,
) -> tuple[list[list[int]], int]:
    """Swap players between tables while a swap lowers (S, R); see the module docstring.

    Returns the tables (changed in place) and what is left of `budget`.
    """
    where = {p: t for t, table in enumerate(tables) for p in table}
    groups: dict[int, list[int]] = {}
    for p in sorted(where):
        groups.setdefault(points[p], []).append(p)

    def repeats(p: int, t: int, without: int) -> int:
        seen = met[p]
        return sum(1 for q in tables[t] if q != without and q in seen)

    def spread(p: int, t: int, without: int) -> int:
        x = points[p]
        return sum((x - points[q]) ** 2 for q in tables[t] if q != without)

    improved = True
    while improved and budget > 0:
        improved = False
        for a in range(len(tables)):
            for u in list(tables[a]):
                if where[u] != a or not repeats(u, a, u):
                    continue
                group = groups[points[u]]
                turn = rng.randrange(len(group))
                near = range(max(0, a - _NEIGHBOURS), min(len(tables), a + _NEIGHBOURS + 1))
                others = [q for b in near for q in tables[b] if points[q] != points[u]]
                for v in itertools.chain(group[turn:], group[:turn], others):
                    b = where[v]
                    if b == a:
                        continue
                    budget -= 1
                    d_spread = 0
                    if points[u] != points[v]:
                        d_spread = spread(u, b, v) + spread(v, a, u)
                        d_spread -= spread(u, a, u) + spread(v, b, v)
                        if d_spread > 0:
                            continue
                    d_rep = repeats(u, b, v) + repeats(v, a, u)
                    d_rep -= repeats(u, a, u) + repeats(v, b, v)
                    if d_spread < 0 or d_rep < 0:
                        tables[a][tables[a].index(u)] = v
                        tables[b][tables[b].index(v)] = u
                        where[u], where[v] = b, a
                        improved = True
                        break
                    if budget <= 0:
                        return tables, 0
    return tables, max(budget, 0)


def shuffled_groups(
    tables: Sequence[Sequence[int]], points: Sequence[int], rng: random.Random
) -> list[list[int]]:
    """`tables` with players of equal points shuffled among their seats (S stays the same)."""
    groups: dict[int, list[int]] = {}
    for table in tables:
        for p in table:
            groups.setdefault(points[p], []).append(p)
    for group in groups.values():
        rng.shuffle(group)
    return [[groups[points[p]].pop() for p in table] for table in tables]


def exact(
    sizes: Sequence[int],
    points: Sequence[int],
    met: Sequence[Set[int]],
    bound: Cost,
) -> list[list[int]] | None:
    """The least costly layout when one costs less than `bound` (the first in search order).

    None when no layout beats `bound`. Players 0..n-1 are taken in order: the first free
    player opens the next table, so every split is met exactly once.
    """
    n = sum(sizes)
    left = Counter(sizes)
    free = [True] * n
    best: list[list[int]] | None = None
    chosen: list[list[int]] = []

    def search(cost: Cost) -> None:
        nonlocal best, bound
        first = free.index(True)
        free[first] = False
        rest = [p for p in range(first + 1, n) if free[p]]
        for size in sorted(s for s, c in left.items() if c):
            left[size] -= 1
            for others in itertools.combinations(rest, size - 1):
                table = [first, *others]
                spread, repeats = table_cost(table, points, met)
                total = (cost[0] + spread, cost[1] + repeats)
                if total >= bound:
                    continue
                chosen.append(table)
                if len(rest) == size - 1:
                    bound, best = total, [list(t) for t in chosen]
                else:
                    for p in others:
                        free[p] = False
                    search(total)
                    for p in others:
                        free[p] = True
                chosen.pop()
            left[size] += 1
        free[first] = True

    if n:
        search((0, 0))
    return best


def best_layout(
    sizes: Sequence[int],
    points: Sequence[int],
    met: Sequence[Set[int]],
    rng: random.Random,
) -> list[list[int]]:
    """Players 0..n-1 (ranking order) split into tables of `sizes`, (S, R) as low as found."""
    start = contiguous_fill(points, sizes)
    tables, budget = improve([list(t) for t in start], points, met, rng)
    cost = layout_cost(tables, points, met)
    for _ in range(RESTARTS):
        if budget <= 0 or cost[1] == 0:
            break
        again, budget = improve(shuffled_groups(start, points, rng), points, met, rng, budget)
        if (again_cost := layout_cost(again, points, met)) < cost:
            tables, cost = again, again_cost
    if layout_count(sizes) <= EXACT_LIMIT:
        better = exact(sizes, points, met, cost)
        if better is not None:
            return better
    return tables
