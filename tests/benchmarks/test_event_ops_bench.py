"""What a TO waits for at a 4,096-player event, through the same services the command line uses.

Targets (issue 17, each over the command's own startup): import of the event
JSON ≤ 1.5 s, pairing the next round ≤ 250 ms, one result ≤ 50 ms, standings
as JSON ≤ 200 ms, export ≤ 500 ms, and `organizer --version` ≤ 0.3 s over bare
Python. The event is generated deterministically (4,096 players, 8 rounds
paired by the organizer with random results, ~1% drops a round) and stored in
a real SQLite file; each measured call starts from the same stored state.
Run with `python3 dev.py bench` (or `pytest tests/benchmarks/test_event_ops_bench.py
--benchmark-only` with ORGANIZER_BENCH=1).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from organizer.core.interchange_output import standings_document
from organizer.core.json_text import pretty
from organizer.core.results import Score
from organizer.services.event import interchange
from organizer.services.rounds import pairing, results, standings
from organizer.storage.database import Database
from tests.big_events import PLAYERS, big_event_text, store_big_event


@pytest.fixture(scope="module")
def stored(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A database file holding the event after round 8 (all results in): the template."""
    path = tmp_path_factory.mktemp("ops") / "template.sqlite3"
    store_big_event(path)
    return path


def test_import_event_json(benchmark: Any, tmp_path: Path) -> None:
    text = big_event_text()
    count = iter(range(1000))

    def setup() -> tuple[tuple[Database], dict[str, Any]]:
        return (Database(f"sqlite:///{tmp_path / f'import{next(count)}.sqlite3'}"),), {}

    def run(db: Database) -> int:
        event_id = interchange.import_event(db, text=text).value
        db.close()
        return event_id

    assert benchmark.pedantic(run, setup=setup, rounds=5) == 1


def test_pair_the_next_round(benchmark: Any, fresh: Any) -> None:
    def setup() -> tuple[tuple[Database], dict[str, Any]]:
        return (fresh(),), {}

    round_ = benchmark.pedantic(
        lambda db: pairing.pair_next(db, event_id=1, seed=9).value, setup=setup, rounds=5
    )
    assert round_.number == 9


def test_record_one_result(benchmark: Any, fresh: Any) -> None:
    db = fresh()
    paired = pairing.pair_next(db, event_id=1, seed=9).value
    tables = iter([m.table for m in paired.matches if m.table is not None])
    outcome = benchmark.pedantic(
        lambda: results.record_result(db, event_id=1, table=next(tables), score=Score(2, 1)),
        rounds=20,
    )
    assert outcome.value.round_number == 9


def test_standings_as_json(benchmark: Any, fresh: Any) -> None:
    db = fresh()
    # As `standings --json` does: the rows, their document, and its text.
    text = benchmark.pedantic(
        lambda: pretty(standings_document(standings.standings(db, event_id=1))), rounds=5
    )
    assert text.count('"rank"') == PLAYERS


def test_export_event_json(benchmark: Any, fresh: Any) -> None:
    db = fresh()
    text = benchmark.pedantic(lambda: interchange.export_event(db, event_id=1), rounds=5)
    assert text.count('"table"') > 8 * 1900


def _run(*argv: str) -> None:
    subprocess.run([sys.executable, *argv], check=True, capture_output=True)


def test_startup_of_bare_python(benchmark: Any) -> None:
    benchmark.pedantic(_run, args=("-c", "pass"), rounds=10)


def test_startup_organizer_version(benchmark: Any) -> None:
    benchmark.pedantic(_run, args=("-m", "organizer", "--version"), rounds=10)
