"""Test helpers: play simulated Swiss events, and the optimum of a round by brute force.

`simulate` pairs each round with the organizer's own `pair_next_round` and fills
in random results (draws, drops, awarded byes, late entries as asked).
`round_facts` recounts points, opponents and byes independently of
organizer.core.pairing.history, and `reference_optimum` finds the best
(rematches, bye rank, sum of squared differences) with networkx's exact
maximum-weight matching over all pairs of players.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace

import networkx as nx

from organizer.core.event import EventData, Match, Player, PlayerId, Round
from organizer.core.pairing.swiss import pair_next_round


def make_players(count: int, *, awarded: Mapping[int, int] | None = None) -> tuple[Player, ...]:
    awarded = awarded or {}
    return tuple(
        Player(id=PlayerId(f"p{i:04d}"), name=f"Player {i}", awarded_byes=awarded.get(i, 0))
        for i in range(count)
    )


def play(rnd: Round, rng: random.Random, *, draw_rate: float, best_of: int = 3) -> Round:
    """Give every match of `rnd` a random result."""
    need = best_of // 2 + 1
    matches = []
    for m in rnd.matches:
        if m.is_bye:
            matches.append(m)
            continue
        x = rng.random()
        if x < draw_rate:
            wins = (need - 1, need - 1) if best_of > 1 else (0, 0)
        elif x < (1 + draw_rate) / 2:
            wins = (need, rng.randrange(need))
        else:
            wins = (rng.randrange(need), need)
        matches.append(replace(m, wins=wins))
    return replace(rnd, matches=tuple(matches))


def advance(
    event: EventData,
    rng: random.Random,
    *,
    seed: int,
    draw_rate: float = 0.1,
    drop_rate: float = 0.0,
) -> EventData:
    """Pair the next round, play it, and let some players drop after it."""
    rnd = play(pair_next_round(event, seed=seed), rng, draw_rate=draw_rate)
    players = tuple(
        replace(p, dropped_after_round=rnd.number)
        if p.dropped_after_round is None and rng.random() < drop_rate
        else p
        for p in event.players
    )
    return replace(event, players=players, rounds=(*event.rounds, rnd))


def simulate(
    count: int,
    rounds: int,
    seed: int,
    *,
    draw_rate: float = 0.1,
    drop_rate: float = 0.0,
    awarded: Mapping[int, int] | None = None,
    late: Mapping[int, int] | None = None,
) -> EventData:
    """An event of `count` players after `rounds` played rounds.

    `late` maps a player number to the round they join in (they are registered
    from the start but kept out of the pairings before that round).
    """
    rng = random.Random(seed)
    late = late or {}
    everyone = make_players(count, awarded=awarded)
    event = EventData(name=f"simulated {seed}", players=(), best_of=3)
    for number in range(1, rounds + 1):
        here = tuple(p for i, p in enumerate(everyone) if late.get(i, 1) <= number)
        known = {p.id: p for p in event.players}
        event = replace(event, players=tuple(known.get(p.id, p) for p in here))
        event = advance(
            event, rng, seed=seed * 1000 + number, draw_rate=draw_rate, drop_rate=drop_rate
        )
    return event


@dataclass(frozen=True)
class Facts:
    """Points, opponents met and byes had before a round, recounted for the tests."""

    points: dict[PlayerId, int]
    met: dict[PlayerId, set[PlayerId]]
    byes: dict[PlayerId, int]


def round_facts(event: EventData, number: int) -> Facts:
    points = {p.id: 0 for p in event.players}
    met: dict[PlayerId, set[PlayerId]] = {p.id: set() for p in event.players}
    byes = dict.fromkeys(points, 0)
    for rnd in event.rounds:
        if rnd.number >= number:
            continue
        for m in rnd.matches:
            if m.is_bye:
                points[m.players[0]] += event.points.win
                byes[m.players[0]] += 1
                continue
            a, b = m.players
            met[a].add(b)
            met[b].add(a)
            assert m.wins is not None
            if m.wins[0] == m.wins[1]:
                points[a] += event.points.draw
                points[b] += event.points.draw
            else:
                points[a if m.wins[0] > m.wins[1] else b] += event.points.win
    return Facts(points, met, byes)


_BYE = PlayerId("\0bye")

Grade = tuple[int, int, int]
"""(rematches, rank of the bye's score among the scores present (0 = lowest), sum of d^2)."""


def grade(
    pairs: Iterable[tuple[PlayerId, PlayerId]],
    bye: PlayerId | None,
    facts: Facts,
    paired: Collection[PlayerId],
) -> Grade:
    pts = facts.points
    levels = sorted({pts[p] for p in paired})
    pairs = list(pairs)
    rematches = sum(1 for a, b in pairs if b in facts.met[a])
    spread = sum((pts[a] - pts[b]) ** 2 for a, b in pairs)
    return rematches, levels.index(pts[bye]) if bye is not None else 0, spread


def reference_optimum(paired: Sequence[PlayerId], facts: Facts) -> Grade:
    """The best grade over all pairings of `paired`, by networkx on the complete graph."""
    pts = facts.points
    n = len(paired)
    eligible = [p for p in paired if facts.byes[p] == 0] or list(paired)
    levels = sorted({pts[p] for p in paired})
    spread = levels[-1] - levels[0]
    per_rank = (n // 2 + 1) * spread * spread + 1
    per_rematch = per_rank * (len(levels) + 1)
    graph = nx.Graph()
    costs: dict[tuple[PlayerId, PlayerId], int] = {}
    for i, a in enumerate(paired):
        for b in paired[i + 1 :]:
            costs[a, b] = (pts[a] - pts[b]) ** 2 + per_rematch * (b in facts.met[a])
    if n % 2:
        for p in eligible:
            costs[p, _BYE] = per_rank * levels.index(pts[p])
    top = max(costs.values(), default=0) * (n + 2) + 1
    for (a, b), c in costs.items():
        graph.add_edge(a, b, weight=top - c)
    matching: set[tuple[PlayerId, PlayerId]] = nx.max_weight_matching(graph, maxcardinality=True)
    bye = next((a if b == _BYE else b for a, b in matching if _BYE in (a, b)), None)
    pairs = [(a, b) for a, b in matching if _BYE not in (a, b)]
    assert 2 * len(pairs) + (bye is not None) == n
    return grade(pairs, bye, facts, paired)


def pairs_of(rnd: Round) -> tuple[list[tuple[PlayerId, PlayerId]], list[PlayerId]]:
    """The two-player matches of a round and the players with a bye."""
    pairs = [(m.players[0], m.players[1]) for m in rnd.matches if not m.is_bye]
    return pairs, [m.players[0] for m in rnd.matches if m.is_bye]


def bye_match(pid: PlayerId) -> Match:
    return Match(table=None, players=(pid,))
