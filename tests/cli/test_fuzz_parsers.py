"""Fuzzing the four parsers through the command line (issue 18): 500 inputs each.

Every mutated event JSON, players CSV, card pool CSV and deck list must end in exit 0, 1
or 2 with short output: no traceback, no other status, no input over 2 s (a hang guard).
The commands that read without storing carry the 2,000 inputs; a sample of each kind also
goes through the commands that store (`import`, `players import`, `cards import`) against
a real database file, which must be unchanged after every refused import. More inputs:
`make bench` (tests/benchmarks/test_fuzz_bench.py: 20,000 per parser, other seeds) or
FUZZ_INPUTS=20000. The test run had 2,000 each until issue 17, 16 s of every run. At 500
the suite still reaches every line and branch of the parsers it reached at 2,000
(coverage.py): the few refusals only the larger count hit are tests of their own
(tests/core/test_interchange.py, test_cardpool.py).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from organizer.services.event.events import list_events
from organizer.storage.database import Database
from tests.cli import fuzzing
from tests.cli.helpers import organizer

INPUTS = int(os.environ.get("FUZZ_INPUTS", "500"))
STORED = max(40, INPUTS // 50)
"""Inputs of each kind that also go through a command that stores (each ~15 ms)."""


def _assert_clean(result: fuzzing.FuzzRun, expected: int) -> None:
    assert result.inputs == expected
    shown = "\n".join(f"#{f.index} {f.argv}: {f.problem} ({f.path})" for f in result.findings)
    assert not result.findings, shown


@pytest.fixture(scope="module")
def deck_pool(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("pool") / "pool.csv"
    path.write_bytes(fuzzing.pool_seed())
    return path


def test_event_json(tmp_path: Path) -> None:
    inputs = fuzzing.json_mutants(fuzzing.event_seeds(), INPUTS, seed=1801)
    result = fuzzing.fuzz(
        inputs,
        lambda p: (
            ["pair", str(p), "--seed", "1"] if p.stat().st_size % 2 else ["standings", str(p)]
        ),
        tmp_path,
        suffix=".json",
    )
    _assert_clean(result, INPUTS)
    assert set(result.statuses) >= {0, 1, 2}, result.statuses


def test_players_csv(tmp_path: Path) -> None:
    inputs = fuzzing.mutants(fuzzing.players_seeds(), INPUTS, seed=1802)
    result = fuzzing.fuzz(
        inputs, lambda p: ["players", "import", "--check", str(p)], tmp_path, suffix=".csv"
    )
    _assert_clean(result, INPUTS)
    assert set(result.statuses) == {0, 2}, result.statuses


def test_card_pool_csv(tmp_path: Path) -> None:
    deck = tmp_path / "deck.txt"
    deck.write_bytes(fuzzing.deck_seeds()[0])
    inputs = fuzzing.mutants(fuzzing.pool_seeds(), INPUTS, seed=1803)
    result = fuzzing.fuzz(
        inputs,
        lambda p: ["check-deck", "--format", "castle-wars", "--cards", str(p), str(deck)],
        tmp_path / "runs",
        suffix=".csv",
    )
    _assert_clean(result, INPUTS)
    assert set(result.statuses) >= {1, 2}, result.statuses


def test_deck_lists(tmp_path: Path, deck_pool: Path) -> None:
    inputs = fuzzing.mutants(fuzzing.deck_seeds(), INPUTS, seed=1804)
    result = fuzzing.fuzz(
        inputs,
        lambda p: ["check-deck", "--format", "castle-wars", "--cards", str(deck_pool), str(p)],
        tmp_path,
        suffix=".txt",
    )
    _assert_clean(result, INPUTS)
    assert set(result.statuses) >= {1, 2}, result.statuses


def _event_count(db_path: Path) -> int:
    db = Database(f"sqlite:///{db_path}")
    try:
        return len(list_events(db))
    finally:
        db.close()


def test_a_refused_event_import_stores_nothing(tmp_path: Path) -> None:
    db_path = tmp_path / "fuzz.sqlite3"
    organizer(db_path, "new", "--name", "Before", "--format", "castle-wars")
    expected = [1]

    def check(status: int, out: str, err: str) -> str | None:
        expected[0] += status == 0
        count = _event_count(db_path)
        return None if count == expected[0] else f"exit {status} but {count} events"

    inputs = fuzzing.json_mutants(fuzzing.event_seeds(), STORED, seed=1805)
    result = fuzzing.fuzz(
        inputs,
        lambda p: ["--db", str(db_path), "import", str(p)],
        tmp_path,
        suffix=".json",
        check=check,
    )
    _assert_clean(result, STORED)


def test_a_refused_players_import_stores_nothing(tmp_path: Path) -> None:
    db_path = tmp_path / "fuzz.sqlite3"
    organizer(db_path, "new", "--name", "Players", "--format", "castle-wars")
    stored = [0]

    def check(status: int, out: str, err: str) -> str | None:
        said = next((line for line in out.splitlines() if line.startswith("added ")), "")
        added = int(said.split()[1]) if said else 0  # after each new id and its PIN
        stored[0] += added
        listed = organizer(db_path, "players", "list", "--json").out
        count = len(json.loads(listed)["players"])
        return None if count == stored[0] else f"said it added {added}, but {count} are stored"

    inputs = fuzzing.mutants(fuzzing.players_seeds(), STORED, seed=1806)
    result = fuzzing.fuzz(
        inputs,
        lambda p: ["--db", str(db_path), "players", "import", str(p)],
        tmp_path,
        suffix=".csv",
        check=check,
    )
    _assert_clean(result, STORED)


def test_a_refused_card_pool_import_stores_nothing(tmp_path: Path) -> None:
    db_path = tmp_path / "fuzz.sqlite3"
    organizer(db_path, "cards", "import", str(fuzzing.ROOT / "resources/cardpools/sample-wars.csv"))
    before = [organizer(db_path, "cards", "list").out]

    def check(status: int, out: str, err: str) -> str | None:
        now = organizer(db_path, "cards", "list").out
        if status != 0 and now != before[0]:
            return f"exit {status} but the stored pools changed: {now!r}"
        before[0] = now
        return None

    inputs = fuzzing.mutants(fuzzing.pool_seeds(), STORED, seed=1807)
    result = fuzzing.fuzz(
        inputs,
        lambda p: ["--db", str(db_path), "cards", "import", str(p)],
        tmp_path,
        suffix=".csv",
        check=check,
    )
    _assert_clean(result, STORED)
