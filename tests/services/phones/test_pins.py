"""PINs: issued as keyed digests (old scrypt ones still verified), wrong guesses slowing
the address (doubling) and, briefly, the player; the TO lifts locks, a new PIN its player's."""

from __future__ import annotations

import datetime as dt
import threading
from pathlib import Path

import pytest

from organizer.services.event import events
from organizer.services.phones import pin_issue, pins
from organizer.services.players import registration
from organizer.storage import pin_key, pin_rows, pins_repo
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


def lock_out(
    db: Database, event_id: int, code: str, pin: str, *, at: str = "", now: dt.datetime = NOW
) -> None:
    """`TRIES` wrong PINs for `code`, each from its own address ("{at}{code}-{i}")."""
    for i in range(pins.TRIES):
        with pytest.raises(pins.WrongPinError):
            pins.check_pin(
                db, event_id=event_id, who=code, pin=wrong(pin), address=f"{at}{code}-{i}", now=now
            )


def test_five_wrong_pins_lock_the_player_and_the_lock_doubles(db: Database) -> None:
    event_id = event_with_players(db, "castle-wars", 2)
    issued = issue(db, event_id)
    lock_out(db, event_id, "p1", issued["p1"])
    with pytest.raises(pins.SignInLockedError) as first:  # from an address that guessed
        pins.check_pin(db, event_id=event_id, who="p1", pin=issued["p1"], address="p1-0", now=NOW)
    assert first.value.retry_after_s == pins.FIRST_LOCK_S
    (lock,) = pins.locks(db, event_id=event_id, now=NOW)
    assert lock.subject == "player:p1" and lock.locks == 1
    later = NOW + dt.timedelta(seconds=pins.FIRST_LOCK_S + 1)
    lock_out(db, event_id, "p1", issued["p1"], at="later-", now=later)
    with pytest.raises(pins.SignInLockedError) as second:
        pins.check_pin(
            db, event_id=event_id, who="p1", pin=issued["p1"], address="later-p1-0", now=later
        )
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


def test_a_right_pin_clears_the_players_count(db: Database) -> None:
    event_id = event_with_players(db, "castle-wars", 2)
    issued = issue(db, event_id)
    for round_ in range(2):
        for i in range(pins.TRIES - 1):
            with pytest.raises(pins.WrongPinError):
                pins.check_pin(
                    db,
                    event_id=event_id,
                    who="p1",
                    pin=wrong(issued["p1"]),
                    address=f"x{round_}{i}",
                    now=NOW,
                )
        pins.check_pin(db, event_id=event_id, who="p1", pin=issued["p1"], address="home", now=NOW)
    assert pins.locks(db, event_id=event_id, now=NOW) == ()


def test_a_right_pin_from_a_clean_address_gets_past_the_players_lock(db: Database) -> None:
    """Issue 36, item 16: five wrong PINs from anywhere kept the right PIN out too."""
    event_id = event_with_players(db, "castle-wars", 2)
    issued = issue(db, event_id)
    lock_out(db, event_id, "p1", issued["p1"])
    assert [lock.subject for lock in pins.locks(db, event_id=event_id, now=NOW)] == ["player:p1"]
    signed = pins.check_pin(
        db, event_id=event_id, who="p1", pin=issued["p1"], address="phone", now=NOW
    )
    assert signed.code == "p1"


def test_signing_in_with_ones_own_card_does_not_clear_the_addresss_count(db: Database) -> None:
    """Issue 36, item 16: one address locked 60 players, signing in with its own card
    between guesses, and was never locked itself."""
    event_id = event_with_players(db, "castle-wars", 6)
    issued = issue(db, event_id)
    for code in ("p2", "p3", "p4", "p5"):
        with pytest.raises(pins.WrongPinError):
            pins.check_pin(
                db, event_id=event_id, who=code, pin=wrong(issued[code]), address="ip", now=NOW
            )
    pins.check_pin(db, event_id=event_id, who="p1", pin=issued["p1"], address="ip", now=NOW)
    with pytest.raises(pins.WrongPinError):
        pins.check_pin(
            db, event_id=event_id, who="p6", pin=wrong(issued["p6"]), address="ip", now=NOW
        )
    locked = [lock.subject for lock in pins.locks(db, event_id=event_id, now=NOW)]
    assert locked == ["address:ip"]
    with pytest.raises(pins.SignInLockedError):
        pins.check_pin(db, event_id=event_id, who="p1", pin=issued["p1"], address="ip", now=NOW)


def test_the_to_lifts_a_players_lock_and_every_lock(db: Database) -> None:
    event_id = event_with_players(db, "castle-wars", 3)
    issued = issue(db, event_id)
    for code in ("p1", "p2"):
        lock_out(db, event_id, code, issued[code])
    assert len(pins.locks(db, event_id=event_id, now=NOW)) == 2
    assert pins.unlock(db, event_id=event_id, codes=["p1"], now=NOW).value == 1
    assert [lock.subject for lock in pins.locks(db, event_id=event_id, now=NOW)] == ["player:p2"]
    # the guessing address that was held back by p1's lock now gets in with the right PIN
    assert pins.check_pin(
        db, event_id=event_id, who="p1", pin=issued["p1"], address="p1-0", now=NOW
    )
    assert pins.unlock(db, event_id=event_id, everyone=True, now=NOW).value == 1
    assert pins.locks(db, event_id=event_id, now=NOW) == ()
    lifted = [e for e in journal_entries(db, event_id=event_id) if e.action == "signin.unlock"]
    assert len(lifted) == 2


def test_a_new_pin_lifts_its_players_lock(db: Database) -> None:
    event_id = event_with_players(db, "castle-wars", 2)
    issued = issue(db, event_id)
    lock_out(db, event_id, "p1", issued["p1"])
    p1 = registration.find_player(db, event_id=event_id, code="p1")
    [new] = pins.issue_pins(db, event_id=event_id, registration_ids=[p1.registration_id]).value
    assert pins.locks(db, event_id=event_id, now=NOW) == ()
    assert pins.check_pin(db, event_id=event_id, who="p1", pin=new.pin, address="p1-0", now=NOW)


def test_the_database_holds_a_keyed_digest_and_the_key_lives_beside_it(
    db: Database, tmp_path: Path
) -> None:
    """Issue 36, item 11: the digest is keyed by a file beside the database, not in it,
    so the database alone does not give a PIN away (a million tries find nothing)."""
    event_id = event_with_players(db, "castle-wars", 1)
    [issued] = pins.issue_pins(
        db,
        event_id=event_id,
        registration_ids=[registration.list_players(db, event_id=event_id)[0].registration_id],
    ).value
    with db.reading() as s:
        stored = pins_repo.digest_of(s, registration_id=issued.registration_id)
    assert stored is not None and stored.startswith("hmac-sha256$")
    key_file = pin_key.key_file(db.place)
    assert key_file.exists() and key_file.parent == Path(db.place).parent
    assert key_file.read_bytes() not in Path(db.place).read_bytes()
    assert pins.matches(issued.pin, stored, db.pin_key())
    assert not pins.matches(issued.pin, stored, b"another installation's key" + bytes(6))
    assert not pins.matches(issued.pin, stored)


def test_an_old_scrypt_digest_still_signs_in_and_is_rehashed(db: Database) -> None:
    event_id = event_with_players(db, "castle-wars", 1)
    p1 = registration.find_player(db, event_id=event_id, code="p1")
    with db.transaction() as s:
        pin_rows.save_digests(s, digests={p1.registration_id: pin_issue.digest("123456")})
    assert pins.check_pin(db, event_id=event_id, who="p1", pin="123456", address="a", now=NOW)
    with db.reading() as s:
        stored = pins_repo.digest_of(s, registration_id=p1.registration_id)
    assert stored is not None and stored.startswith("hmac-sha256$")
    assert pins.check_pin(db, event_id=event_id, who="p1", pin="123456", address="a", now=NOW)


def test_scrypt_digests_wait_for_a_free_slot(db: Database) -> None:
    """Issue 36, item 17: 40 sign-ins at once ran 40 scrypts (16 MB each) together."""
    stored = pin_issue.digest("123456")
    finished = threading.Event()

    def verify() -> None:
        assert pins.matches("123456", stored)
        finished.set()

    held = [pin_issue.SCRYPT_SLOTS.acquire(blocking=False) for _ in range(pin_issue.HASH_THREADS)]
    assert all(held)
    worker = threading.Thread(target=verify)
    worker.start()
    assert not finished.wait(0.5)  # every slot is taken: it waits
    for _ in held:
        pin_issue.SCRYPT_SLOTS.release()
    worker.join(30)
    assert finished.is_set()


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
