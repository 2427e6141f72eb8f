"""Registrations: one of an event's, or none."""

from __future__ import annotations

from organizer.services.event import events
from organizer.services.players import registration
from organizer.storage import registrations_repo
from organizer.storage.database import Database


def test_a_registration_is_found_only_in_its_own_event(db: Database) -> None:
    mine = events.create_event(db, name="Mine", format_id="castle-wars").value.id
    other = events.create_event(db, name="Other", format_id="castle-wars").value.id
    ada = registration.add_player(db, event_id=mine, name="Ada").value
    with db.reading() as s:
        found = registrations_repo.get_in_event(
            s, event_id=mine, registration_id=ada.registration_id
        )
        elsewhere = registrations_repo.get_in_event(
            s, event_id=other, registration_id=ada.registration_id
        )
        missing = registrations_repo.get_in_event(s, event_id=mine, registration_id=10_000)
    assert found == ada
    assert elsewhere is None and missing is None


def test_the_players_list_reads_each_record_as_one_registration_does(db: Database) -> None:
    event_id = events.create_event(db, name="E", format_id="castle-wars").value.id
    registration.import_players_csv(
        db,
        event_id=event_id,
        text="name,email,id,awarded_byes\nAda,ada@example.org,W-1,1\nBo,,,0\n",
    )
    bo = registration.list_players(db, event_id=event_id)[1]
    registration.set_dropped(
        db, event_id=event_id, registration_id=bo.registration_id, dropped=True
    )
    with db.reading() as s:
        listed = registrations_repo.players(s, event_id=event_id)
        one_by_one = [registrations_repo.get(s, registration_id=p.registration_id) for p in listed]
    assert listed == one_by_one
    ada = listed[0]
    assert (ada.name, ada.email, ada.player_number, ada.awarded_byes) == (
        "Ada",
        "ada@example.org",
        "W-1",
        1,
    )
    assert listed[1].dropped_after_round == 0
