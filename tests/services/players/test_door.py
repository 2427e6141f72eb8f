"""The door through the services: check-in and paid undone with Ctrl+Z, the waiting list
filled from an import and kept out of the event's pairing and standings."""

from __future__ import annotations

import pytest

from organizer.services.event import events, settings, undo
from organizer.services.event.interchange import load_event
from organizer.services.players import door, registration
from organizer.storage.database import Database


@pytest.fixture
def event_id(db: Database) -> int:
    return events.create_event(db, name="Friday", format_id="castle-wars").value.id


def test_check_in_and_paid_are_undone_one_after_the_other(db: Database, event_id: int) -> None:
    ada = registration.add_player(db, event_id=event_id, name="Ada").value
    door.check_in(db, event_id=event_id, registration_id=ada.registration_id)
    door.set_paid(db, event_id=event_id, registration_id=ada.registration_id, amount="5")
    [now] = registration.list_players(db, event_id=event_id)
    assert now.checked_in and now.paid and now.paid_cents == 500
    assert undo.undo_last(db, event_id=event_id).value == "undid: Ada: paid 5.00"
    [now] = registration.list_players(db, event_id=event_id)
    assert now.checked_in and not now.paid and now.paid_cents is None
    undo.undo_last(db, event_id=event_id)
    [now] = registration.list_players(db, event_id=event_id)
    assert not now.checked_in


def test_an_import_past_the_cap_waits_and_is_not_in_the_event(db: Database, event_id: int) -> None:
    settings.set_setting(db, event_id=event_id, key="cap", value="3")
    text = "name\n" + "".join(f"P{i}\n" for i in range(1, 6))
    done = registration.import_players_csv(db, event_id=event_id, text=text)
    assert "2 of them are on the waiting list" in done.warnings[-1]
    players = registration.list_players(db, event_id=event_id)
    assert [p.waiting for p in players] == [None, None, None, 1, 2]
    assert [p.name for p in load_event(db, event_id=event_id).players] == ["P1", "P2", "P3"]
    assert door.door_counts(db, event_id=event_id).as_json() == {
        "in": 3,
        "checked_in": 0,
        "paid": 0,
        "waiting": 2,
    }


def waiting_names(db: Database, event_id: int) -> list[str]:
    return [p.name for p in registration.list_players(db, event_id=event_id) if p.waiting]


def test_raising_the_cap_lets_the_first_waiting_in_and_clearing_it_lets_all_in(
    db: Database, event_id: int
) -> None:
    settings.set_setting(db, event_id=event_id, key="cap", value="2")
    registration.import_players_csv(db, event_id=event_id, text="name\nAda\nBo\nCy\nDee\nEve\n")
    assert waiting_names(db, event_id) == ["Cy", "Dee", "Eve"]
    raised = door.save_settings(db, event_id=event_id, values={"cap": "3"})
    assert raised.value == ("cap",)
    assert raised.warnings == ("Cy came in from the waiting list",)
    assert raised.changes.players
    assert waiting_names(db, event_id) == ["Dee", "Eve"]
    assert [p.name for p in load_event(db, event_id=event_id).players] == ["Ada", "Bo", "Cy"]
    cleared = door.save_settings(db, event_id=event_id, values={"cap": "0"})
    assert cleared.warnings == (
        "Dee came in from the waiting list",
        "Eve came in from the waiting list",
    )
    assert waiting_names(db, event_id) == []


def test_once_round_1_is_paired_a_higher_cap_lets_nobody_in(db: Database, event_id: int) -> None:
    from organizer.services.rounds import pairing

    settings.set_setting(db, event_id=event_id, key="cap", value="4")
    registration.import_players_csv(db, event_id=event_id, text="name\nA\nB\nC\nD\nLate\n")
    pairing.pair_next(db, event_id=event_id, seed=1)
    raised = door.save_settings(db, event_id=event_id, values={"cap": "8", "paper": "Letter"})
    assert raised.warnings == ()
    assert waiting_names(db, event_id) == ["Late"]


def test_undoing_a_drop_sends_whoever_it_let_in_back_to_the_waiting_list(
    db: Database, event_id: int
) -> None:
    settings.set_setting(db, event_id=event_id, key="cap", value="2")
    registration.import_players_csv(db, event_id=event_id, text="name\nAda\nBo\nCy\nDee\n")
    bo = next(p for p in registration.list_players(db, event_id=event_id) if p.name == "Bo")
    dropped = registration.set_dropped(
        db, event_id=event_id, registration_id=bo.registration_id, dropped=True
    )
    assert dropped.warnings == ("Cy came in from the waiting list",)
    assert waiting_names(db, event_id) == ["Dee"]
    undone = undo.undo_last(db, event_id=event_id)
    assert undone.value == "undid: dropped Bo; Cy is back on the waiting list"
    assert waiting_names(db, event_id) == ["Cy", "Dee"]  # Cy first again, as before
    assert [p.name for p in load_event(db, event_id=event_id).players] == ["Ada", "Bo"]
    assert door.door_counts(db, event_id=event_id).as_json()["in"] == 2


def test_an_undone_drop_takes_back_only_the_places_it_needs_newest_first(
    db: Database, event_id: int
) -> None:
    """Cy came in for Bo's drop, Dee for a higher cap: Bo back needs one place, and the
    last one in (Dee, behind Cy on the list) gives it up."""
    settings.set_setting(db, event_id=event_id, key="cap", value="2")
    registration.import_players_csv(db, event_id=event_id, text="name\nAda\nBo\nCy\nDee\nEve\n")
    bo = next(p for p in registration.list_players(db, event_id=event_id) if p.name == "Bo")
    registration.set_dropped(
        db, event_id=event_id, registration_id=bo.registration_id, dropped=True
    )
    door.save_settings(db, event_id=event_id, values={"cap": "3"})
    assert waiting_names(db, event_id) == ["Eve"]
    undone = undo.undo_last(db, event_id=event_id)
    assert undone.value.endswith("; Dee is back on the waiting list")
    assert waiting_names(db, event_id) == ["Dee", "Eve"]
    assert {p.name for p in load_event(db, event_id=event_id).players} == {"Ada", "Bo", "Cy"}


def test_with_no_cap_an_undone_drop_sends_nobody_back(db: Database, event_id: int) -> None:
    ada = registration.add_player(db, event_id=event_id, name="Ada").value
    registration.set_dropped(
        db, event_id=event_id, registration_id=ada.registration_id, dropped=True
    )
    assert undo.undo_last(db, event_id=event_id).value == "undid: dropped Ada"
