"""Events: create with format defaults, delete with a recoverable backup, export/import."""

from __future__ import annotations

import json

import pytest
from sqlmodel import select

from organizer.core.event import Match, PlayerId, Round
from organizer.core.interchange import InterchangeError
from organizer.services.event import events, interchange
from organizer.services.kit.errors import InputError, NotFoundError
from organizer.services.players import registration
from organizer.storage import rounds_repo
from organizer.storage.database import Database
from organizer.storage.tables import JournalRow


def test_new_event_takes_defaults_from_its_format(db: Database) -> None:
    _done = events.create_event(db, name="Castle night", format_id="castle-wars")
    record, changes = _done.value, _done.changes
    assert (record.best_of, record.round_minutes) == (3, 50)
    warcaste = events.create_event(
        db, name="W", format_id="warcaste-skirmish-constructed", planned_rounds=4
    ).value
    assert (warcaste.best_of, warcaste.round_minutes, warcaste.planned_rounds) == (1, 60, 4)
    assert changes.events and changes.event_id == record.id
    assert [e.name for e in events.list_events(db)] == ["W", "Castle night"]


def test_bad_event_settings_are_refused(db: Database) -> None:
    with pytest.raises(InputError):
        events.create_event(db, name=" ", format_id="castle-wars")
    with pytest.raises(InputError):
        events.create_event(db, name="x", format_id="castle-wars", best_of=2)
    with pytest.raises(KeyError, match="unknown format"):
        events.create_event(db, name="x", format_id="magic")


def test_resolve_event_defaults_to_the_newest(db: Database) -> None:
    with pytest.raises(NotFoundError, match="no events"):
        events.resolve_event_id(db, None)
    first = events.create_event(db, name="A", format_id="wtactics-orc").value
    second = events.create_event(db, name="B", format_id="wtactics-orc").value
    assert events.resolve_event_id(db, None) == second.id
    assert events.resolve_event_id(db, first.id) == first.id
    with pytest.raises(NotFoundError):
        events.resolve_event_id(db, 999)


def played_event(db: Database) -> int:
    """An event with players, a round with a result, a bye, a drop and a pending match."""
    event_id = events.create_event(db, name="Played", format_id="castle-wars").value.id
    for name in ("Ada", "Bo", "Cy", "Di", "Ed"):
        registration.add_player(db, event_id=event_id, name=name)
    players = registration.list_players(db, event_id=event_id)
    reg = {p.code: p.registration_id for p in players}
    registration.set_dropped(db, event_id=event_id, registration_id=reg["p5"], dropped=True)
    r1 = Round(
        1,
        (
            Match(1, (PlayerId("p1"), PlayerId("p2")), wins=(2, 1), draws=0),
            Match(2, (PlayerId("p3"), PlayerId("p4")), wins=(1, 1), draws=1),
            Match(None, (PlayerId("p5"),)),
        ),
        seed=7,
    )
    r2 = Round(2, (Match(1, (PlayerId("p1"), PlayerId("p3"))),), seed=8)
    with db.transaction() as s:
        rounds_repo.insert_round(s, event_id=event_id, round_=r1, registration_of=reg)
        rounds_repo.insert_round(s, event_id=event_id, round_=r2, registration_of=reg)
    return event_id


def test_export_import_export_is_exact(db: Database) -> None:
    event_id = played_event(db)
    first = interchange.export_event(db, event_id=event_id)
    _done = interchange.import_event(db, text=first)
    copy_id, changes = _done.value, _done.changes
    assert copy_id != event_id and changes.events
    second = interchange.export_event(db, event_id=copy_id)
    assert json.loads(first) == json.loads(second)
    assert first == second
    doc = json.loads(first)
    assert doc["rounds"][0]["matches"][1] == {
        "table": 2,
        "a": "p3",
        "b": "p4",
        "a_wins": 1,
        "b_wins": 1,
        "draws": 1,
    }
    assert doc["players"][4]["dropped_after_round"] == 0


def test_a_bad_import_writes_nothing(db: Database) -> None:
    before = len(events.list_events(db))
    with pytest.raises(InterchangeError):
        interchange.import_event(db, text='{"players": [{"id": "a"}]}')
    assert len(events.list_events(db)) == before


def test_delete_removes_everything_but_keeps_a_backup_in_the_journal(db: Database) -> None:
    event_id = played_event(db)
    exported = interchange.export_event(db, event_id=event_id)
    events.delete_event(db, event_id)
    assert events.list_events(db) == []
    with pytest.raises(NotFoundError):
        interchange.export_event(db, event_id=event_id)
    with db.reading() as s:  # the event's own entries went with it: this one names no event
        (deleted,) = s.exec(select(JournalRow).where(JournalRow.action == "event.delete")).all()
    assert deleted.event_id is None and "Played" in deleted.summary
    backup = deleted.before  # the interchange JSON, as stored
    assert json.loads(backup) == json.loads(exported)
    restored_id = interchange.import_event(db, text=backup).value
    assert json.loads(interchange.export_event(db, event_id=restored_id)) == json.loads(exported)
