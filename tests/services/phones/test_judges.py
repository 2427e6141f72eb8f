"""A judge's sign-in on a phone: the players' lock-out, and no digest worked out for an
address already locked (an scrypt digest takes a core and 16 MB; issue 36, item 17)."""

from __future__ import annotations

import datetime as dt
import threading

import pytest

from organizer.services.event import events
from organizer.services.phones import judges, pin_issue, pins
from organizer.storage import judges_repo
from organizer.storage.database import Database

NOW = dt.datetime(2026, 11, 29, 19, 0, tzinfo=dt.UTC)


def test_a_locked_address_is_refused_before_any_digest_is_worked_out(db: Database) -> None:
    event_id = events.create_event(db, name="Friday", format_id="castle-wars").value.id
    judges.add_judge(db, event_id=event_id, name="Ana")
    (ana,) = judges.list_judges(db, event_id=event_id)
    with db.transaction() as s:  # an old database's scrypt digest
        judges_repo.set_digest(s, judge_id=ana.id, digest=pin_issue.digest("123456"))
    for _ in range(pins.TRIES):
        with pytest.raises(pins.WrongPinError):
            judges.sign_in(
                db, event_id=event_id, name="Ana", pin="000000", address="10.0.0.66", now=NOW
            )
    answered = threading.Event()

    def right_pin_from_the_locked_address() -> None:
        with pytest.raises(pins.SignInLockedError):
            judges.sign_in(
                db, event_id=event_id, name="Ana", pin="123456", address="10.0.0.66", now=NOW
            )
        answered.set()

    held = [pin_issue.SCRYPT_SLOTS.acquire(blocking=False) for _ in range(pin_issue.HASH_THREADS)]
    assert all(held)  # no scrypt can run now: a sign-in that works one out would wait
    try:
        worker = threading.Thread(target=right_pin_from_the_locked_address)
        worker.start()
        assert answered.wait(10)
    finally:
        for _ in held:
            pin_issue.SCRYPT_SLOTS.release()
        worker.join(30)
    judge, _ = judges.sign_in(
        db, event_id=event_id, name="Ana", pin="123456", address="10.0.0.7", now=NOW
    )
    assert judge.name == "Ana"  # a clean address still gets in
