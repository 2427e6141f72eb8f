"""Swiss pairing speed: round 9 of a 1,024- and a 4,096-player event (targets 10 ms, 50 ms).

The events are generated deterministically: rounds 1-8 paired by the organizer
itself, with random results (about 8% draws) and about 1% of the players dropping
after each round. Run with
`pytest tests/benchmarks/test_pairing_bench.py --benchmark-only`.
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any

import pytest

from organizer.core.event import EventData
from organizer.core.pairing.swiss import pair_next_round
from tests.core.pairing.simulate import advance, make_players


@cache
def event_after_round_8(players: int) -> EventData:
    rng = random.Random(players)
    event = EventData(name=f"bench {players}", players=make_players(players), best_of=3)
    for number in range(1, 9):
        event = advance(event, rng, seed=number, draw_rate=0.08, drop_rate=0.01)
    return event


@pytest.mark.parametrize("players", [1024, 4096])
def test_pair_round_9(benchmark: Any, players: int) -> None:
    event = event_after_round_8(players)
    rnd = benchmark(pair_next_round, event, seed=9)
    active = {p.id for p in event.players if p.active_in(9)}
    seated = [pid for m in rnd.matches for pid in m.players]
    assert rnd.number == 9
    assert sorted(seated) == sorted(active)
    assert sum(m.is_bye for m in rnd.matches) == len(active) % 2
