"""Two stations fix two players at one table at the same moment (issue 34): one is
fixed there, the other station is told who holds the table; never two players fixed at
one table. On a real SQLite file and a real PostgreSQL server."""

from __future__ import annotations

import pytest

from organizer.services.players import registration
from organizer.storage.database import Database
from tests.races.stations import Stations
from tests.races.test_concurrent_writes import RACES, db, no_crash, two, url
from tests.services.event_builders import event_with_players

pytestmark = [pytest.mark.stress, pytest.mark.slow]
__all__ = ["db", "two", "url"]  # the shared fixtures, used by name


def test_two_stations_fix_two_players_at_one_table(two: Stations, db: Database) -> None:
    for _ in range(RACES):
        event_id = event_with_players(db, "castle-wars", 4)
        outcomes = two.race(
            [
                ("fix_table", {"event_id": event_id, "code": "p1", "table": 3}),
                ("fix_table", {"event_id": event_id, "code": "p2", "table": 3}),
            ]
        )
        no_crash(outcomes)
        assert sorted(kind for kind, _ in outcomes) == ["ok", "refused"], outcomes
        refused = next(text for kind, text in outcomes if kind == "refused")
        assert "table 3 is fixed for" in refused
        fixed = [p.code for p in registration.list_players(db, event_id=event_id) if p.fixed_table]
        assert len(fixed) == 1
