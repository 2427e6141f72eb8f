"""Two phones at one table call a judge at the same moment (issue 34): one call is
opened, the other phone is told the table has called already, never two open calls
and never a crash. On a real SQLite file and a real PostgreSQL server."""

from __future__ import annotations

import pytest

from organizer.services.judging import judge_calls
from organizer.storage.database import Database
from tests.races.stations import Stations
from tests.races.test_concurrent_writes import RACES, db, no_crash, two, url
from tests.services.event_builders import event_with_players, store_round

pytestmark = [pytest.mark.stress, pytest.mark.slow]
__all__ = ["db", "two", "url"]  # the shared fixtures, used by name


def test_both_players_of_a_table_call_at_once(two: Stations, db: Database) -> None:
    for _ in range(RACES):
        event_id = event_with_players(db, "castle-wars", 4)
        store_round(db, event_id, 1, [("p1", "p2"), ("p3", "p4")])
        outcomes = two.race(
            [
                ("judge_call", {"event_id": event_id, "code": "p1"}),
                ("judge_call", {"event_id": event_id, "code": "p2"}),
            ]
        )
        no_crash(outcomes)
        assert sorted(kind for kind, _ in outcomes) == ["ok", "refused"], outcomes
        refused = next(text for kind, text in outcomes if kind == "refused")
        assert "table 1 has called a judge already" in refused
        calls = judge_calls.list_calls(db, event_id=event_id, resolved=True)
        assert [(c.table, c.state) for c in calls] == [(1, "open")]
