"""`players import` without the ORM racing other stations (issue 36.11): the command's
`PlainWriter` takes the same event lock as the app's `Database`, so an import racing a
registration for the last place gives one place and one waiting-list place, and two
imports at once give every player their own id and place in the order. On a real
SQLite file and a real PostgreSQL server, each station a process of its own."""

from __future__ import annotations

import pytest

from organizer.services.players import registration
from organizer.storage.database import Database
from tests.races.stations import Stations
from tests.races.test_concurrent_writes import RACES, db, no_crash, two, url
from tests.races.test_door_races import full_but_one, race_for_the_last_place

pytestmark = [pytest.mark.stress, pytest.mark.slow]
__all__ = ["db", "two", "url"]  # the shared fixtures, used by name


def test_an_import_racing_a_registration_for_the_last_place(two: Stations, db: Database) -> None:
    race_for_the_last_place(
        two, db, [("plain_import", {"names": ["By Command"]}), ("register", {"name": "By App"})]
    )


def test_two_imports_at_once_give_everyone_their_own_id_and_place(
    two: Stations, db: Database
) -> None:
    for _ in range(RACES):
        event_id = full_but_one(db)
        outcomes = two.race(
            [
                ("plain_import", {"event_id": event_id, "names": ["A1", "A2"]}),
                ("plain_import", {"event_id": event_id, "names": ["B1", "B2"]}),
            ]
        )
        no_crash(outcomes)
        players = registration.list_players(db, event_id=event_id)
        assert len(players) == 7
        assert len({p.code for p in players}) == 7
        assert len({p.position for p in players}) == 7
        assert [p.waiting for p in players if p.waiting is not None] == [1, 2, 3]
