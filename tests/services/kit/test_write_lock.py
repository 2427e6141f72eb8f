"""`@write`, the one way a service writes: one locked transaction whose `Done.changes`
are read off what it journaled, by the same table another station reads them with."""

from __future__ import annotations

import inspect
from pathlib import Path

import pytest

from organizer.core.results import Score
from organizer.services.clock import clock
from organizer.services.decks import cardpools
from organizer.services.event import events, settings
from organizer.services.judging import deck_checks
from organizer.services.kit.changes import Changes, Done
from organizer.services.kit.errors import NotFoundError, RefusedError
from organizer.services.kit.resources import sample_pool_path
from organizer.services.kit.write_lock import write
from organizer.services.phones import self_service
from organizer.services.players import registration
from organizer.services.rounds import pairing, results
from organizer.services.stations.live import first_look, look_again
from organizer.storage import events_repo, journal_repo
from organizer.storage.database import Database, Tx
from organizer.storage.journal_repo import Action
from tests.gui.played_events import event_with_players


def test_a_writes_changes_are_what_another_station_is_told(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'shared.sqlite3'}"
    here, there = Database(url), Database(url)
    try:
        event_id = event_with_players(here, "castle-wars", 8)
        seen = first_look(there)
        for write_here in (
            lambda: pairing.pair_next(here, event_id=event_id, seed=1),
            lambda: clock.start(here, event_id=event_id),
            lambda: results.record_result(here, event_id=event_id, table=2, score=Score(2, 1)),
            lambda: registration.add_player(here, event_id=event_id, name="Late Lou"),
            lambda: results.record_result(  # a slip's drop box: players too
                here, event_id=event_id, table=3, score=Score(2, 0), drop=(False, True)
            ),
        ):
            done = write_here()
            seen, (told,) = look_again(there, seen)
            assert done.changes == told.changes
            assert done.changes.event_id == event_id
    finally:
        here.close()
        there.close()


def test_changes_name_only_what_was_journaled(db: Database) -> None:
    event_id = event_with_players(db, "castle-wars", 4)
    added = registration.add_player(db, event_id=event_id, name="Ada")
    assert added.changes == Changes(players=True, event_id=event_id)
    paired = pairing.pair_next(db, event_id=event_id, seed=3)
    assert paired.changes == Changes(pairings=True, results=True, event_id=event_id)
    started = clock.start(db, event_id=event_id)
    assert started.changes == Changes(clock=True, event_id=event_id)
    # A result is results only: a 4,096-player event does not reload its players for one.
    result = results.record_result(db, event_id=event_id, table=1, score=Score(2, 0))
    assert result.changes == Changes(results=True, event_id=event_id)


def test_a_write_built_from_other_writes_reports_all_they_journaled(db: Database) -> None:
    event_id = event_with_players(db, "castle-wars", 4)
    pairing.pair_next(db, event_id=event_id, seed=3)
    clock.start(db, event_id=event_id)
    # A deck check that took time extends the table's clock (a clock write inside it).
    done = deck_checks.record(
        db, event_id=event_id, round_number=1, table=1, outcome="ok", minutes=4
    )
    assert done.changes == Changes(decks=True, clock=True, event_id=event_id)
    # A player's drop from the page is the registration's drop inside the page's write.
    player = registration.list_players(db, event_id=event_id)[0]
    settings.set_setting(db, event_id=event_id, key="self_report", value="on")
    dropped = self_service.drop(db, event_id=event_id, player=player)
    assert dropped.changes == Changes(players=True, event_id=event_id)


def test_a_write_naming_no_event_takes_no_events_lock(db: Database) -> None:
    event_id = event_with_players(db, "warcaste-skirmish-constructed", 2)
    revision = events.revision(db, event_id=event_id)
    path = sample_pool_path("warcaste")
    imported = cardpools.import_pool(db, text=path.read_text(encoding="utf-8"), source=path.name)
    assert imported.changes == Changes(decks=True)
    assert events.revision(db, event_id=event_id) == revision
    created = events.create_event(db, name="New", format_id="castle-wars")
    assert created.changes.events and created.changes.event_id == created.value.id


def test_a_refused_write_leaves_nothing_behind(db: Database) -> None:
    event_id = event_with_players(db, "castle-wars", 2)
    with db.reading() as s:
        before = journal_repo.entries(s, event_id=event_id)
    registration.add_player(db, event_id=event_id, name="Ada", player_id="ada")
    with pytest.raises(RefusedError, match="already used"):
        registration.add_player(db, event_id=event_id, name="Other Ada", player_id="ada")
    with db.reading() as s:
        after = journal_repo.entries(s, event_id=event_id)
    assert [e.action for e in after] == [Action.PLAYER_ADD] + [e.action for e in before]
    assert [p.name for p in registration.list_players(db, event_id=event_id)][-1] == "Ada"


def test_a_write_to_a_missing_event_is_not_found(db: Database) -> None:
    with pytest.raises(NotFoundError, match="no event 404"):
        registration.add_player(db, event_id=404, name="Ada")
    with pytest.raises(NotFoundError, match="no event 404"):
        events.delete_event(db, 404)  # the event named positionally locks just the same


@write
def _rename(s: Tx, *, event_id: int, name: str) -> Done[str]:
    """A write that changes what a screen shows without journaling it."""
    row = events_repo.get_row(s, event_id)
    assert row is not None
    row.name = name
    s.add(row)
    return Done(name, Changes(events=True))


def test_a_write_that_journals_nothing_names_its_changes_itself(db: Database) -> None:
    event_id = event_with_players(db, "castle-wars", 2)
    revision = events.revision(db, event_id=event_id)
    done = _rename(db, event_id=event_id, name="Renamed")
    assert done.changes == Changes(events=True, event_id=event_id)
    assert events.get_event(db, event_id).name == "Renamed"
    assert events.revision(db, event_id=event_id) == revision + 1  # it held the lock


def test_a_write_takes_the_transaction_where_its_callers_pass_db() -> None:
    def with_db(s: Tx, db: Database, *, event_id: int) -> Done[None]:
        return Done(None)

    with pytest.raises(TypeError, match="takes the transaction s, not db"):
        write(with_db)
    assert list(inspect.signature(_rename).parameters) == ["db", "event_id", "name"]
