"""The parser fuzz at a larger count: 20,000 inputs per parser (FUZZ_INPUTS overrides).

`make bench` runs it; the default test run carries 500 per parser
(tests/cli/test_fuzz_parsers.py). The figure recorded is the time for all inputs of one
parser; the test fails on any traceback, other exit status or output flood.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from tests.cli import fuzzing

INPUTS = int(os.environ.get("FUZZ_INPUTS", "20000"))


def _command(kind: str, tmp: Path) -> tuple[list[bytes], Any, str]:
    pool = tmp / "pool.csv"
    pool.write_bytes(fuzzing.pool_seed())
    deck = tmp / "deck.txt"
    deck.write_bytes(fuzzing.deck_seeds()[0])
    check = ["check-deck", "--format", "castle-wars", "--cards"]
    return {
        "event": (
            fuzzing.event_seeds(),
            lambda p: (
                ["pair", str(p), "--seed", "1"] if p.stat().st_size % 2 else ["standings", str(p)]
            ),
            ".json",
        ),
        "players": (
            fuzzing.players_seeds(),
            lambda p: ["players", "import", "--check", str(p)],
            ".csv",
        ),
        "pool": (fuzzing.pool_seeds(), lambda p: [*check, str(p), str(deck)], ".csv"),
        "deck": (fuzzing.deck_seeds(), lambda p: [*check, str(pool), str(p)], ".txt"),
    }[kind]


@pytest.mark.parametrize("kind", ["event", "players", "pool", "deck"])
def test_fuzz(benchmark: Any, tmp_path: Path, kind: str) -> None:
    seeds, argv_for, suffix = _command(kind, tmp_path)
    mutate = fuzzing.json_mutants if kind == "event" else fuzzing.mutants
    inputs = mutate(seeds, INPUTS, seed=9000 + len(kind))
    result = benchmark.pedantic(
        fuzzing.fuzz,
        args=(inputs, argv_for, tmp_path / "runs"),
        kwargs={"suffix": suffix},
        rounds=1,
        iterations=1,
    )
    assert result.inputs == INPUTS
    assert not result.findings, [(f.index, f.problem, str(f.path)) for f in result.findings[:20]]
