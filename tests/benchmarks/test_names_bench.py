"""Name fold and order speed: 4,096 distinct names from many scripts, cold and cached.

Run with `python3 dev.py bench` (the default test run skips benchmarks).
"""

from __future__ import annotations

import random
from typing import Any

from organizer.core import names

PLAYERS = 4096
FIRST = ("Łukasz", "Øyvind", "Đặng", "Zoë", "Ivan", "José", "Søren", "Jürgen", "王小明", "محمد",
         "Анна", "Ólafur", "Björk", "Chidi", "Nguyễn", "Ada")  # fmt: skip
LAST = ("Żółkiewski", "Jovanović", "Thị Bích", "Smith", "Müller", "García", "Ødegaard",
        "Kowalski", "de Vries", "Straße", "Okafor", "Castellanos")  # fmt: skip


def many_names(seed: int = 4096) -> list[str]:
    rng = random.Random(seed)
    return [f"{rng.choice(FIRST)} {rng.choice(LAST)} {i}" for i in range(PLAYERS)]


def fold_and_sort(people: list[str]) -> list[str]:
    assert all(names.fold(p) for p in people)
    return sorted(people, key=names.sort_key)


def clear_caches() -> None:
    names.fold.cache_clear()
    names.sort_key.cache_clear()


def test_fold_and_sort_4096_names_cold(benchmark: Any) -> None:
    """Every name seen for the first time (the collation table already read)."""
    people = many_names()
    names.sort_key("warm the collator")

    def setup() -> tuple[tuple[list[str]], dict[str, Any]]:
        clear_caches()
        return (people,), {}

    ordered = benchmark.pedantic(fold_and_sort, setup=setup, rounds=10)
    assert len(ordered) == PLAYERS


def test_fold_and_sort_4096_names_cached(benchmark: Any) -> None:
    """The same list again, as every refresh of a view sorts it."""
    people = many_names()
    fold_and_sort(people)
    ordered = benchmark(fold_and_sort, people)
    assert ordered[0].startswith("Ada")  # Latin first
    assert ordered[-1].startswith("王小明")  # Han last
