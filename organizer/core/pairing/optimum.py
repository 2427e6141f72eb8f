"""The exactly optimal pairing of one Swiss round, fast: score groups first, exact where needed.

Holds `optimal_pairing`, which works on player indices with their points,
previous opponents and bye eligibility. Pure Python: must not import Qt, SQL or
any other organizer layer (and not networkx: the exact solver is `blossom.py`).

The rule implemented (swiss.py states it for players): pair everyone, or everyone
but one when the count is odd; the bye goes to an eligible player. Among such
pairings minimise, in this order: the number of rematches; the bye's score (the
lowest score group that can give it); the sum over pairs of the squared point
difference. Ties are broken by `rng`.

How it stays exact:

1. `score_groups.pair_groups` pairs the whole field inside score groups with one
   floater per odd group, no rematch, bye from the lowest group holding an eligible
   player. When it succeeds the result is optimal: zero rematches and the lowest
   possible bye group cannot be beaten, and its squared-difference sum equals the
   cut lower bound L = sum of gap^2 over the odd cuts (score_groups.py proves it).
2. When it gets stuck at group g, `pair_by_windows` opens a window [g, g] and
   `window.plan_window` solves it exactly, relaxed at its edges by "ports" (see
   window.py). Split every pair's cost at the window edges ((x + y)^2 >= x^2 + y^2):
   any pairing of the field then costs at least the relaxed optimum of each window
   plus gap^2 for every odd cut outside the windows. The groups between windows are
   paired by `pair_groups` so that they meet the windows' ports exactly (a targeted
   floater from the group just above, floats into the group just below); when that
   works and no window needs a rematch, the assembled pairing costs exactly that
   lower bound, so it is optimal. Where it gets stuck next, a window grows by one
   group (or a new one opens); windows that touch merge.
3. Small fields, and windows that grow to half the field, are solved whole by the
   blossom solver with weights rematches * W1 + bye_rank * W2 + squared difference,
   W1 >> W2 >> any sum of squares: every goal in its order at once.
"""

from __future__ import annotations

import random
from collections.abc import Sequence, Set
from dataclasses import dataclass

from organizer.core.pairing.blossom import min_cost_perfect_matching
from organizer.core.pairing.field import Field, make_field
from organizer.core.pairing.score_groups import GroupsPairing, Pair, Stuck
from organizer.core.pairing.window import WindowPlan, plan_window

EXACT_BELOW = 40
"""Fields smaller than this skip the window search and are solved whole (a few ms)."""

Window = tuple[int, int]


@dataclass(frozen=True, slots=True)
class Pairing:
    """Pairs of player indices and the index given the bye, if any."""

    pairs: tuple[Pair, ...]
    bye: int | None


def optimal_pairing(
    players: Sequence[int],
    scores: Sequence[int],
    opponents: Sequence[Set[int]],
    bye_eligible: Sequence[bool],
    rng: random.Random,
    *,
    exact_below: int = EXACT_BELOW,
) -> Pairing:
    """Pair `players` optimally (see the module docstring for the order of goals).

    Players are indices into `scores` (points), `opponents` (indices met before) and
    `bye_eligible`. When the count is odd and nobody is eligible for the bye, everyone is.
    """
    if not players:
        return Pairing((), None)
    field = make_field(players, scores, opponents, bye_eligible, rng)
    whole = field.pair(0, field.last)
    if isinstance(whole, GroupsPairing):
        return Pairing(tuple(whole.pairs), whole.bye)
    if len(players) >= exact_below:
        found = pair_by_windows(field, whole.group, rng)
        if found is not None:
            return found
    return _exact(field, rng)


def pair_by_windows(field: Field, stuck: int, rng: random.Random) -> Pairing | None:
    """Grow windows from group `stuck` until pairing around them is provably optimal.

    None when the windows would cover half the field (then solve it whole).
    """
    windows: list[Window] = []
    plans: dict[Window, WindowPlan | None] = {}
    n = len(field.players)
    while True:
        windows = _grow(windows, stuck, field)
        if 2 * sum(field.size(a, b) for a, b in windows) >= n:
            return None  # as big as the whole field: solve that instead
        for window in windows:
            if window not in plans:
                plans[window] = plan_window(field, *window, rng)
        outcome = _assemble(field, windows, plans)
        if isinstance(outcome, Pairing):
            return outcome
        stuck = outcome


def _assemble(
    field: Field, windows: list[Window], plans: dict[Window, WindowPlan | None]
) -> Pairing | int:
    """Pair the groups between the windows to meet the windows' plans; else the stuck group."""
    pairs: list[Pair] = []
    bye: int | None = None
    incoming: list[int] = []
    top = 0
    for first, last in [*windows, (field.last + 1, field.last + 1)]:  # then the groups below
        plan = plans.get((first, last))
        if first <= field.last and plan is None:
            return first
        up = plan.up if plan else ()
        passing: list[int] = []
        if top < first:
            wanted: list[int | None] = [*up, *[None] * (plan.passing if plan else 0)]
            done = field.pair(top, first - 1, incoming, wanted)
            if isinstance(done, Stuck):
                return done.group
            pairs += done.pairs
            pairs += zip(done.floaters, up, strict=False)
            passing = done.floaters[len(up) :]
            bye = done.bye if done.bye is not None else bye
        if plan:
            pairs += plan.pairs
            bye = plan.bye if plan.bye is not None else bye
            incoming = [*plan.down, *passing]
            top = last + 1
    return Pairing(tuple(pairs), bye)


def _grow(windows: list[Window], stuck: int, field: Field) -> list[Window]:
    """Add group `stuck` to the window holding or touching it (or open one); merge neighbours."""
    grown = list(windows)
    sizes = [len(g) for g in field.groups]
    for i, (a, b) in enumerate(grown):
        if a <= stuck <= b:
            above = sizes[a - 1] if a > 0 else None
            below = sizes[b + 1] if b < field.last else None
            if below is None or (above is not None and above <= below):
                grown[i] = (a - 1, b)
            else:
                grown[i] = (a, b + 1)
            break
        if stuck in (a - 1, b + 1):
            grown[i] = (min(a, stuck), max(b, stuck))
            break
    else:
        grown.append((stuck, stuck))
        grown.sort()
    merged: list[Window] = []
    for a, b in grown:
        if merged and a <= merged[-1][1] + 1:
            merged[-1] = (merged[-1][0], max(b, merged[-1][1]))
        else:
            merged.append((a, b))
    return merged


def _exact(field: Field, rng: random.Random) -> Pairing:
    """Solve the whole field with the blossom solver, every goal in one weight."""
    n = len(field.players)
    order = list(field.players)
    rng.shuffle(order)
    scores, opponents, eligible, levels = (
        field.scores,
        field.opponents,
        field.bye_eligible,
        field.levels,
    )
    spread = levels[0] - levels[-1]
    per_rank = (n // 2 + 1) * spread * spread + 1
    rematch = per_rank * (len(levels) + 1)
    rank = {v: len(levels) - 1 - k for k, v in enumerate(levels)}
    size = n + n % 2
    costs: list[list[int | None]] = [[None] * size for _ in range(size)]
    for x, a in enumerate(order):
        row, sa, met = costs[x], scores[a], opponents[a]
        for y in range(x + 1, n):
            b = order[y]
            row[y] = costs[y][x] = (sa - scores[b]) ** 2 + (rematch if b in met else 0)
        if n % 2 and eligible[a]:
            row[n] = costs[n][x] = rank[sa] * per_rank
    mate = min_cost_perfect_matching(costs)
    pairs = tuple((order[x], order[y]) for x, y in enumerate(mate) if x < y < n)
    return Pairing(pairs, order[mate[n]] if n % 2 else None)
