"""The demo event: built through the services, in the middle of round 1, deletable.

Real SQLite file; everything is read back through the same services the screens use.
"""

from __future__ import annotations

from organizer.services.clock import clock
from organizer.services.clock import sudden_death as sudden
from organizer.services.decks import cardpools, decks
from organizer.services.demo import demo
from organizer.services.event import events
from organizer.services.event.interchange import load_event
from organizer.services.players import registration
from organizer.services.rounds import standings
from organizer.storage.database import Database


def test_the_demo_is_round_one_under_way(db: Database) -> None:
    made = demo.create_demo(db)
    (record,) = events.list_events(db)
    assert record.id == made.value.event_id and record.name.startswith(demo.DEMO_PREFIX)
    assert record.format_id == "warcaste-skirmish-constructed"
    assert [p.name for p in registration.list_players(db, event_id=made.value.event_id)] == list(
        demo.PLAYERS
    )
    event = load_event(db, event_id=made.value.event_id)
    assert [r.number for r in event.rounds] == [1]
    (round_1,) = event.rounds
    played = [m for m in round_1.matches if m.wins is not None]
    assert len(round_1.matches) == made.value.tables == 6 and len(played) == 3
    assert len(standings.standings(db, event_id=made.value.event_id)) == 12


def test_one_deck_is_a_card_short_and_kept_for_the_judge(db: Database) -> None:
    made = demo.create_demo(db)
    statuses = {s.name: s.status for s in decks.deck_statuses(db, event_id=made.value.event_id)}
    assert statuses.pop(demo.SHORT_DECK_PLAYER) == "illegal"
    assert set(statuses.values()) == {"legal"}


def test_one_table_is_in_sudden_death_after_time_was_called(db: Database) -> None:
    made = demo.create_demo(db)
    state = sudden.load(db, event_id=made.value.event_id, table=made.value.sudden_death_table)
    assert state.record.first is not None and len(state.record.turns) == 1
    assert state.outcome is None
    status = clock.status(db, event_id=made.value.event_id)
    assert status.view.phase == "sudden_death"
    assert made.value.sudden_death_table in status.tables_open


def test_the_sample_pool_is_imported_only_when_there_is_none(db: Database) -> None:
    assert demo.create_demo(db).value.pool_imported
    assert cardpools.has_pool(db, game="warcaste")
    assert not demo.create_demo(db).value.pool_imported
    assert len(events.list_events(db)) == 2


def test_the_demo_is_deleted_like_any_event(db: Database) -> None:
    made = demo.create_demo(db)
    events.delete_event(db, event_id=made.value.event_id)
    assert events.list_events(db) == []


def test_a_store_pool_is_kept_and_the_demo_decks_wait_for_the_judge(db: Database) -> None:
    """The store's own Warcaste pool lacks the sample cards: it stays, the lists are illegal."""
    store = "game,set,number,name,type\nwarcaste,X,1,Lone Card,unit\n"
    cardpools.import_pool(db, text=store, source="store.csv")
    made = demo.create_demo(db)
    assert not made.value.pool_imported
    assert [c.name for c in cardpools.pool_for_game(db, game="warcaste")] == ["Lone Card"]
    statuses = {s.status for s in decks.deck_statuses(db, event_id=made.value.event_id)}
    assert statuses == {"illegal"}


def test_only_demo_names_are_demos() -> None:
    assert demo.DEMO_NAME.startswith(demo.DEMO_PREFIX)
    assert not "Friday Skirmish".startswith(demo.DEMO_PREFIX)
