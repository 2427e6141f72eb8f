"""One read of the event shared by every request: the page's cache.

300 phones refreshing every few seconds must not mean 300 reads of the
database. `SnapshotCache` keeps the last `Snapshot` (the public facts, the
clock's stored facts and the event's revision). Once `ttl_s` has passed, the
first request asks for the revision (one small query): unchanged, the
snapshot is kept for another `ttl_s`; changed, or older than `max_age_s`, the
event is read again. Meanwhile the other requests keep answering from the
previous snapshot, so a slow read never stalls the room. Rendered pages are
kept per snapshot (bounded), so a snapshot is rendered at most once per page,
with an ETag (a hash of the body) so a phone that has it gets a 304. The
snapshot's `version` ("EVENT-REVISION") is what `/api/version.json` answers:
it moves with every write to the event, from any station. The clock's
remaining time is computed from the stored facts and `now`, like the room
display.
"""

from __future__ import annotations

import hashlib
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from organizer.services.clock.clock import ClockStatus
from organizer.services.phones.players_page import PageFacts

MAX_RENDERED = 256
T = TypeVar("T")


def etag_of(body: bytes) -> str:
    """A strong ETag for `body`: equal bodies, equal tags, on every run."""
    return '"' + hashlib.blake2b(body, digest_size=9).hexdigest() + '"'


@dataclass(frozen=True, slots=True)
class Rendered:
    body: bytes
    etag: str

    @classmethod
    def of(cls, body: bytes) -> Rendered:
        return cls(body, etag_of(body))


@dataclass(slots=True)
class Snapshot:
    facts: PageFacts
    clock: ClockStatus | None
    revision: int
    loaded_at: float
    checked_at: float
    rendered: dict[tuple[str, str], Rendered] = field(default_factory=dict)
    derived: dict[str, Any] = field(default_factory=dict)
    """Lists worked out from `facts` once (names folded, standings lines …), by name."""
    clocks: dict[int, dict[str, Any]] = field(default_factory=dict)
    """Clock documents by the second of `now` they were computed for."""
    lock: threading.Lock = field(default_factory=threading.Lock)

    @property
    def version(self) -> str:
        """Moves with every write to the event: "EVENT-REVISION"."""
        return f"{self.facts.event_id}-{self.revision}"

    def page(self, key: tuple[str, str], render: Callable[[], bytes]) -> Rendered:
        """The rendered body for `key`, rendering it once per snapshot."""
        done = self.rendered.get(key)
        if done is None:
            done = Rendered.of(render())
            with self.lock:
                if len(self.rendered) < MAX_RENDERED:
                    self.rendered[key] = done
        return done

    def memo(self, name: str, build: Callable[[], T]) -> T:
        """`build()` once per snapshot (two threads may both build it; either answer is right)."""
        if name not in self.derived:
            value = build()
            with self.lock:
                self.derived.setdefault(name, value)
        result: T = self.derived[name]
        return result


Loader = Callable[[], tuple[PageFacts, ClockStatus | None]]


class SnapshotCache:
    def __init__(
        self,
        load: Loader,
        revision: Callable[[], int],
        *,
        ttl_s: float = 1.0,
        max_age_s: float = 15.0,
        monotonic: Callable[[], float] = time.monotonic,
    ) -> None:
        self._load = load
        self._revision = revision
        self._ttl = ttl_s
        self._max_age = max_age_s
        self._monotonic = monotonic
        self._current: Snapshot | None = None
        self._refreshing = threading.Lock()

    def _fresh(self, snapshot: Snapshot | None) -> bool:
        return snapshot is not None and self._monotonic() - snapshot.checked_at < self._ttl

    def get(self) -> Snapshot:
        current = self._current
        if current is not None and self._fresh(current):
            return current
        if current is not None and not self._refreshing.acquire(blocking=False):
            return current  # another thread is checking: answer from the previous snapshot
        if current is None:
            self._refreshing.acquire()
        try:
            current = self._current
            if current is None or not self._fresh(current):
                current = self._refresh(current)
                self._current = current
            return current
        finally:
            self._refreshing.release()

    def _refresh(self, current: Snapshot | None) -> Snapshot:
        revision = self._revision()
        now = self._monotonic()
        if (
            current is not None
            and revision == current.revision
            and now - current.loaded_at < self._max_age
        ):
            current.checked_at = now
            return current
        facts, clock = self._load()
        return Snapshot(facts, clock, revision, now, now)
