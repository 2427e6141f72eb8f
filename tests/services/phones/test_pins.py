"""PINs: issued as digests, wrong guesses locked per player and per address, doubling."""

from __future__ import annotations

import datetime as dt

import pytest

from organizer.services.event import events
from organizer.services.phones import pins
from organizer.services.players import registration
from organizer.storage.database import Database
from tests.journal import journal_entries
from tests.services.event_builders import event_with_players

NOW = dt.datetime(2026, 11, 26, 10, 0, tzinfo=dt.UTC)


def issue(db: Database, event_id: int) -> dict[str, str]:
    ids = [p.registration_id for p in registration.list_players(db, event_id=event_id)]
    return {
        p.code: p.pin for p in pins.issue_pins(db, event_id=event_id, registration_ids=ids).value
    }


def wrong(pin: str) -> str:
    return f"{(int(pin) + 1) % 10**6:06d}"


def test_five_wrong_pins_lock_the_player_and_the_lock_doubles(db: Database) -> None:
    event_id = event_with_players(db, "castle-wars", 2)
    issued = issue(db, event_id)
    for i in range(pins.TRIES):
        with pytest.raises(pins.WrongPinError):
            pins.check_pin(
                db, event_id=event_id, who="p1", pin=wrong(issued["p1"]), address=f"a{i}", now=NOW
            )
    with pytest.raises(pins.SignInLockedError) as first:
        pins.check_pin(db, event_id=event_id, who="p1", pin=issued["p1"], address="b", now=NOW)
    assert first.value.retry_after_s == pins.FIRST_LOCK_S
    (lock,) = pins.locks(db, event_id=event_id, now=NOW)
    assert lock.subject == "player:p1" and lock.locks == 1
    later = NOW + dt.timedelta(seconds=pins.FIRST_LOCK_S + 1)
    for i in range(pins.TRIES):
        with pytest.raises(pins.WrongPinError):
            pins.check_pin(
                db, event_id=event_id, who="p1", pin=wrong(issued["p1"]), address=f"c{i}", now=later
            )
    with pytest.raises(pins.SignInLockedError) as second:
        pins.check_pin(db, event_id=event_id, who="p1", pin=issued["p1"], address="d", now=later)
    assert second.value.retry_after_s == 2 * pins.FIRST_LOCK_S
    journaled = [e for e in journal_entries(db, event_id=event_id) if e.action == "signin.lock"]
    assert [e.after["seconds"] for e in journaled] == [60, 120]
    # p2 is not held back by p1's lock
    assert pins.check_pin(db, event_id=event_id, who="p2", pin=issued["p2"], address="e", now=NOW)


def test_an_address_guessing_across_players_is_locked(db: Database) -> None:
    event_id = event_with_players(db, "castle-wars", 6)
    issued = issue(db, event_id)
    for code in ("p1", "p2", "p3", "p4", "p5"):
        with pytest.raises(pins.WrongPinError):
            pins.check_pin(
                db,
                event_id=event_id,
                who=code,
                pin=wrong(issued[code]),
                address="10.0.0.9",
                now=NOW,
            )
    with pytest.raises(pins.SignInLockedError):
        pins.check_pin(
            db, event_id=event_id, who="p6", pin=issued["p6"], address="10.0.0.9", now=NOW
        )
    signed = pins.check_pin(
        db, event_id=event_id, who="p6", pin=issued["p6"], address="10.0.0.10", now=NOW
    )
    assert signed.code == "p6"


def test_a_right_pin_clears_the_count(db: Database) -> None:
    event_id = event_with_players(db, "castle-wars", 2)
    issued = issue(db, event_id)
    for _ in range(2):
        for _ in range(pins.TRIES - 1):
            with pytest.raises(pins.WrongPinError):
                pins.check_pin(
                    db, event_id=event_id, who="p1", pin=wrong(issued["p1"]), address="x", now=NOW
                )
        pins.check_pin(db, event_id=event_id, who="p1", pin=issued["p1"], address="x", now=NOW)
    assert pins.locks(db, event_id=event_id, now=NOW) == ()


def test_unknown_player_and_player_without_pin_are_wrong_pins(db: Database) -> None:
    event_id = event_with_players(db, "castle-wars", 2)
    for who in ("p1", "nobody"):
        with pytest.raises(pins.WrongPinError):
            pins.check_pin(db, event_id=event_id, who=who, pin="123456", address="x", now=NOW)


def test_a_name_signs_in_as_search_folds_it_when_it_is_one_players(db: Database) -> None:
    event_id = events.create_event(db, name="Friday", format_id="castle-wars").value.id
    lukasz = registration.add_player(db, event_id=event_id, name="Łukasz").value
    registration.add_player(db, event_id=event_id, name="Bo Chen")
    found = pins.find_signing_in(db, event_id=event_id, who="  lukasz ")
    assert found is not None and found.registration_id == lukasz.registration_id
    registration.add_player(db, event_id=event_id, name="LUKASZ")
    assert pins.find_signing_in(db, event_id=event_id, who="lukasz") is None


def test_a_sign_in_as_a_new_pin_is_issued_keeps_no_session(
    db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A new PIN ends the player's sessions: one whose old PIN was checked just before
    (a TO issuing at that moment) does not open a session after it, with the old PIN."""
    from organizer.services.phones import player_sessions

    event_id = event_with_players(db, "castle-wars", 2)
    issued = issue(db, event_id)
    checked = pins.check_pin

    def reissued_right_after(*args: object, **kwargs: object) -> object:
        player = checked(*args, **kwargs)  # type: ignore[arg-type]
        issue(db, event_id)  # another station, before the session is kept
        return player

    monkeypatch.setattr(pins, "check_pin", reissued_right_after)
    monkeypatch.setattr(player_sessions, "check_pin", reissued_right_after)
    _, token = player_sessions.sign_in(
        db, event_id=event_id, who="p1", pin=issued["p1"], address="a", now=NOW
    )
    assert player_sessions.signed_in(db, event_id=event_id, token=token) is None
