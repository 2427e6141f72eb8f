"""Fixtures of the players' page tests: a played event served on a free loopback port."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.built_databases import BuiltDatabases
from tests.web.served import Served, played_event, serving_file


@pytest.fixture
def served(db_path: Path, built_databases: BuiltDatabases) -> Iterator[Served]:
    """The played event (built once per run, `played_event`) in this test's own file, served."""
    with serving_file(db_path, built_databases.copy(played_event, db_path)) as page:
        yield page
