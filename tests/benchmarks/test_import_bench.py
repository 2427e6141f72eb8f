"""Big imports through the services into a real SQLite file: players CSVs and card pools.

Targets (issue 28): 4,096 players ≤ 1 s; 100,000 players and 100,000 cards "reasonable"
(they were still running after 60 s, and 27 s) with progress shown in the app. Each round
imports into a fresh event (players) or a fresh database (cards).
Run with `python3 dev.py bench`.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from organizer.core.input_bounds import MAX_ROWS
from organizer.services.decks import cardpools
from organizer.services.event import events
from organizer.services.players import registration
from organizer.storage.database import Database
from tests.services.decks.test_cardpools import big_pool


def players_csv(rows: int) -> str:
    return "name,email\n" + "".join(f"Player Łukasz {i},p{i}@example.org\n" for i in range(rows))


@pytest.fixture
def db(tmp_path: Path) -> Iterator[Database]:
    database = Database(f"sqlite:///{tmp_path / 'bench.sqlite3'}")
    yield database
    database.close()


def import_players(benchmark: Any, db: Database, rows: int, rounds: int) -> None:
    text = players_csv(rows)

    def setup() -> tuple[tuple[Database], dict[str, Any]]:
        event_id = events.create_event(db, name="Big", format_id="castle-wars").value.id
        return (db,), {"event_id": event_id, "text": text}  # a write takes db by position

    done = benchmark.pedantic(registration.import_players_csv, setup=setup, rounds=rounds)
    assert done.value.added == min(rows, MAX_ROWS - 1)


def test_import_4096_players(benchmark: Any, db: Database) -> None:
    import_players(benchmark, db, 4096, rounds=5)


def test_import_100000_players(benchmark: Any, db: Database) -> None:
    import_players(benchmark, db, 100_000, rounds=2)


def test_import_100000_cards(benchmark: Any, tmp_path: Path) -> None:
    text = big_pool(MAX_ROWS - 1)
    opened: list[Database] = []

    def setup() -> tuple[tuple[()], dict[str, Any]]:
        opened.append(Database(f"sqlite:///{tmp_path / f'pool{len(opened)}.sqlite3'}"))
        return (), {"db": opened[-1], "text": text, "source": "big.csv"}

    done = benchmark.pedantic(cardpools.import_pool, setup=setup, rounds=2)
    assert done.value[0].cards == MAX_ROWS - 1
    for database in opened:
        database.close()
