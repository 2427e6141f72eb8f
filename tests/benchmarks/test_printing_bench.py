"""Printing speed: pairings of a 2,000-player round (target 1 s a sheet) and 1,000 match slips
(target 3 s), each from the core event to the finished PDF bytes.

The event is built by hand (tests/printing/sample.py): round 1 played, round 2 paired, one
player in ten with a name of letters Helvetica lacks. Warcaste slips carry the sudden-death
grid, the most drawn of all slips. Run with
`ORGANIZER_BENCH=1 pytest tests/benchmarks/test_printing_bench.py --benchmark-only`.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest

from organizer.core.event import EventData
from organizer.printing.page import PageSettings
from organizer.printing.render import render
from organizer.printing.views import pairings_view, slips_view
from tests.printing.pdf_reading import reader
from tests.printing.sample import big_event

PAIRINGS_TARGET_S = 1.0
SLIPS_TARGET_S = 3.0


@cache
def event(players: int, format_id: str = "warcaste-skirmish-constructed") -> EventData:
    return big_event(players, format_id=format_id)


@pytest.mark.parametrize("kind", ["pairings-by-table", "pairings-by-name"])
@pytest.mark.parametrize("large", [False, True], ids=["normal", "large"])
def test_pairings_2000_players(benchmark: Any, kind: str, large: bool) -> None:
    ev = event(2000)
    settings = PageSettings(large_type=large)
    pdf = benchmark(lambda: render(kind, pairings_view(ev, 2), settings=settings))
    assert len(reader(pdf).pages) > 10
    assert benchmark.stats.stats.mean <= PAIRINGS_TARGET_S


@pytest.mark.parametrize("format_id", ["warcaste-skirmish-constructed", "castle-wars"])
def test_slips_1000_tables(benchmark: Any, format_id: str) -> None:
    ev = event(2000, format_id)
    pdf = benchmark(lambda: render("slips", slips_view(ev, 2)))
    assert len(reader(pdf).pages) == 250
    assert benchmark.stats.stats.mean <= SLIPS_TARGET_S
