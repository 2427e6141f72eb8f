"""Registrations: one of an event's, or none."""

from __future__ import annotations

from organizer.services import events, registration
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
