"""Sudden death at a table through the services: the result follows the record."""

from __future__ import annotations

import datetime as dt
import json

import pytest

from organizer.services.clock import clock, sudden_death
from organizer.services.event import interchange
from organizer.services.kit.errors import InputError
from organizer.services.rounds.pairing import pair_next
from organizer.services.rounds.results import ResultExistsError
from organizer.storage import rounds_repo
from organizer.storage.database import Database
from tests.services.event_builders import event_with_players

START = dt.datetime(2026, 5, 2, 10, 0, tzinfo=dt.UTC)
AT_TIME = START + dt.timedelta(minutes=60)
"""The moment the 60-minute round's time is up."""


@pytest.fixture
def table_1(db: Database) -> tuple[int, str, str]:
    event_id = event_with_players(db, "warcaste-skirmish-constructed", 2)
    a, b = pair_next(db, event_id=event_id, seed=1).value.matches[0].players
    clock.start(db, event_id=event_id, now=START)
    return event_id, a, b


def result(db: Database, event_id: int) -> tuple[tuple[int, ...] | None, int]:
    m = interchange.load_event(db, event_id=event_id).rounds[0].matches[0]
    return m.wins, m.draws


def test_counters_decide_after_six_turns(db: Database, table_1: tuple[int, str, str]) -> None:
    event_id, a, b = table_1
    sudden_death.set_active_player(db, event_id=event_id, table=1, player=b, now=AT_TIME)
    counters = [2, 1, 0, 3, 1, 0]  # b, a, b, a, b, a -> b: 3, a: 4
    for n, c in enumerate(counters, 1):
        player = b if n % 2 else a
        _done = sudden_death.record_turn(
            db, event_id=event_id, table=1, number=n, player=player, counters=c
        )
        st, changes = _done.value, _done.changes
        assert (st.outcome is None) == (n < 6)
        assert changes.results == (n == 6)
    assert st.outcome is not None and st.outcome.winner == a
    assert result(db, event_id) == ((1, 0), 0)
    reloaded = sudden_death.load(db, event_id=event_id, table=1)
    assert reloaded.record == st.record and "wins" in reloaded.describe()


def test_equal_counters_draw_and_a_correction_changes_the_result(
    db: Database, table_1: tuple[int, str, str]
) -> None:
    event_id, a, b = table_1
    sudden_death.set_active_player(db, event_id=event_id, table=1, player=a, now=AT_TIME)
    for n in range(1, 7):
        sudden_death.record_turn(
            db, event_id=event_id, table=1, number=n, player=a if n % 2 else b, counters=1
        )
    assert result(db, event_id) == ((0, 0), 1)
    with pytest.raises(ResultExistsError, match="already has 0-0-1 by sudden death"):
        sudden_death.correct_turn(db, event_id=event_id, table=1, number=2, counters=4)
    assert result(db, event_id) == ((0, 0), 1)
    st = sudden_death.correct_turn(
        db, event_id=event_id, table=1, number=2, counters=4, correct=True
    ).value
    assert st.outcome is not None and st.outcome.winner == b
    assert result(db, event_id) == ((0, 1), 0)


def test_last_territory_ends_it_at_once_and_undo_reopens(
    db: Database, table_1: tuple[int, str, str]
) -> None:
    event_id, a, b = table_1
    sudden_death.set_active_player(db, event_id=event_id, table=1, player=a, now=AT_TIME)
    st = sudden_death.record_turn(
        db, event_id=event_id, table=1, number=1, player=a, counters=5, last_territory_lost_by=b
    ).value
    assert st.outcome is not None and st.outcome.winner == a
    assert result(db, event_id) == ((1, 0), 0)
    with pytest.raises(ResultExistsError, match="--correct"):
        sudden_death.undo_last_turn(db, event_id=event_id, table=1)
    assert result(db, event_id) == ((1, 0), 0)
    _done = sudden_death.undo_last_turn(db, event_id=event_id, table=1, correct=True)
    reopened, changes = _done.value, _done.changes
    assert reopened.outcome is None and changes.results
    assert result(db, event_id) == (None, 0)


def test_negative_and_skipped_turns_are_refused(
    db: Database, table_1: tuple[int, str, str]
) -> None:
    event_id, a, b = table_1
    sudden_death.set_active_player(db, event_id=event_id, table=1, player=a, now=AT_TIME)
    with pytest.raises(InputError):
        sudden_death.record_turn(db, event_id=event_id, table=1, number=1, player=a, counters=-1)
    with pytest.raises(InputError):
        sudden_death.record_turn(db, event_id=event_id, table=1, number=2, player=b, counters=1)
    assert sudden_death.load(db, event_id=event_id, table=1).record.turns == ()


def test_a_trap_during_the_active_players_turns_counts_for_the_other_player(
    db: Database, table_1: tuple[int, str, str]
) -> None:
    """Issue 25's table: a places 1 on each of his turns, b's trap 2 during his 1st and 3rd."""
    event_id, a, b = table_1
    sudden_death.set_active_player(db, event_id=event_id, table=1, player=a, now=AT_TIME)
    for n, (counters, other) in enumerate([(1, 2), (0, 0), (1, 2), (0, 0), (1, 0), (0, 0)], 1):
        st = sudden_death.record_turn(
            db,
            event_id=event_id,
            table=1,
            number=n,
            player=a if n % 2 else b,
            counters=counters,
            other=other,
        ).value
    assert st.outcome is not None and st.outcome.winner == b
    assert dict(st.outcome.totals) == {a: 3, b: 4}
    assert result(db, event_id) == ((0, 1), 0)
    reloaded = sudden_death.load(db, event_id=event_id, table=1).record
    assert [t.other for t in reloaded.turns] == [2, 0, 2, 0, 0, 0]


def test_a_record_stored_before_turns_kept_both_counts_reads_on(
    db: Database, table_1: tuple[int, str, str]
) -> None:
    """A version 1 record in the file: each turn's number is the active player's, other 0."""
    event_id, a, b = table_1
    old = {
        "version": 1,
        "table": 1,
        "players": [a, b],
        "first": a,
        "turns": [
            {"player": a, "counters": 2, "last_territory_lost_by": None},
            {"player": b, "counters": 1, "last_territory_lost_by": None},
        ],
    }
    with db.transaction() as s:
        found = rounds_repo.table_match(s, event_id=event_id, table=1)
        assert found is not None
        rounds_repo.save_extra(s, match_id=found.match_id, extra=json.dumps({"sudden_death": old}))
    st = sudden_death.record_turn(
        db, event_id=event_id, table=1, number=3, player=a, counters=0, other=1
    ).value
    assert [(t.counters, t.other) for t in st.record.turns] == [(2, 0), (1, 0), (0, 1)]
    with db.reading() as s:
        found = rounds_repo.table_match(s, event_id=event_id, table=1)
        assert found is not None and found.extra is not None
        assert json.loads(found.extra)["sudden_death"]["version"] == 2


def test_whose_turn_is_next_is_worked_out_from_the_stored_record(
    db: Database, table_1: tuple[int, str, str]
) -> None:
    event_id, a, b = table_1
    with pytest.raises(InputError, match="set the active player first"):
        sudden_death.record_turn(db, event_id=event_id, table=1, counters=1)
    sudden_death.set_active_player(db, event_id=event_id, table=1, player=b, now=AT_TIME)
    for counters in [2, 1, 0, 3, 1]:
        sudden_death.record_turn(db, event_id=event_id, table=1, counters=counters)
    shown = sudden_death.load(db, event_id=event_id, table=1)
    assert [t.player for t in shown.record.turns] == [b, a, b, a, b]
    # A screen that showed turn 5 as next (another station recorded it since) is refused.
    with pytest.raises(InputError, match="recorded already"):
        sudden_death.record_turn(db, event_id=event_id, table=1, counters=4, number=5)
    last = sudden_death.record_turn(db, event_id=event_id, table=1, counters=0, number=6)
    assert last.value.record.turns[-1].player == a and last.value.outcome is not None
    assert last.changes.results
    with pytest.raises(InputError, match="is over"):
        sudden_death.record_turn(db, event_id=event_id, table=1, counters=1)
