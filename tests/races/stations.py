"""Stations in other processes, started once and told what to do at the same moment.

Each station is a real process with its own `Database` (its own connections),
as two computers at one event are. `Stations.race(tasks)` hands every station
its task, lets them all go at once through a barrier, and returns what each
one got: ("ok", text), ("refused", the message a TO would read), or
("crash", a traceback), which a test treats as a failure.

The stations are forked from a server process that imported the app once
(multiprocessing's "forkserver", with this module preloaded): each is still a
fresh process that opens its own database, but no longer spends a second of
CPU importing SQLAlchemy and the services again (a "spawn" did, for each of the
twelve stations a run starts). The server never opens a database or imports Qt.
"""

from __future__ import annotations

import multiprocessing as mp
import traceback
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from organizer.services.kit.errors import EXPECTED, user_message
from organizer.storage.database import Database

Task = tuple[str, dict[str, Any]]
Outcome = tuple[str, str]


def _run(db: Database, name: str, kwargs: dict[str, Any]) -> str:
    from tests.races import tasks

    action: Callable[..., object] = getattr(tasks, name)
    return str(action(db, **kwargs))


def _station(url: str, inbox: Any, outbox: Any, barrier: Any) -> None:
    db = Database(url)
    try:
        while True:
            job = inbox.get()
            if job is None:
                return
            name, kwargs = job
            barrier.wait(timeout=60)
            try:
                outbox.put(("ok", _run(db, name, kwargs)))
            except EXPECTED as exc:
                outbox.put(("refused", user_message(exc)))
            except Exception:  # a crash: the test shows it
                outbox.put(("crash", traceback.format_exc()))
    finally:
        db.close()


PRELOADED = ("tests.races.stations", "tests.races.tasks")
"""Imported once by the fork server, so every station starts with the app loaded."""


def _context() -> Any:
    """Processes forked from a clean server that has the app imported (see the module's note)."""
    ctx = mp.get_context("forkserver")
    ctx.set_forkserver_preload(list(PRELOADED))
    return ctx


class Stations:
    def __init__(self, url: str, count: int) -> None:
        ctx = _context()
        self.barrier = ctx.Barrier(count)
        self.inboxes = [ctx.Queue() for _ in range(count)]
        self.outboxes = [ctx.Queue() for _ in range(count)]
        self.processes = [
            ctx.Process(target=_station, args=(url, i, o, self.barrier), daemon=True)
            for i, o in zip(self.inboxes, self.outboxes, strict=True)
        ]
        for p in self.processes:
            p.start()

    def race(self, tasks: Sequence[Task]) -> list[Outcome]:
        """Every station does its task at the same moment; what each got, in order."""
        assert len(tasks) == len(self.processes)
        for inbox, task in zip(self.inboxes, tasks, strict=True):
            inbox.put(task)
        return [outbox.get(timeout=120) for outbox in self.outboxes]

    def stop(self) -> None:
        for inbox in self.inboxes:
            inbox.put(None)
        for p in self.processes:
            p.join(timeout=30)
            if p.is_alive():
                p.kill()


@contextmanager
def stations(url: str, count: int) -> Iterator[Stations]:
    started = Stations(url, count)
    try:
        yield started
    finally:
        started.stop()
