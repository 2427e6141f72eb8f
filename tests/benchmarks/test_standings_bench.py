"""Standings speed: a synthetic 4,096-player, 9-round swiss event (seeded, deterministic).

Run with `pytest tests/benchmarks --benchmark-only` (the default options skip benchmarks).
"""

from __future__ import annotations

import random
from typing import Any

from organizer.core.event import EventData, Match, Player, PlayerId, Round
from organizer.core.interchange_output import standings_document
from organizer.core.pairing.standings import compute_standings

PLAYERS = 4096
ROUNDS = 9
RESULTS = ((2, 0, 0), (2, 1, 0), (0, 2, 0), (1, 2, 0), (1, 1, 1), (0, 0, 3))


def synthetic_event(
    seed: int = 20260101, players: int = PLAYERS, rounds: int = ROUNDS
) -> EventData:
    """Pairs within point groups (shuffled, then stably sorted by points), random results."""
    rng = random.Random(seed)
    ids = [PlayerId(f"p{i:04d}") for i in range(players)]
    points = dict.fromkeys(ids, 0)
    built: list[Round] = []
    for number in range(1, rounds + 1):
        order = ids[:]
        rng.shuffle(order)
        order.sort(key=lambda p: -points[p])
        matches = []
        for i in range(0, len(order) - 1, 2):
            a, b = order[i], order[i + 1]
            aw, bw, d = rng.choice(RESULTS)
            matches.append(Match(table=i // 2 + 1, players=(a, b), wins=(aw, bw), draws=d))
            points[a] += 3 if aw > bw else 1 if aw == bw else 0
            points[b] += 3 if bw > aw else 1 if aw == bw else 0
        if len(order) % 2:
            matches.append(Match(table=None, players=(order[-1],)))
            points[order[-1]] += 3
        built.append(Round(number, tuple(matches)))
    return EventData(
        name="bench",
        players=tuple(Player(p, f"Player {p}") for p in ids),
        rounds=tuple(built),
        best_of=3,
    )


def test_standings_4096_players_9_rounds(benchmark: Any) -> None:
    event = synthetic_event()
    rows = benchmark(compute_standings, event)
    assert len(rows) == PLAYERS
    assert [r.rank for r in rows] == list(range(1, PLAYERS + 1))
    assert all(r.matches == ROUNDS for r in rows)


def test_standings_4096_players_13_rounds(benchmark: Any) -> None:
    """The standing goal of issue 17: 4,096 players after 13 rounds in 100 ms or less."""
    event = synthetic_event(rounds=13)
    rows = benchmark(compute_standings, event)
    assert len(rows) == PLAYERS
    assert all(r.matches == 13 for r in rows)


def test_standings_document_4096_players_13_rounds(benchmark: Any) -> None:
    """The core's part of `standings --json` after the standings: the JSON-ready rows."""
    rows = compute_standings(synthetic_event(rounds=13))
    document = benchmark(standings_document, rows)
    assert len(document["standings"]) == PLAYERS
    assert document["standings"][0]["omw"] == round(float(rows[0].values.omw), 4)
