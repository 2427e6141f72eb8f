"""Pairing inside score groups, floating the fewest players down: Swiss pairing's fast path.

Holds `pair_groups`, which pairs a run of adjacent score groups from the top
down without a rematch: each group pairs the players floated into it, gives the
bye if it is the bye group, and pairs the rest among themselves; an odd group
floats exactly one player down to the next group. It runs in linear time (a
shuffle, then pairing neighbours, repairing the rare leftover with one swap) and
says where it got stuck when it cannot. Pure Python on player indices: must not
import Qt, SQL or any other organizer layer.

Why the result is optimal (see optimum.py): with groups at points v1 > v2 > ...
and gaps g_k = v_k - v_(k+1), every pairing of the whole field crosses the cut
below group k at least once when the players above it (not counting the bye) are
odd, and a pair spanning several cuts costs (sum of their gaps)^2 >= the sum of
the squares. So the sum of squared point differences is at least L = sum of g_k^2
over the odd cuts, and a pairing reaches L exactly when every pair lies inside a
group or joins adjacent groups and each cut is crossed only as its parity demands
(once or not at all). That is precisely the shape this module builds.
"""

from __future__ import annotations

from collections.abc import Sequence, Set
from dataclasses import dataclass

from organizer.core.pairing.blossom import NoPerfectMatchingError, min_cost_perfect_matching

Pair = tuple[int, int]

EXACT_GROUP = 120
"""Groups up to this size that the greedy pass cannot pair are solved as a matching problem."""


@dataclass(frozen=True, slots=True)
class GroupsPairing:
    """Pairs made, the bye given (if any), and the players floated out of the last group."""

    pairs: list[Pair]
    bye: int | None
    floaters: list[int]


@dataclass(frozen=True, slots=True)
class GroupJob:
    """Pairing one score group without a rematch: its members in their (shuffled) order, the
    players floated into it, whom each player has met, who may take the bye (None when this
    group gives none) and the floaters it sends out (a target each, None a free floater)."""

    members: Sequence[int]
    incoming: Sequence[int]
    opponents: Sequence[Set[int]]
    bye_eligible: Sequence[bool] | None
    out_targets: Sequence[int | None]

    @property
    def spare(self) -> int:
        """Members left to pair among themselves once the incoming players, the bye and the
        floaters out have theirs (a job can be done only when it is even and not negative)."""
        taken = len(self.incoming) + (self.bye_eligible is not None) + len(self.out_targets)
        return len(self.members) - taken


@dataclass(frozen=True, slots=True)
class Stuck:
    """No rematch-free pairing of this shape was found; `group` is where it failed."""

    group: int


def pair_groups(
    groups: Sequence[Sequence[int]],
    first: int,
    last: int,
    *,
    opponents: Sequence[Set[int]],
    bye_eligible: Sequence[bool],
    bye_group: int | None,
    incoming: Sequence[int] = (),
    final_targets: Sequence[int | None] = (),
) -> GroupsPairing | Stuck:
    """Pair groups `first..last` (top down), each group in its given (shuffled) order.

    `incoming` players must each be paired with a member of group `first`. The last
    group floats out one player per entry of `final_targets`: a target is a player
    the floater will meet (so it must not have met them), None a free floater.
    Every other group floats out as few players as parity allows (none or one).
    """
    pairs: list[Pair] = []
    bye: int | None = None
    carry: list[int] = list(incoming)
    for g in range(first, last + 1):
        members = groups[g]
        gives_bye = g == bye_group
        if g == last:
            targets: Sequence[int | None] = final_targets
        else:
            spare = len(members) - len(carry) - gives_bye
            targets = [None] * (spare % 2)
        done = pair_group(
            GroupJob(members, carry, opponents, bye_eligible if gives_bye else None, targets)
        )
        if done is None:
            return Stuck(g)
        pairs += done.pairs
        if done.bye is not None:
            bye = done.bye
        carry = done.floaters
    return GroupsPairing(pairs, bye, carry)


def pair_group(job: GroupJob) -> GroupsPairing | None:
    """Pair one group without a rematch, or None when that is impossible (or too costly to find).

    Incoming floaters are seated first, then the bye (an eligible member, when
    `bye_eligible` is given), then the targeted floaters; the rest are paired
    neighbour by neighbour in the given order, and whoever is left floats out.
    When that greedy pass fails, a group of up to EXACT_GROUP members is settled
    exactly as a perfect matching problem.
    """
    if job.spare < 0 or job.spare % 2:
        return None
    quick = _pair_greedily(job)
    if quick is not None or len(job.members) > EXACT_GROUP:
        return quick
    return _pair_exactly(job)


def _pair_greedily(job: GroupJob) -> GroupsPairing | None:
    opponents, bye_eligible = job.opponents, job.bye_eligible
    pool = list(job.members)
    seated: list[Pair] = []
    for f in job.incoming:
        k = _last_fit(pool, opponents[f])
        if k < 0:
            return None
        seated.append((f, pool.pop(k)))
    bye = None
    if bye_eligible is not None:
        k = next((k for k in range(len(pool) - 1, -1, -1) if bye_eligible[pool[k]]), -1)
        if k < 0:
            return None
        bye = pool.pop(k)
    floaters: list[int | None] = []
    for target in job.out_targets:
        if target is None:
            floaters.append(None)
            continue
        k = _last_fit(pool, opponents[target])
        if k < 0:
            return None
        floaters.append(pool.pop(k))
    free_out = floaters.count(None)
    pairs, left = _pair_neighbours(pool, opponents)
    if not _settle(pairs, left, free_out, opponents):
        return None
    spare_floaters = iter(left)
    out = [f if f is not None else next(spare_floaters) for f in floaters]
    return GroupsPairing(seated + pairs, bye, out)


def _pair_exactly(job: GroupJob) -> GroupsPairing | None:
    """The same job as a perfect matching problem: members, incoming players and slots."""
    members, incoming, opponents = job.members, job.incoming, job.opponents
    bye_eligible, out_targets = job.bye_eligible, job.out_targets
    slots: list[int | None] = [*out_targets]
    bye_slot = len(slots)
    if bye_eligible is not None:
        slots.append(None)
    outside = len(incoming) + len(slots)
    size = outside + len(members)
    costs: list[list[int | None]] = [[None] * size for _ in range(size)]
    for y, m in enumerate(members, outside):
        met = opponents[m]
        for x, f in enumerate(incoming):
            if f not in met:
                costs[x][y] = costs[y][x] = 0
        for x, target in enumerate(slots, len(incoming)):
            if x - len(incoming) == bye_slot:
                ok = bye_eligible is not None and bye_eligible[m]
            else:
                ok = target is None or target not in met
            if ok:
                costs[x][y] = costs[y][x] = 0
        for z in range(y + 1, size):
            if members[z - outside] not in met:
                costs[y][z] = costs[z][y] = 0
    try:
        mate = min_cost_perfect_matching(costs)
    except NoPerfectMatchingError:
        return None
    who = [*incoming, *([-1] * len(slots)), *members]
    pairs = [(who[x], who[mate[x]]) for x in range(len(incoming))]
    pairs += [(who[y], who[mate[y]]) for y in range(outside, size) if outside <= mate[y] < y]
    floaters = [who[mate[x]] for x in range(len(incoming), len(incoming) + len(out_targets))]
    bye = who[mate[len(incoming) + bye_slot]] if bye_eligible is not None else None
    return GroupsPairing(pairs, bye, floaters)


def _last_fit(pool: list[int], met: Set[int]) -> int:
    """Index of the last player in `pool` not in `met`, or -1."""
    for k in range(len(pool) - 1, -1, -1):
        if pool[k] not in met:
            return k
    return -1


def _pair_neighbours(
    pool: list[int], opponents: Sequence[Set[int]]
) -> tuple[list[Pair], list[int]]:
    """Pair each player with the nearest later one they have not met; return pairs and leftovers."""
    pairs: list[Pair] = []
    left: list[int] = []
    while pool:
        x = pool.pop()
        k = _last_fit(pool, opponents[x])
        if k < 0:
            left.append(x)
        else:
            pairs.append((x, pool.pop(k)))
    return pairs, left


def _settle(
    pairs: list[Pair], left: list[int], free_out: int, opponents: Sequence[Set[int]]
) -> bool:
    """Bring the leftovers to exactly `free_out` floaters by re-pairing; False when stuck."""
    while len(left) < free_out:
        if not pairs:
            return False
        left.extend(pairs.pop())
    while len(left) > free_out:
        x = left.pop()
        k = _last_fit(left, opponents[x])
        if k >= 0:
            pairs.append((x, left.pop(k)))
            continue
        if not _swap_in(x, pairs, left, opponents):
            return False
    return True


def _swap_in(x: int, pairs: list[Pair], left: list[int], opponents: Sequence[Set[int]]) -> bool:
    """Seat leftover `x` and one other leftover y by splitting a pair (a, b) into (x, a), (y, b)."""
    met_x = opponents[x]
    for i, (a, b) in enumerate(pairs):
        for a2, b2 in ((a, b), (b, a)):
            if a2 in met_x:
                continue
            met_b = opponents[b2]
            for k, y in enumerate(left):
                if y not in met_b:
                    pairs[i] = (x, a2)
                    pairs.append((y, b2))
                    del left[k]
                    return True
    return False
