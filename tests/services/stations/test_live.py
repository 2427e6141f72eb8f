"""What a station notices of another station's writes: the event, and what changed.

Two `Database` objects on one SQLite file are two stations (separate
connections); on PostgreSQL a second process writes and the LISTEN connection
hears it. A station's own writes are not reported back to it.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from organizer.core.results import Score
from organizer.services.clock import clock
from organizer.services.decks import cardpools
from organizer.services.event import events
from organizer.services.kit.changes import EVERYTHING, Changes, changes_of
from organizer.services.kit.resources import sample_pool_path
from organizer.services.rounds import pairing, results
from organizer.services.stations.live import first_look, look_again
from organizer.storage.database import Database
from organizer.storage.server.change_listener import ChangeListener
from tests.gui.played_events import event_with_players
from tests.storage.postgres_server import available, first_notice, postgres_server


def test_another_stations_result_is_reported_as_results(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'shared.sqlite3'}"
    here, there = Database(url), Database(url)
    try:
        event_id = event_with_players(here, "castle-wars", 8)
        pairing.pair_next(here, event_id=event_id, seed=1)
        seen = first_look(here)
        seen, found = look_again(here, seen)
        assert found == []
        results.record_result(there, event_id=event_id, table=2, score=Score(2, 1))
        seen, found = look_again(here, seen)
        (remote,) = found
        assert remote.changes == Changes(results=True, event_id=event_id)
        assert len(remote.actors) == 1
        clock.start(there, event_id=event_id)
        seen, (remote,) = look_again(here, seen)
        assert remote.changes.clock and not remote.changes.results
        results.record_result(here, event_id=event_id, table=3, score=Score(2, 0))
        seen, found = look_again(here, seen)
        assert found == []  # its own write: the screen that made it has refreshed
        created = events.create_event(there, name="Elsewhere", format_id="castle-wars").value
        seen, found = look_again(here, seen)
        assert [r.changes.event_id for r in found] == [created.id]
        assert found[0].changes.events
    finally:
        here.close()
        there.close()


def test_unknown_kinds_of_change_refresh_everything() -> None:
    assert changes_of("settings.set") == EVERYTHING
    assert changes_of("round.pair") == Changes(pairings=True, results=True)


WRITER = """
import sys
from organizer.core.results import Score
from organizer.services.rounds import results
from organizer.storage.database import Database
db = Database(sys.argv[1])
results.record_result(db, event_id=int(sys.argv[2]), table=1, score=Score(2, 1))
db.close()
"""


@pytest.mark.slow
@pytest.mark.skipif(not available(), reason="PostgreSQL (pgserver) is not installed")
def test_postgresql_announces_a_commit_from_another_process() -> None:
    with postgres_server() as url:
        db = Database(url)
        try:
            event_id = event_with_players(db, "castle-wars", 4)
            pairing.pair_next(db, event_id=event_id, seed=1)
            listener = ChangeListener.for_database(db)
            assert listener is not None
            try:
                assert listener.wait(0.05) == []  # connects and listens; nothing yet
                subprocess.run([sys.executable, "-c", WRITER, url, str(event_id)], check=True)
                assert first_notice(listener) == [str(event_id)]
            finally:
                listener.close()
        finally:
            db.close()


def test_this_stations_new_event_and_card_pool_are_not_reported_back(tmp_path: Path) -> None:
    """Writes that lock no event (a new event, a card pool) are still this station's own:
    no "Updated from …" for them; the same writes from another station are reported."""
    url = f"sqlite:///{tmp_path / 'shared.sqlite3'}"
    here, there = Database(url), Database(url)
    pool = sample_pool_path("castle-wars").read_text("utf-8")
    try:
        seen = first_look(here)
        event_id = events.create_event(here, name="Mine", format_id="castle-wars").value.id
        cardpools.import_pool(here, text=pool, source="mine.csv")
        seen, found = look_again(here, seen)
        assert found == []
        other = events.create_event(there, name="Theirs", format_id="castle-wars").value.id
        cardpools.import_pool(there, text=pool, source="theirs.csv")
        seen, found = look_again(here, seen)
        assert {r.changes.event_id for r in found} == {other, None}
        assert all(r.actors for r in found) and event_id != other
    finally:
        here.close()
        there.close()
