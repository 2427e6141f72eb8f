"""The round clock through the services, with an injected now."""

from __future__ import annotations

import datetime as dt

import pytest

from organizer.core.results import Score
from organizer.services.clock import clock
from organizer.services.kit.errors import InputError, RefusedError
from organizer.services.rounds.pairing import pair_next
from organizer.services.rounds.results import record_result
from organizer.storage.database import Database
from tests.services.event_builders import event_with_players

T0 = dt.datetime(2026, 11, 20, 18, 0, tzinfo=dt.UTC)


def at(seconds: float) -> dt.datetime:
    return T0 + dt.timedelta(seconds=seconds)


def test_warcaste_round_hour_with_sideboarding_and_pauses(db: Database) -> None:
    event_id = event_with_players(db, "warcaste-skirmish-constructed", 4)
    with pytest.raises(RefusedError, match="pair round 1"):
        clock.status(db, event_id=event_id, now=T0)
    pair_next(db, event_id=event_id, seed=1)
    assert clock.status(db, event_id=event_id, now=T0).view.remaining_s == 3600
    clock.start(db, event_id=event_id, now=T0)
    assert clock.status(db, event_id=event_id, now=at(299)).view.phase == "sideboarding"
    assert clock.status(db, event_id=event_id, now=at(300)).view.phase == "playing"
    clock.pause(db, event_id=event_id, now=at(600))
    assert clock.status(db, event_id=event_id, now=at(900)).view.remaining_s == 3000
    clock.resume(db, event_id=event_id, now=at(900))
    clock.add_time(db, event_id=event_id, seconds=120)
    clock.extend_table(db, event_id=event_id, table=2, seconds=180)
    st = clock.status(db, event_id=event_id, now=at(1000))
    assert st.view.remaining_s == 3600 + 120 - 700
    assert st.as_dict()["extensions"] == {"2": 180}
    with pytest.raises(InputError, match="no table 9"):
        clock.extend_table(db, event_id=event_id, table=9, seconds=60)
    with pytest.raises(RefusedError):
        clock.resume(db, event_id=event_id, now=at(1001))  # not paused


def test_time_then_sudden_death_while_tables_are_open(db: Database) -> None:
    event_id = event_with_players(db, "warcaste-skirmish-constructed", 4)
    pair_next(db, event_id=event_id, seed=1)
    clock.start(db, event_id=event_id, now=T0)
    record_result(db, event_id=event_id, table=1, score=Score(1, 0))
    st = clock.status(db, event_id=event_id, now=at(3601))
    assert st.as_dict()["state"] == "sudden_death" and st.tables_open == (2,)
    record_result(db, event_id=event_id, table=2, score=Score(0, 1))
    after = clock.status(db, event_id=event_id, now=at(3700))
    assert after.view.phase == "time_called" and after.tables_open == ()


def test_other_formats_get_extra_turns(db: Database) -> None:
    event_id = event_with_players(db, "castle-wars", 2)
    pair_next(db, event_id=event_id, seed=1)
    clock.set_length(db, event_id=event_id, minutes=30)
    clock.start(db, event_id=event_id, now=T0)
    doc = clock.status(db, event_id=event_id, now=at(1801)).as_dict()
    assert doc["phase"] == "extra_turns" and doc["extra_turns"] == 5
