"""Fixtures of the players' page tests: a played event served on a free loopback port."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from organizer.storage.database import Database
from tests.built_databases import BuiltDatabases
from tests.web.served import Served, played_event, serving


@pytest.fixture
def served(db_path: Path, built_databases: BuiltDatabases) -> Iterator[Served]:
    """The played event (built once per run, `played_event`) in this test's own file, served."""
    event_id = built_databases.copy(played_event, db_path)
    db = Database(f"sqlite:///{db_path}")
    try:
        with serving(db, event_id) as page:
            yield page
    finally:
        db.close()
