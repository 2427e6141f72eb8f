"""What a judge waits for at a 4,096-player event: a penalty that changes a result, the judge
log, a deck-check pick with its coverage, and a timed check's outcome.

Targets: a Game Loss at a table with a result (a correction through the result rules, the
penalty and both journal entries) ≤ 100 ms; the judge log of 200 penalties ≤ 50 ms; picking
10 % of the tables (the whole event read to see who was checked) ≤ 500 ms; recording a
started check's outcome with its extension ≤ 500 ms. Each measured call starts from the
same stored state (the event after 8 rounds, all results in, round 9 paired).
Run with `python3 dev.py bench` (or `ORGANIZER_BENCH=1 pytest
tests/benchmarks/test_judge_bench.py --benchmark-only`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from organizer.services.event import interchange
from organizer.services.judging import deck_checks, penalties
from organizer.services.rounds import pairing
from organizer.storage.database import Database
from tests.big_events import store_big_event


@pytest.fixture(scope="module")
def stored(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("judge") / "template.sqlite3"
    store_big_event(path)
    db = Database(f"sqlite:///{path}")
    pairing.pair_next(db, event_id=1, seed=9)
    rnd = interchange.load_event(db, event_id=1).rounds[7]
    for m in rnd.matches[:200]:  # 200 warnings on the log
        penalties.add_penalty(
            db, event_id=1, player=str(m.players[0]), category="Slow Play", penalty="Warning",
            round_number=8,
        )  # fmt: skip
    db.close()
    return path


def test_a_game_loss_that_corrects_a_result(benchmark: Any, fresh: Any) -> None:
    def setup() -> tuple[tuple[Database, str], dict[str, Any]]:
        db = fresh()
        m = interchange.load_event(db, event_id=1).rounds[7].matches[0]
        return (db, str(m.players[1])), {}

    def run(db: Database, player: str) -> str:
        return penalties.add_penalty(
            db, event_id=1, player=player, category="Cheating", penalty="Game Loss",
            round_number=8,
        ).value.effect_text  # fmt: skip

    effect = benchmark.pedantic(run, setup=setup, rounds=5)
    assert effect.startswith("table 1: ")
    assert benchmark.stats.stats.mean <= 0.1


def test_the_judge_log(benchmark: Any, fresh: Any) -> None:
    db = fresh()
    lines = benchmark(lambda: penalties.log(db, event_id=1))
    assert len(lines) == 200
    assert benchmark.stats.stats.mean <= 0.05


def test_pick_tables_with_the_coverage(benchmark: Any, fresh: Any) -> None:
    def setup() -> tuple[tuple[Database], dict[str, Any]]:
        return (fresh(),), {}

    picked = benchmark.pedantic(
        lambda db: deck_checks.pick(db, event_id=1, share=0.1, seed=4).value, setup=setup,
        rounds=5,
    )  # fmt: skip
    assert len(picked.tables) >= 180 and picked.coverage.players > 4000  # 10 % of ~1,900
    assert benchmark.stats.stats.mean <= 0.5


def test_record_a_timed_check(benchmark: Any, fresh: Any) -> None:
    def setup() -> tuple[tuple[Database], dict[str, Any]]:
        db = fresh()
        deck_checks.start(db, event_id=1, table=7)
        return (db,), {}

    added = benchmark.pedantic(
        lambda db: (
            deck_checks.record(
                db, event_id=1, round_number=9, table=7, outcome="ok", minutes=6
            ).value
        ),
        setup=setup,
        rounds=5,
    )
    assert added == 360
    assert benchmark.stats.stats.mean <= 0.5
