"""One round's players as score groups: the shape every Swiss pairing step works on.

Holds `Field` and `make_field`: players 0..n-1 with their points, previous
opponents and bye eligibility, split into score groups (highest first, each in a
random order from the round's generator), and which group gives the bye. Pure
Python: must not import Qt, SQL or any other organizer layer.

The bye group is the lowest score group holding a player eligible for the bye
(everyone is eligible when nobody is): the lowest group that can give it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence, Set
from dataclasses import dataclass

from organizer.core.pairing.score_groups import GroupsPairing, Stuck, pair_groups


@dataclass(frozen=True, slots=True)
class Field:
    """The players to pair; `groups[k]` holds those on `levels[k]` points, levels descending.

    Players are indices into `scores`, `opponents` and `bye_eligible`, which may list
    more players than take part.
    """

    players: Sequence[int]
    scores: Sequence[int]
    opponents: Sequence[Set[int]]
    bye_eligible: Sequence[bool]
    levels: tuple[int, ...]
    groups: tuple[tuple[int, ...], ...]
    bye_group: int | None

    @property
    def last(self) -> int:
        return len(self.groups) - 1

    def size(self, first: int, last: int) -> int:
        """Players in groups `first..last`."""
        return sum(len(g) for g in self.groups[first : last + 1])

    def pair(
        self,
        first: int,
        last: int,
        incoming: Sequence[int] = (),
        final_targets: Sequence[int | None] = (),
    ) -> GroupsPairing | Stuck:
        """Pair groups `first..last` inside groups (see `score_groups.pair_groups`)."""
        return pair_groups(
            self.groups,
            first,
            last,
            opponents=self.opponents,
            bye_eligible=self.bye_eligible,
            bye_group=self.bye_group,
            incoming=incoming,
            final_targets=final_targets,
        )


def make_field(
    players: Sequence[int],
    scores: Sequence[int],
    opponents: Sequence[Set[int]],
    bye_eligible: Sequence[bool],
    rng: random.Random,
) -> Field:
    """Group `players` by points and shuffle each group with `rng`."""
    n = len(players)
    if n % 2 and not any(bye_eligible[i] for i in players):
        bye_eligible = [True] * len(scores)
    levels = tuple(sorted({scores[i] for i in players}, reverse=True))
    index = {v: k for k, v in enumerate(levels)}
    groups: list[list[int]] = [[] for _ in levels]
    for i in players:
        groups[index[scores[i]]].append(i)
    for members in groups:
        rng.shuffle(members)
    bye_group = None
    if n % 2:
        bye_group = max(k for k, g in enumerate(groups) if any(bye_eligible[i] for i in g))
    return Field(
        players, scores, opponents, bye_eligible, levels, tuple(map(tuple, groups)), bye_group
    )
