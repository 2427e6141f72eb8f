"""Deck checks that cost no one time (the table's clock gets the minutes back), and picks that
prefer players not checked yet, with the coverage so far."""

from __future__ import annotations

import datetime as dt

import pytest

from organizer.services.clock import clock
from organizer.services.judging import deck_checks
from organizer.services.kit.errors import InputError, RefusedError
from organizer.storage.database import Database
from tests.journal import journal_entries
from tests.services.event_builders import event_with_players, store_round

T0 = dt.datetime(2026, 11, 27, 19, 0, tzinfo=dt.UTC)
ROUND_1 = [("p1", "p2"), ("p3", "p4"), ("p5", "p6"), ("p7", "p8")]
ROUND_2 = [("p1", "p3"), ("p5", "p7"), ("p2", "p6"), ("p4", "p8")]


def extensions(db: Database, event_id: int) -> dict[str, int]:
    status = clock.status(db, event_id=event_id, now=T0 + dt.timedelta(minutes=20))
    extended = status.as_dict()["extensions"]
    assert isinstance(extended, dict)
    return extended


def journal(db: Database, event_id: int) -> list[str]:
    return [e.summary for e in journal_entries(db, event_id=event_id)]


@pytest.fixture
def event_id(db: Database) -> int:
    event_id = event_with_players(db, "castle-wars", 8)
    store_round(db, event_id, 1, ROUND_1)
    clock.start(db, event_id=event_id, now=T0)
    return event_id


def test_a_started_check_gives_its_table_the_minutes_it_took(db: Database, event_id: int) -> None:
    deck_checks.start(db, event_id=event_id, table=2, now=T0 + dt.timedelta(minutes=5))
    done = deck_checks.record(
        db, event_id=event_id, round_number=1, table=2, outcome="ok",
        now=T0 + dt.timedelta(minutes=12, seconds=30),
    )  # fmt: skip
    assert done.value == 8 * 60  # 7 min 30 s, a part of a minute counted whole
    assert done.changes.clock and done.changes.decks
    assert extensions(db, event_id) == {"2": 480}
    assert "round 1: table 2: +480 s (deck check)" in journal(db, event_id)
    seen = clock.status(db, event_id=event_id, now=T0 + dt.timedelta(minutes=20)).view.table(2)
    assert seen.why == ("deck check",)  # the Clock tab and the CLI say why the table plays on
    check = deck_checks.summary(db, event_id=event_id).checks[0]
    assert (check.outcome, check.seconds_added) == ("ok", 480)
    assert check.started_at == T0 + dt.timedelta(minutes=5)
    # a wrong time is corrected with --minutes: the extension becomes what it says
    fixed = deck_checks.record(
        db, event_id=event_id, round_number=1, table=2, outcome="ok", minutes=5
    )
    assert fixed.value == -180 and extensions(db, event_id) == {"2": 300}
    # recording the outcome again (a note added) gives no time twice
    again = deck_checks.record(
        db, event_id=event_id, round_number=1, table=2, outcome="problem", note="11 in side",
        now=T0 + dt.timedelta(minutes=40),
    )  # fmt: skip
    assert again.value == 0 and extensions(db, event_id) == {"2": 300}


def test_a_check_not_started_adds_time_only_when_told(db: Database, event_id: int) -> None:
    plain = deck_checks.record(db, event_id=event_id, round_number=1, table=1, outcome="ok")
    assert plain.value == 0 and not plain.changes.clock
    told = deck_checks.record(
        db, event_id=event_id, round_number=1, table=3, outcome="ok", minutes=6
    )
    assert told.value == 360 and extensions(db, event_id) == {"3": 360}
    with pytest.raises(InputError, match="0 to 120 minutes, not 500"):
        deck_checks.record(
            db, event_id=event_id, round_number=1, table=4, outcome="ok", minutes=500
        )


def test_a_check_of_a_round_that_is_over_adds_no_time(db: Database, event_id: int) -> None:
    deck_checks.start(db, event_id=event_id, table=1, now=T0)
    store_round(db, event_id, 2, ROUND_2)
    done = deck_checks.record(
        db, event_id=event_id, round_number=1, table=1, outcome="ok",
        now=T0 + dt.timedelta(minutes=9),
    )  # fmt: skip
    assert done.value == 0
    assert done.warnings == ("round 1 is over: no time added to table 1's clock",)
    assert extensions(db, event_id) == {}


def test_a_finished_rounds_clock_takes_no_more_time(db: Database, event_id: int) -> None:
    deck_checks.start(db, event_id=event_id, table=1, now=T0)
    clock.finish(db, event_id=event_id, now=T0 + dt.timedelta(minutes=50))
    done = deck_checks.record(
        db, event_id=event_id, round_number=1, table=1, outcome="ok",
        now=T0 + dt.timedelta(minutes=55),
    )  # fmt: skip
    assert done.value == 0 and "no time added" in done.warnings[0]


def test_starting_twice_or_after_the_outcome_is_refused(db: Database, event_id: int) -> None:
    deck_checks.start(db, event_id=event_id, table=1, now=T0)
    with pytest.raises(RefusedError, match="table 1 started at"):
        deck_checks.start(db, event_id=event_id, table=1, now=T0)
    deck_checks.record(db, event_id=event_id, round_number=1, table=3, outcome="ok")
    with pytest.raises(RefusedError, match="table 3 is recorded already"):
        deck_checks.start(db, event_id=event_id, table=3, now=T0)
    with pytest.raises(InputError, match="round 1 has no table 9"):
        deck_checks.start(db, event_id=event_id, table=9, now=T0)


def test_start_needs_a_round(db: Database) -> None:
    event_id = event_with_players(db, "castle-wars", 2)
    with pytest.raises(RefusedError, match="pair a round before"):
        deck_checks.start(db, event_id=event_id, table=1)


@pytest.mark.parametrize("seed", range(6))
def test_pick_prefers_tables_where_nobody_was_checked(
    db: Database, event_id: int, seed: int
) -> None:
    deck_checks.record(db, event_id=event_id, round_number=1, table=1, outcome="ok")  # p1, p2
    deck_checks.record(db, event_id=event_id, round_number=1, table=2, outcome="ok")  # p3, p4
    store_round(db, event_id, 2, ROUND_2)  # only table 2 (p5 vs p7) seats nobody checked
    picked = deck_checks.pick(db, event_id=event_id, share=0.25, seed=seed).value
    assert (picked.tables, picked.fresh) == ([2], 1)
    assert picked.coverage.coverage == "3 of 8 tables (38 %), 6 of 8 players (75 %)"


def test_pick_draws_from_the_rest_when_the_fresh_tables_run_out(
    db: Database, event_id: int
) -> None:
    deck_checks.record(db, event_id=event_id, round_number=1, table=1, outcome="ok")
    deck_checks.record(db, event_id=event_id, round_number=1, table=2, outcome="ok")
    store_round(db, event_id, 2, ROUND_2)
    picked = deck_checks.pick(db, event_id=event_id, share=0.5, seed=1).value
    assert len(picked.tables) == 2 and 2 in picked.tables and picked.fresh == 1
    (other,) = set(picked.tables) - {2}
    # p1-p4 were checked; table 2 adds p5 and p7, table 1 (p1, p3) nobody, 3 p6, 4 p8
    assert picked.coverage.players_checked == 6 + (other != 1)
