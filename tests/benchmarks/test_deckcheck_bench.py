"""Deck check speed: 1,000 deck lists of every format parsed and checked (target: 1 s in all).

The lists are the sample decks of resources/decklists, each varied (a card swapped, a
count changed, a name misspelt) so that legal and illegal lists, "did you mean" look-ups
and every rule are exercised. Run with
`pytest tests/benchmarks/test_deckcheck_bench.py --benchmark-only`.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from organizer.core.cardpool import CardPool, parse_cardpool
from organizer.core.decklist import parse_deck
from organizer.core.formats.catalog import format_info
from organizer.core.formats.checker import check_deck

ROOT = Path(__file__).resolve().parents[2]
DECKS = 1000
TARGET_S = 1.0


def pools() -> dict[str, CardPool]:
    return {
        p.stem.removeprefix("sample-"): parse_cardpool(p.read_text(encoding="utf-8")).pool
        for p in (ROOT / "resources" / "cardpools").glob("sample-*.csv")
    }


def variants(seed: int = 20260101) -> list[tuple[str, str]]:
    """(format id, deck text) pairs: the samples, with one random change in most of them."""
    rng = random.Random(seed)
    samples = [
        (p.stem.removeprefix("sample-"), p.read_text(encoding="utf-8"))
        for p in sorted((ROOT / "resources" / "decklists").glob("sample-*.*"))
    ]
    out: list[tuple[str, str]] = []
    for i in range(DECKS):
        fmt, text = samples[i % len(samples)]
        lines = text.split("\n")
        cards = [n for n, line in enumerate(lines) if line[:1].isdigit()]
        n = rng.choice(cards)
        sep = "," if "," in lines[n] else " "
        count, _, name = lines[n].partition(sep)
        change = rng.randrange(4)
        if change == 1:
            lines[n] = f"{int(count.rstrip('x')) + 1}{sep}{name}"
        elif change == 2:
            lines[n] = f"{count}{sep}{name[:3]}{name[4:]}"
        elif change == 3:
            lines.append(lines[cards[0]])
        out.append((fmt, "\n".join(lines)))
    return out


def check_all(jobs: list[tuple[str, str]], by_game: dict[str, CardPool]) -> int:
    legal = 0
    for fmt, text in jobs:
        report = check_deck(fmt, parse_deck(text), by_game[format_info(fmt).game])
        legal += report.legal
    return legal


def test_check_1000_decks(benchmark: Any) -> None:
    jobs, by_game = variants(), pools()
    legal = benchmark(check_all, jobs, by_game)
    assert 0 < legal < DECKS
    assert benchmark.stats.stats.mean <= TARGET_S
