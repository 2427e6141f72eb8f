"""Printing player cards: 2,000 cards (200 pages) within 3 s more than an 8-player printout.

From the card rows to the finished PDF bytes, as `services.player_cards` prints them after
issuing the PINs (the PINs' scrypt digests are not part of printing). Run with
`ORGANIZER_BENCH=1 pytest tests/benchmarks/test_player_cards_bench.py --benchmark-only`.
"""

from __future__ import annotations

import time
from typing import Any

from organizer.printing.player_cards import PlayerCard, PlayerCardsView
from organizer.printing.render import render
from organizer.printing.views import Heading
from tests.printing.pdf_reading import reader

TARGET_S = 3.0
URL = "http://192.168.1.20:8080/me"


def cards(count: int) -> PlayerCardsView:
    return PlayerCardsView(
        Heading("Thursday Skirmish at the Store"),
        URL,
        tuple(
            PlayerCard(f"Player {i} Österberg-Ñúñez", f"p{i}", f"{i * 7919 % 10**6:06d}")
            for i in range(1, count + 1)
        ),
    )


def test_player_cards_2000(benchmark: Any) -> None:
    small = cards(8)
    start = time.perf_counter()
    render("player-cards", small)
    eight_s = time.perf_counter() - start
    view = cards(2000)
    pdf = benchmark(lambda: render("player-cards", view))
    assert len(reader(pdf).pages) == 200
    assert benchmark.stats.stats.mean - eight_s <= TARGET_S
