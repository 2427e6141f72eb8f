"""Fixtures of the players' page tests: a played event served on a free loopback port."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from organizer.storage.database import Database
from tests.web.served import Served, played_event, serving


@pytest.fixture
def served(db: Database) -> Iterator[Served]:
    with serving(db, played_event(db)) as page:
        yield page
