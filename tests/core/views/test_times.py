"""Times as every client writes them: a moment of the day, a duration, the big clock."""

from __future__ import annotations

import datetime as dt
import time
from collections.abc import Iterator

import pytest

from organizer.core.views.times import as_utc, mm_ss, short, time_of_day


@pytest.fixture
def in_warsaw(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """This computer's clock set to Warsaw (UTC+1 in November), as a TO's laptop there."""
    monkeypatch.setenv("TZ", "Europe/Warsaw")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def test_a_stored_time_without_a_zone_is_utc_read_on_the_local_clock(in_warsaw: None) -> None:
    stored = dt.datetime(2026, 11, 26, 9, 42)  # as SQLite gives it back
    assert time_of_day(stored) == "10:42"
    assert time_of_day(stored.replace(tzinfo=dt.UTC)) == "10:42"
    assert (
        time_of_day(dt.datetime(2026, 11, 26, 9, 42, tzinfo=dt.timezone(dt.timedelta(hours=-5))))
        == "15:42"
    )


def test_durations_never_go_below_zero() -> None:
    assert [short(s) for s in (252, 5, 0, -3, 3600)] == ["4:12", "0:05", "0:00", "0:00", "60:00"]
    assert [mm_ss(s) for s in (300, 3600, 59, -1)] == ["05:00", "60:00", "00:59", "00:00"]


def test_a_stored_time_without_a_zone_is_taken_as_utc_and_one_with_a_zone_kept() -> None:
    assert as_utc(dt.datetime(2026, 11, 26, 9, 42)) == dt.datetime(
        2026, 11, 26, 9, 42, tzinfo=dt.UTC
    )
    eastern = dt.datetime(2026, 11, 26, 9, 42, tzinfo=dt.timezone(dt.timedelta(hours=-5)))
    assert as_utc(eastern) is eastern
