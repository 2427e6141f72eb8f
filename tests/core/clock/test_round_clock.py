"""The round clock from stored facts and an injected `now` (Warcaste 1c/1d timing).

Every instant is a fixed datetime built from T0; nothing reads the wall clock.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from organizer.core.clock.round_clock import (
    DEFAULT_ALERTS_S,
    ClockError,
    ClockFacts,
    TableTime,
    add_time,
    clock_view,
    crossed_alerts,
    extend_table,
    facts_for_format,
    facts_from_dict,
    facts_to_dict,
    finish,
    pause,
    reasons_text,
    resume,
    start,
)
from organizer.core.formats.catalog import format_info

T0 = dt.datetime(2025, 5, 10, 14, 0, tzinfo=dt.UTC)


def at(seconds: float) -> dt.datetime:
    return T0 + dt.timedelta(seconds=seconds)


def warcaste() -> ClockFacts:
    return facts_for_format(format_info("warcaste-skirmish-constructed"))


def started(facts: ClockFacts | None = None) -> ClockFacts:
    return start(facts or warcaste(), T0)


def test_facts_for_formats() -> None:
    w = warcaste()
    assert (w.length_s, w.sideboarding_s, w.end_of_round, w.extra_turns) == (
        3600,
        300,
        "sudden_death",
        3,
    )
    cw = facts_for_format(format_info("castle-wars"))
    assert (cw.length_s, cw.sideboarding_s, cw.end_of_round, cw.extra_turns) == (
        3000,
        0,
        "extra_turns",
        5,
    )
    assert facts_for_format(format_info("castle-wars"), round_minutes=45).length_s == 2700
    assert w.alerts_s == DEFAULT_ALERTS_S == (600, 300, 0)


def test_not_started() -> None:
    v = clock_view(warcaste(), at(500))
    assert (v.state, v.phase, v.remaining_s, v.elapsed_s) == ("not_started", "not_started", 3600, 0)
    assert v.alerts_crossed == ()


def test_sideboarding_ends_at_exactly_five_minutes_of_a_60_minute_round() -> None:
    f = started()
    first = clock_view(f, T0)
    assert (first.state, first.phase, first.remaining_s, first.sideboarding_remaining_s) == (
        "running",
        "sideboarding",
        3600,
        300,
    )
    last = clock_view(f, at(299.999999))
    assert (last.phase, last.remaining_s, last.sideboarding_remaining_s) == (
        "sideboarding",
        3301,
        1,
    )
    boundary = clock_view(f, at(300))
    assert (boundary.phase, boundary.remaining_s, boundary.sideboarding_remaining_s) == (
        "playing",
        3300,
        0,
    )


@pytest.mark.parametrize(
    ("seconds", "remaining", "elapsed", "state", "overtime"),
    [
        (0.4, 3600, 0, "running", 0),  # 60:00 shows until a full second has gone
        (1, 3599, 1, "running", 0),
        (1799.5, 1801, 1799, "running", 0),
        (3599.999999, 1, 3599, "running", 0),
        (3600, 0, 3600, "time", 0),  # time is called exactly when 0:00 shows
        (3661.5, 0, 3661, "time", 61),
    ],
)
def test_remaining_to_the_second(
    seconds: float, remaining: int, elapsed: int, state: str, overtime: int
) -> None:
    v = clock_view(started(), at(seconds))
    assert (v.remaining_s, v.elapsed_s, v.state, v.overtime_s) == (
        remaining,
        elapsed,
        state,
        overtime,
    )
    assert v.remaining_s == v.total_s - v.elapsed_s or v.state == "time"


def test_pause_freezes_and_resume_continues() -> None:
    f = pause(started(), at(600))
    for seconds in (600, 800, 5000):
        v = clock_view(f, at(seconds))
        assert (v.state, v.elapsed_s, v.remaining_s) == ("paused", 600, 3000)
    f = resume(f, at(900))
    v = clock_view(f, at(1000))
    assert (v.state, v.elapsed_s, v.remaining_s) == ("running", 700, 2900)
    f = resume(pause(f, at(1100)), at(1160))
    assert clock_view(f, at(1200)).elapsed_s == 1200 - 300 - 60
    assert clock_view(f, at(3600 + 360)).state == "time"
    assert clock_view(f, at(3600 + 359)).remaining_s == 1


def test_pause_during_sideboarding_keeps_the_sideboarding_phase() -> None:
    f = pause(started(), at(100))
    v = clock_view(f, at(400))
    assert (v.state, v.phase, v.sideboarding_remaining_s) == ("paused", "sideboarding", 200)
    assert clock_view(resume(f, at(400)), at(599)).phase == "sideboarding"
    assert clock_view(resume(f, at(400)), at(600)).phase == "playing"


def test_pause_after_time_stops_overtime() -> None:
    f = pause(started(), at(3700))
    v = clock_view(f, at(9999))
    assert (v.state, v.remaining_s, v.overtime_s) == ("paused", 0, 100)


def test_room_wide_additions() -> None:
    f = add_time(started(), 120)
    assert f.total_s == 3720
    v = clock_view(f, at(3600))
    assert (v.state, v.remaining_s, v.total_s) == ("running", 120, 3720)
    f = add_time(f, -60)
    assert f.additions_s == (120, -60)
    assert clock_view(f, at(3660)).state == "time"
    back = add_time(f, 300)  # time given back after time was called
    assert clock_view(back, at(3660)).state == "running"
    assert add_time(warcaste(), 60).total_s == 3660  # before the start too


def test_additions_refused() -> None:
    with pytest.raises(ClockError, match="0 seconds"):
        add_time(started(), 0)
    with pytest.raises(ClockError, match="only 3600 s"):
        add_time(started(), -3601)


def test_table_extensions() -> None:
    f = extend_table(extend_table(started(), 7, 180), 3, 60)
    f = extend_table(f, 7, 120)  # extensions add up
    assert f.extensions_s == ((3, 60), (7, 300))
    v = clock_view(f, at(3600))
    assert v.state == "time"
    assert v.table(7) == TableTime(7, 300, 300, 0)
    assert v.table(3) == TableTime(3, 60, 60, 0)
    assert v.table(12) == TableTime(12, 0, 0, 0)
    assert clock_view(f, at(3960)).table(7) == TableTime(7, 300, 0, 60)
    f = extend_table(f, 3, -60)  # a correction back to nothing removes the table
    assert f.extensions_s == ((7, 300),)


def test_an_extension_keeps_why_it_was_given_while_the_table_has_it() -> None:
    f = extend_table(started(), 7, 300, "deck check")
    f = extend_table(f, 7, 60)  # a judge's own minute: the reason stays
    f = extend_table(f, 7, 60, "deck check")  # said once
    f = extend_table(extend_table(f, 7, 60, "ruling"), 3, 120)
    assert f.extension_reasons == ((7, ("deck check", "ruling")),)
    assert clock_view(f, at(3600)).table(7).why == ("deck check", "ruling")
    assert clock_view(f, at(3600)).table(3).why == ()
    assert facts_from_dict(json.loads(json.dumps(facts_to_dict(f)))) == f
    gone = extend_table(f, 7, -480)  # corrected back to nothing: no time, no reason
    assert gone.extensions_s == ((3, 120),) and gone.extension_reasons == ()
    stored_before = facts_to_dict(f)
    del stored_before["extension_reasons"]  # a clock stored before reasons were kept
    assert facts_from_dict(stored_before).extensions_s == f.extensions_s
    with pytest.raises(ClockError, match="needs that table's extension"):
        ClockFacts(3600, extensions_s=((3, 60),), extension_reasons=((7, ("deck check",)),))


def test_a_reasons_list_is_joined_only_where_shown() -> None:
    """A reason is one item, commas and all: it is never split nor taken for another."""
    f = extend_table(started(), 7, 300, "ruling, then deck check")
    f = extend_table(f, 7, 60, "ruling")  # not the first reason's first half
    why = clock_view(f, at(3600)).table(7).why
    assert why == ("ruling, then deck check", "ruling")
    assert reasons_text(why) == "ruling, then deck check, ruling"
    assert facts_from_dict(json.loads(json.dumps(facts_to_dict(f)))) == f
    stored_as_text = facts_to_dict(extend_table(started(), 7, 60, "deck check"))
    stored_as_text["extension_reasons"] = {"7": "deck check, ruling"}  # stored before lists
    assert facts_from_dict(stored_as_text).extension_reasons == ((7, ("deck check", "ruling")),)


@pytest.mark.parametrize(
    ("table", "seconds", "problem"),
    [(0, 60, "no table 0"), (7, 0, "0 seconds"), (7, -1, "only 0 s of extension")],
)
def test_extensions_refused(table: int, seconds: int, problem: str) -> None:
    with pytest.raises(ClockError, match=problem):
        extend_table(started(), table, seconds)


def test_sudden_death_phase_while_an_open_table_is_past_its_time() -> None:
    f = extend_table(started(), 7, 180)
    assert clock_view(f, at(3599), open_tables={3, 7}).phase == "playing"
    assert clock_view(f, at(3600)).phase == "time_called"  # no open table given
    assert clock_view(f, at(3600), open_tables={7}).phase == "time_called"  # 7 plays on
    assert clock_view(f, at(3600), open_tables={3, 7}).phase == "sudden_death"
    assert clock_view(f, at(3780), open_tables={7}).phase == "sudden_death"
    assert clock_view(f, at(3780), open_tables=()).phase == "time_called"
    tables = clock_view(f, at(3700), open_tables={3}).tables
    assert [t.table for t in tables] == [3, 7]


def test_other_formats_go_to_extra_turns() -> None:
    f = start(facts_for_format(format_info("castle-wars")), T0)
    v = clock_view(f, at(3000), open_tables=[4])
    assert (v.state, v.phase, v.extra_turns) == ("time", "extra_turns", 5)
    assert clock_view(f, at(1), open_tables=[4]).phase == "playing"  # no sideboarding time


def test_finish_freezes_the_view() -> None:
    f = finish(pause(started(), at(1000)), at(1200))
    v = clock_view(f, at(1300))
    assert (v.state, v.phase, v.elapsed_s) == ("finished", "finished", 1000)
    assert clock_view(f, at(99999)) == v
    f = finish(started(), at(4000))
    assert clock_view(f, at(5000), open_tables={1}).overtime_s == 400


@pytest.mark.parametrize(
    ("make", "problem"),
    [
        (lambda: start(started(), at(5)), "already started"),
        (lambda: pause(warcaste(), T0), "not started"),
        (lambda: pause(pause(started(), at(5)), at(6)), "already paused"),
        (lambda: resume(started(), at(5)), "not paused"),
        (lambda: resume(warcaste(), T0), "not started"),
        (lambda: finish(warcaste(), T0), "not started"),
        (lambda: finish(finish(started(), at(5)), at(6)), "finished"),
        (lambda: pause(finish(started(), at(5)), at(6)), "finished"),
        (lambda: add_time(finish(started(), at(5)), 60), "finished"),
        (lambda: extend_table(finish(started(), at(5)), 1, 60), "finished"),
        (lambda: pause(started(), at(-1)), "clock right"),
        (lambda: resume(pause(started(), at(10)), at(9)), "clock right"),
        (lambda: start(warcaste(), dt.datetime(2025, 5, 10, 14)), "time zone"),
        (lambda: clock_view(started(), dt.datetime(2025, 5, 10, 14)), "time zone"),
    ],
)
def test_illegal_transitions(make: Callable[[], object], problem: str) -> None:
    with pytest.raises(ClockError, match=problem):
        make()


def test_a_view_before_the_start_shows_no_negative_time() -> None:
    v = clock_view(started(), at(-30))  # a computer clock set back: never more than the round
    assert (v.elapsed_s, v.remaining_s) == (0, 3600)


def test_a_now_inside_a_past_pause_counts_the_pause_only_up_to_now() -> None:
    f = resume(pause(started(), at(600)), at(900))
    assert clock_view(f, at(800)).elapsed_s == 600  # never more than the clock had run


def busy_facts() -> ClockFacts:
    f = start(
        warcaste(),
        dt.datetime(2025, 5, 10, 16, 0, 0, 123456, tzinfo=dt.timezone(dt.timedelta(hours=2))),
    )
    f = resume(pause(f, at(700.25)), at(760.5))
    f = extend_table(add_time(f, 90), 7, 180)
    return pause(f, at(3000))


def test_restart_reproduces_the_view() -> None:
    facts = busy_facts()
    stored = json.dumps(facts_to_dict(facts))
    reloaded = facts_from_dict(json.loads(stored))
    assert reloaded == facts
    for seconds in (0.1, 300, 700.3, 3000, 3700.000001, 4000):
        for open_tables in ((), (7,), (2, 7)):
            now = at(seconds)
            before = clock_view(facts, now, open_tables=open_tables)
            assert clock_view(reloaded, now, open_tables=open_tables) == before
    assert facts_to_dict(reloaded) == facts_to_dict(facts)
    assert json.loads(stored)["extensions_s"] == {"7": 180}


def test_stored_times_are_utc_text() -> None:
    d = facts_to_dict(busy_facts())
    assert d["started_at"] == "2025-05-10T14:00:00.123456+00:00"
    assert d["pauses"] == [
        ["2025-05-10T14:11:40.250000+00:00", "2025-05-10T14:12:40.500000+00:00"],
        ["2025-05-10T14:50:00+00:00", None],
    ]


@pytest.mark.parametrize(
    "change",
    [
        {"version": 2},
        {"length_s": "3600"},
        {"length_s": True},
        {"end_of_round": "overtime"},
        {"started_at": "10 May"},
        {"started_at": "2025-05-10T14:00:00"},  # no time zone
        {"pauses": [["2025-05-10T13:00:00+00:00", None]]},  # before the start
        {"pauses": [[None, None]]},
        {"pauses": [["2025-05-10T14:10:00+00:00"]]},
        {"extensions_s": {"seven": 60}},
        {"extensions_s": {"7": 0}},
        {"extensions_s": [[7, 60]]},
        {"sideboarding_s": 4000},
        {"alerts_s": [-5]},
    ],
)
def test_unreadable_stored_facts(change: dict[str, object]) -> None:
    data = facts_to_dict(started()) | change
    with pytest.raises(ClockError, match="stored clock"):
        facts_from_dict(data)
    data = facts_to_dict(started())
    del data["pauses"]
    with pytest.raises(ClockError, match="stored clock"):
        facts_from_dict(data)


def test_alerts_cross_exactly_once_while_ticking() -> None:
    f = started()
    crossings: list[tuple[int, tuple[int, ...]]] = []
    previous: int | None = None
    for tick in range(0, 3700 * 4):  # four polls a second
        remaining = clock_view(f, at(tick / 4)).remaining_s
        crossed = crossed_alerts(previous, remaining)
        if crossed:
            crossings.append((remaining, crossed))
        previous = remaining
    assert crossings == [(600, (600,)), (300, (300,)), (0, (0,))]


def test_alert_crossings() -> None:
    assert crossed_alerts(None, 0) == ()  # first poll after a restart beeps for nothing
    assert crossed_alerts(700, 250) == (600, 300)  # a missed poll still beeps each mark
    assert crossed_alerts(601, 600) == (600,)
    assert crossed_alerts(600, 599) == ()
    assert crossed_alerts(0, 0) == ()
    assert crossed_alerts(0, 120) == ()  # time added back
    assert crossed_alerts(1, 0) == (0,)  # ... and time called again
    assert crossed_alerts(100, 50, marks_s=(90, 60, 30)) == (90, 60)


def test_view_lists_crossed_alerts() -> None:
    f = started()
    assert clock_view(f, at(2999)).alerts_crossed == ()
    assert clock_view(f, at(3000)).alerts_crossed == (600,)
    assert clock_view(f, at(3300)).alerts_crossed == (600, 300)
    assert clock_view(f, at(3600)).alerts_crossed == (600, 300, 0)
    custom = start(facts_for_format(format_info("castle-wars"), alerts_s=[120]), T0)
    assert clock_view(custom, at(2880)).alerts_crossed == (120,)


@settings(max_examples=200, deadline=None)
@given(
    steps=st.lists(st.integers(min_value=0, max_value=900_000_000), min_size=0, max_size=8),
    probe=st.integers(min_value=0, max_value=5_000_000_000),
)
def test_elapsed_is_running_time(steps: list[int], probe: int) -> None:
    """Pauses and resumes at random microsecond gaps: elapsed counts only running time."""
    f = started()
    t = T0
    running_us = 0
    for i, gap in enumerate(steps):
        t += dt.timedelta(microseconds=gap)
        if i % 2 == 0:
            running_us += gap
            f = pause(f, t)
        else:
            f = resume(f, t)
    now = t + dt.timedelta(microseconds=probe)
    if not f.paused:
        running_us += probe
    v = clock_view(f, now)
    assert v.elapsed_s == running_us // 1_000_000
    assert v.remaining_s == max(0, 3600 - v.elapsed_s)
    assert facts_from_dict(json.loads(json.dumps(facts_to_dict(f)))) == f


def test_a_one_minute_round_sideboards_for_that_minute_at_most() -> None:
    one = facts_for_format(format_info("warcaste-skirmish-constructed"), round_minutes=1)
    assert (one.length_s, one.sideboarding_s) == (60, 60)
    assert clock_view(started(one), at(30)).phase == "sideboarding"


def test_a_sideboarding_longer_than_the_round_is_refused_in_a_tos_words() -> None:
    data = facts_to_dict(warcaste()) | {"length_s": 60, "sideboarding_s": 300}
    with pytest.raises(ClockError) as refused:
        facts_from_dict(data)
    assert "sideboarding time (5 minutes) is longer than the round (1 minute)" in str(refused.value)
    assert "<=" not in str(refused.value)
