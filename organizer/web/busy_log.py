"""waitress's "Task queue depth is N" warnings, summed up: at most one line a minute.

waitress logs that warning for every request that finds every thread busy: a
room of phones refreshing at once fills a console with them, one line per
request, although each waited a few milliseconds. `BusyLog` is a filter on the
`waitress.queue` logger that keeps the deepest queue seen and passes one line a
minute to the app's log (`organizer.web`): at INFO while requests wait only a
little (a full room), at WARNING once more than `WARN_DEPTH` wait at a time
(the computer cannot keep up).
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable

QUEUE_LOGGER = "waitress.queue"
APP_LOGGER = "organizer.web"
EVERY_S = 60.0
WARN_DEPTH = 100


class BusyLog(logging.Filter):
    """Swallows waitress's queue records; `report` logs the summary once `every_s` passed."""

    def __init__(
        self,
        *,
        every_s: float = EVERY_S,
        monotonic: Callable[[], float] = time.monotonic,
        log: logging.Logger | None = None,
    ) -> None:
        super().__init__()
        self.every_s = every_s
        self.monotonic = monotonic
        self.log = log or logging.getLogger(APP_LOGGER)
        self.deepest = 0
        self.waited = 0
        self.since = monotonic()
        self.lock = threading.Lock()

    def filter(self, record: logging.LogRecord) -> bool:
        depth = record.args[0] if isinstance(record.args, tuple) and record.args else 0
        with self.lock:
            self.waited += 1
            self.deepest = max(self.deepest, depth if isinstance(depth, int) else 0)
        self.report()
        return False

    def report(self, *, force: bool = False) -> None:
        with self.lock:
            now = self.monotonic()
            if not self.waited or (not force and now - self.since < self.every_s):
                return
            waited, deepest, seconds = self.waited, self.deepest, now - self.since
            self.waited, self.deepest, self.since = 0, 0, now
        level = logging.WARNING if deepest > WARN_DEPTH else logging.INFO
        self.log.log(
            level,
            "players' page busy: %d requests waited for a free thread in the last %.0f s "
            "(at most %d at once)",
            waited,
            seconds,
            deepest,
        )


def install() -> BusyLog:
    """The one `BusyLog` on waitress's queue logger (installed once per process)."""
    logger = logging.getLogger(QUEUE_LOGGER)
    for existing in logger.filters:
        if isinstance(existing, BusyLog):
            return existing
    busy = BusyLog()
    logger.addFilter(busy)
    return busy
