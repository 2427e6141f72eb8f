"""Warcaste Skirmish Draft pods (comprehensive rules 8b): pod sizes, seats, the first round.

Holds `pod_sizes` / `explain_split` / `explain_seating` (how many pods and how big), the frozen
`Seating` / `Pod` / `Seat` picture of who sits where, `seat_pods` (random seats from a seed,
with pinned seats for players with mobility needs), `pods_by_standings` (a day-2 draft: pods
filled in standings order), `swap_seats`, `pods_to_dict` (the `organizer pods --json` shape of
shared/spec/event-json.md) and `first_round_in_pods` (round 1 paired across the draft table).

Rules (rulebook 8b; docs/rules.md `warcaste-skirmish-draft`): 3 booster packs per player, pods of
up to 8, packs passed right, left, right. Decided here:

- Pods: as few as `max_size` allows, sizes as equal as possible (differing by at most one),
  larger pods first: 20 players -> 7, 7, 6; 17 -> 6, 6, 5; 9 -> 5, 4.
- Seats are numbered 1.. clockwise in each pod, pods 1.. in order. `seat_pods` depends only on
  the set of players (not their order), the pins and the seed.
- Round 1 in pods: in a pod of n (n even) seat i plays seat i + n/2, the player across the
  table. In an odd pod one player, drawn from the seed, is left over and the others pair across
  the remaining circle. Left-over players of different odd pods play each other (pod order,
  first with second, third with fourth ...), so the event has exactly one bye when its player
  count is odd and none otherwise; that bye goes to the left-over player of an odd pod drawn
  from the seed (the Swiss bye rule in round 1, where nobody has points or a bye yet).
  Players with awarded byes (`awarded_byes`) get their bye and are left out of the pairing.
  Tables are numbered 1.. pod by pod, the cross-pod tables after them, byes (table None) last.

Pure Python: must not import Qt, SQL or any other organizer layer; randomness only from the
seed passed in, through `random.Random(seed)`.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from organizer.core.event import Match, PlayerId, Round
from organizer.core.views.wording import plural

PASSES_WARCASTE: tuple[str, ...] = ("right", "left", "right")
"""Pass direction of each pack in Warcaste Skirmish Draft (8b): right, left, right."""
MAX_POD = 8
"""The largest Warcaste draft pod (8b: "a circle of up to 8 players")."""
DIRECTIONS = frozenset({"right", "left"})

_NO_PINS: Mapping[PlayerId, tuple[int, int]] = MappingProxyType({})


class PodError(ValueError):
    """Players, pins or pass directions that cannot be seated as asked."""


@dataclass(frozen=True, slots=True)
class Seat:
    """One seat of a pod, numbered 1.. clockwise."""

    number: int
    player: PlayerId


@dataclass(frozen=True, slots=True)
class Pod:
    """One draft table: its seats in order and the pass direction of each pack."""

    number: int
    seats: tuple[Seat, ...]
    passes: tuple[str, ...] = PASSES_WARCASTE

    @property
    def players(self) -> tuple[PlayerId, ...]:
        return tuple(s.player for s in self.seats)


@dataclass(frozen=True, slots=True)
class Seating:
    """Every pod of a draft, numbered 1.., with the seed and the pins that seated them.

    The pins are kept with the seating so that the seed and the pins replay it in an audit, and
    so that seating again keeps a player with mobility needs where they were pinned.
    """

    pods: tuple[Pod, ...]
    seed: int | None = None
    pinned: tuple[tuple[PlayerId, int, int], ...] = ()

    @property
    def pins(self) -> dict[PlayerId, tuple[int, int]]:
        """The pins as `seat_pods` takes them: player -> (pod, seat)."""
        return {player: (pod, seat) for player, pod, seat in self.pinned}

    @property
    def players(self) -> tuple[PlayerId, ...]:
        """Every seated player, pod by pod, seat by seat."""
        return tuple(p for pod in self.pods for p in pod.players)

    def position(self, player: PlayerId) -> tuple[int, int]:
        """(pod number, seat number) of `player`; KeyError when not seated."""
        for pod in self.pods:
            for seat in pod.seats:
                if seat.player == player:
                    return pod.number, seat.number
        raise KeyError(player)


def pod_sizes(players: int, max_size: int = MAX_POD) -> tuple[int, ...]:
    """Sizes of the fewest pods of at most `max_size`, as equal as possible, larger first."""
    if max_size < 1:
        raise PodError(f"a pod needs room for at least 1 player, not {max_size}")
    if players < 0:
        raise PodError(f"cannot seat {players} players")
    if players == 0:
        return ()
    count = math.ceil(players / max_size)
    base, extra = divmod(players, count)
    return (base + 1,) * extra + (base,) * (count - extra)


def explain_split(players: int, max_size: int = MAX_POD) -> str:
    """How `players` split into pods, e.g. '20 players in 3 pods of at most 8: 7, 7, 6 (...)'."""
    sizes = pod_sizes(players, max_size)
    if not sizes:
        return "no players: no pods"
    line = f"{plural(players, 'player')} in {plural(len(sizes), 'pod')} of at most {max_size}: "
    line += ", ".join(map(str, sizes))
    return line + (" (as equal as possible)" if len(sizes) > 1 else "")


def explain_seating(seating: Seating, max_size: int = MAX_POD) -> str:
    """`explain_split` for a stored seating, honest when the pod size changed since it was made."""
    players = len(seating.players)
    sizes = tuple(len(pod.seats) for pod in seating.pods)
    if sizes == pod_sizes(players, max_size):
        return explain_split(players, max_size)
    return (
        f"{players} players in {plural(len(sizes), 'pod')}: {', '.join(map(str, sizes))}, "
        f"seated before the pod size became {max_size}; seat again to use it"
    )


def seat_pods(
    players: Sequence[PlayerId],
    *,
    seed: int,
    max_size: int = MAX_POD,
    passes: Sequence[str] = PASSES_WARCASTE,
    pinned: Mapping[PlayerId, tuple[int, int]] = _NO_PINS,
) -> Seating:
    """Seat `players` at random from `seed` in `pod_sizes` pods; `pinned` players get (pod, seat).

    Pins are honoured exactly (1-based pod and seat numbers); everyone else fills the free
    seats in an order drawn from the seed. The result depends on the set of players, not on
    the order they are given in.
    """
    directions = _check_passes(passes)
    _check_unique(players)
    sizes = pod_sizes(len(players), max_size)
    grid: list[list[PlayerId | None]] = [[None] * size for size in sizes]
    for player, (pod, seat) in sorted(pinned.items()):
        if player not in players:
            raise PodError(f"pinned player {player} is not among the players to seat")
        if not 1 <= pod <= len(sizes):
            raise PodError(f"{player} is pinned to pod {pod}; there are pods 1 to {len(sizes)}")
        if not 1 <= seat <= sizes[pod - 1]:
            raise PodError(f"{player} is pinned to seat {seat}; pod {pod} has {sizes[pod - 1]}")
        if grid[pod - 1][seat - 1] is not None:
            other = grid[pod - 1][seat - 1]
            raise PodError(f"{player} and {other} are both pinned to pod {pod}, seat {seat}")
        grid[pod - 1][seat - 1] = player
    rest = sorted(p for p in players if p not in pinned)
    random.Random(seed).shuffle(rest)
    free = iter(rest)
    filled = [[p if p is not None else next(free) for p in row] for row in grid]
    pins = tuple((player, pod, seat) for player, (pod, seat) in sorted(pinned.items()))
    return _seating(filled, directions, seed, pins)


def pods_by_standings(
    ranked: Sequence[PlayerId],
    *,
    seed: int,
    max_size: int = MAX_POD,
    passes: Sequence[str] = PASSES_WARCASTE,
) -> Seating:
    """A draft seated by standings: pod 1 holds the best-ranked players, pod 2 the next ...

    Pods have the sizes of `pod_sizes`; seats inside each pod are drawn from `seed`.
    """
    directions = _check_passes(passes)
    _check_unique(ranked)
    rng = random.Random(seed)
    rows: list[list[PlayerId]] = []
    start = 0
    for size in pod_sizes(len(ranked), max_size):
        row = list(ranked[start : start + size])
        rng.shuffle(row)
        rows.append(row)
        start += size
    return _seating(rows, directions, seed)


def swap_seats(seating: Seating, a: PlayerId, b: PlayerId) -> Seating:
    """`seating` with players `a` and `b` in each other's seats (KeyError if one is not seated)."""
    seating.position(a)
    seating.position(b)
    swapped = {a: b, b: a}
    pods = tuple(
        Pod(
            pod.number,
            tuple(Seat(s.number, swapped.get(s.player, s.player)) for s in pod.seats),
            pod.passes,
        )
        for pod in seating.pods
    )
    return Seating(pods, seating.seed, seating.pinned)


def pods_to_dict(seating: Seating) -> dict[str, Any]:
    """The `organizer pods --json` document of shared/spec/event-json.md.

    A seating made with pins adds `"pinned": [{"player", "pod", "seat"}]`, which the spec's
    readers may ignore; without pins the document is exactly the spec's.
    """
    return {
        "pods": [
            {
                "pod": pod.number,
                "passes": list(pod.passes),
                "seats": [{"seat": s.number, "player": s.player} for s in pod.seats],
            }
            for pod in seating.pods
        ],
        **(
            {"pinned": [{"player": p, "pod": pod, "seat": seat} for p, pod, seat in seating.pinned]}
            if seating.pinned
            else {}
        ),
    }


def first_round_in_pods(
    seating: Seating,
    *,
    seed: int,
    round_number: int = 1,
    awarded_byes: Collection[PlayerId] = (),
) -> Round:
    """Round `round_number` (normally 1) paired across each pod's table; see the module docstring.

    `awarded_byes` players get a bye (listed first among the byes) and are not paired.
    """
    rng = random.Random(seed)
    pairs: list[tuple[PlayerId, PlayerId]] = []
    leftovers: list[PlayerId] = []
    for pod in seating.pods:
        circle = [p for p in pod.players if p not in awarded_byes]
        if len(circle) % 2:
            leftovers.append(circle.pop(rng.randrange(len(circle))))
        half = len(circle) // 2
        pairs.extend((circle[i], circle[i + half]) for i in range(half))
    byes = [p for p in seating.players if p in awarded_byes]
    if len(leftovers) % 2:
        byes.append(leftovers.pop(rng.randrange(len(leftovers))))
    pairs.extend(zip(leftovers[0::2], leftovers[1::2], strict=True))
    matches = [Match(table=t, players=pair) for t, pair in enumerate(pairs, 1)]
    matches += [Match(table=None, players=(p,)) for p in byes]
    return Round(number=round_number, matches=tuple(matches), stage="swiss", seed=seed)


def _seating(
    rows: Sequence[Sequence[PlayerId]],
    passes: tuple[str, ...],
    seed: int,
    pinned: tuple[tuple[PlayerId, int, int], ...] = (),
) -> Seating:
    pods = tuple(
        Pod(n, tuple(Seat(s, p) for s, p in enumerate(row, 1)), passes)
        for n, row in enumerate(rows, 1)
    )
    return Seating(pods, seed, pinned)


def _check_passes(passes: Sequence[str]) -> tuple[str, ...]:
    if isinstance(passes, str) or not passes:
        raise PodError("a draft needs at least one pack: give one pass direction per pack")
    for direction in passes:
        if direction not in DIRECTIONS:
            raise PodError(f"packs pass 'right' or 'left', not {direction!r}")
    return tuple(passes)


def _check_unique(players: Sequence[PlayerId]) -> None:
    twice = sorted(p for p, n in Counter(players).items() if n > 1)
    if twice:
        raise PodError(f"listed more than once: {', '.join(twice)}")


def seating_from_dict(data: Mapping[str, Any], *, seed: int | None = None) -> Seating:
    """The inverse of `pods_to_dict`, for a seating read back from storage."""
    pods = tuple(
        Pod(
            int(pod["pod"]),
            tuple(Seat(int(s["seat"]), PlayerId(str(s["player"]))) for s in pod["seats"]),
            _check_passes(pod["passes"]),
        )
        for pod in data["pods"]
    )
    pinned = tuple(
        (PlayerId(str(p["player"])), int(p["pod"]), int(p["seat"])) for p in data.get("pinned", ())
    )
    return Seating(pods, seed, pinned)
