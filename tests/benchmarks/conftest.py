"""Fixtures the benchmarks share: fresh copies of a module's stored template."""

from __future__ import annotations

import shutil
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from organizer.storage.database import Database


@pytest.fixture
def fresh(stored: Path, tmp_path: Path) -> Iterator[Callable[[], Database]]:
    """Open a fresh copy of the module's `stored` template for each measured round."""
    copies: list[Database] = []

    def make() -> Database:
        target = tmp_path / f"copy{len(copies)}.sqlite3"
        shutil.copy(stored, target)
        db = Database(f"sqlite:///{target}")
        copies.append(db)
        return db

    yield make
    for db in copies:
        db.close()
