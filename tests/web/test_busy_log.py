"""waitress's queue warnings summed up: one line a minute in the app's log, not one a request."""

from __future__ import annotations

import logging

import pytest

from organizer.web import busy_log
from organizer.web.server import SETTINGS, connection_limit


def test_a_busy_minute_is_one_line_with_the_count_and_the_deepest_queue(
    caplog: pytest.LogCaptureFixture,
) -> None:
    now = [1000.0]
    busy = busy_log.BusyLog(monotonic=lambda: now[0])
    queue = logging.getLogger("test.waitress.queue")
    queue.addFilter(busy)
    try:
        with caplog.at_level(logging.INFO):
            for depth in (1, 2, 7, 3) * 50:  # 200 warnings within the minute
                now[0] += 0.1
                queue.warning("Task queue depth is %d", depth)
            assert not [r for r in caplog.records if r.name == queue.name]
            assert not [r for r in caplog.records if r.name == busy_log.APP_LOGGER]
            now[0] += 60
            queue.warning("Task queue depth is %d", 2)
    finally:
        queue.removeFilter(busy)
    lines = [r for r in caplog.records if r.name == busy_log.APP_LOGGER]
    assert len(lines) == 1
    assert lines[0].levelno == logging.INFO
    assert "201 requests waited" in lines[0].getMessage()
    assert "at most 7 at once" in lines[0].getMessage()


def test_a_queue_the_computer_cannot_keep_up_with_is_a_warning(
    caplog: pytest.LogCaptureFixture,
) -> None:
    busy = busy_log.BusyLog(monotonic=lambda: 0.0)
    with caplog.at_level(logging.INFO):
        busy.filter(logging.LogRecord("q", logging.WARNING, "", 0, "depth %d", (500,), None))
        busy.report(force=True)
    assert [r.levelno for r in caplog.records] == [logging.WARNING]


def test_installed_once_on_waitress_queue_logger() -> None:
    first = busy_log.install()
    assert busy_log.install() is first
    assert first in logging.getLogger("waitress.queue").filters


def test_the_server_takes_a_full_room() -> None:
    assert connection_limit() >= 300  # 300 phones; poll(), so not bound by select()
    assert SETTINGS["asyncore_use_poll"] is True
    assert SETTINGS["channel_timeout"] <= 30
