"""Who can draw into a top 64 at a 4,096-player event, before its ninth round.

Target: ≤ 2 s for every table of the round (the exact points enumeration by score group and
both players of each table). The event is the shared big event (tests/big_events.py) with
round 9 paired by the organizer itself. Run with `python3 dev.py bench` (or
`ORGANIZER_BENCH=1 pytest tests/benchmarks/test_can_draw_bench.py --benchmark-only`).
"""

from __future__ import annotations

import dataclasses
from typing import Any

from organizer.core.interchange import parse_event
from organizer.core.pairing.can_draw import CanDraw, can_draw
from organizer.core.pairing.swiss import pair_next_round
from tests.big_events import big_event_text


def test_who_can_draw_at_4096_players_cut_64(benchmark: Any) -> None:
    event = parse_event(big_event_text())
    event = dataclasses.replace(event, rounds=(*event.rounds, pair_next_round(event, seed=9)))

    def run() -> CanDraw:
        return can_draw(event, cut=64)

    result = benchmark.pedantic(run, rounds=3, iterations=1)
    assert len(result.tables) == sum(len(m.players) == 2 for m in event.rounds[-1].matches)
    assert {t.verdict for t in result.tables} >= {"maybe", "out"}
