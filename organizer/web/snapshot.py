"""One read of the event shared by every request for a second: the page's cache.

300 phones refreshing every few seconds must not mean 300 reads of the
database. `SnapshotCache` keeps the last `Snapshot` (the public facts and the
clock's stored facts) for `ttl_s` seconds; after that the first request reads
again while the others keep answering from the previous snapshot, so a slow
read never stalls the room. Rendered pages are kept per snapshot (bounded), so
a snapshot is rendered at most once per page. The clock's remaining time is
computed per request from the stored facts and `now`, like the room display.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from organizer.services.clock import ClockStatus
from organizer.services.players_page import PageFacts

MAX_RENDERED = 256


@dataclass(slots=True)
class Snapshot:
    facts: PageFacts
    clock: ClockStatus | None
    loaded_at: float
    rendered: dict[tuple[str, str], bytes] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def page(self, key: tuple[str, str], render: Callable[[], bytes]) -> bytes:
        """The rendered body for `key`, rendering it once per snapshot."""
        body = self.rendered.get(key)
        if body is None:
            body = render()
            with self.lock:
                if len(self.rendered) < MAX_RENDERED:
                    self.rendered[key] = body
        return body


class SnapshotCache:
    def __init__(
        self,
        load: Callable[[], tuple[PageFacts, ClockStatus | None]],
        *,
        ttl_s: float = 1.0,
        monotonic: Callable[[], float] = time.monotonic,
    ) -> None:
        self._load = load
        self._ttl = ttl_s
        self._monotonic = monotonic
        self._current: Snapshot | None = None
        self._reloading = threading.Lock()

    def get(self) -> Snapshot:
        current = self._current
        if current is not None and self._monotonic() - current.loaded_at < self._ttl:
            return current
        if current is not None and not self._reloading.acquire(blocking=False):
            return current  # another thread is reading: answer from the previous snapshot
        if current is None:
            self._reloading.acquire()
        try:
            current = self._current
            if current is None or self._monotonic() - current.loaded_at >= self._ttl:
                facts, clock = self._load()
                current = Snapshot(facts, clock, self._monotonic())
                self._current = current
            return current
        finally:
            self._reloading.release()
