"""Heavy service calls run off the UI thread, while the window keeps drawing.

Pairing 4,000 players, importing an event or laying out a printout takes from
a few tenths of a second to seconds; done on the UI thread, the window would
freeze (no repaint, no clock tick). `run_off_ui(call, ...)` hands the call to
a worker thread and waits for it in a local event loop, so the caller's code
stays one straight line (result = ...; then show it) while the event loop
keeps turning: the clock ticks, the window repaints. A window-modal busy
indicator appears if the call takes more than a moment, and keeps the TO from
starting a second operation meanwhile. The call's exception, if any, is raised
again on the UI thread, where `Prompts.attempt` turns known errors into words.

Service calls are safe on a worker thread: each thread has its own database
session (`Database` keeps the use case's session per thread) and services
never touch Qt.

A worker thread alone does not keep the window fluid: only one thread runs
Python at a time (the GIL), and the UI thread needs it for every timer,
repaint and model question. Two things held it for a tenth of a second at a
time while a 4,096-player round was paired (a 10 ms heartbeat timer, see
tests/benchmarks/test_gui_fluid_bench.py): full garbage collections set off by
the worker's allocations, walking everything the app holds (`settle_heap`),
and the worker keeping the GIL for the interpreter's whole switch interval
each time the UI thread asked for it (`run_off_ui` shortens it).
"""

from __future__ import annotations

import gc
import sys
from collections.abc import Callable
from typing import Generic, TypeVar

from PySide6.QtCore import QEventLoop, QObject, QRunnable, Qt, QThreadPool, QTimer, Signal
from PySide6.QtWidgets import QApplication, QProgressDialog, QWidget
from shiboken6 import isValid

T = TypeVar("T")

SHOW_AFTER_MS = 400
"""A call shorter than this shows no busy indicator at all."""

SWITCH_INTERVAL_S = 0.0001
"""How long a worker may keep the GIL once the UI thread asks for it, while a call runs.

Python's default is 5 ms, and a turn of the event loop asks for the GIL many times:
a timer, and every call Qt makes into Python while it lays out and paints a tab just
shown (a model's answers, a label's size): the UI thread hands the GIL back each time
it returns to Qt, and waits this long to get it again. At 1 ms the first paint of the
Decks tab, made while its 4,096 statuses were read, froze the window for 55 to 85 ms
(issue 36, item 15); at 0.1 ms, 25 to 35 ms, and the read itself took no longer."""


def settle_heap() -> None:
    """Keep what the app holds once it is up out of every later full garbage collection.

    A full collection walks every container object of the process with the GIL held,
    so no thread runs Python meanwhile. With the app's imports (SQLAlchemy, Qt, the
    services) and a 4,096-player event that took 70 to 110 ms, and a heavy call on a
    worker (pairing, reading the event) allocates enough to set one off: the window
    froze for each. What exists once the window is up (modules, classes, widgets, the
    open event) lives about as long as the app; it is frozen (`gc.freeze`), and later
    collections walk only what was made since (about 10 ms). It is not collected first:
    that one full collection itself froze the window for 100 to 200 ms at a big event,
    and what little garbage start-up leaves is simply kept. Call once, when the window
    has read and shown its event.
    """
    gc.freeze()


class _Finished(QObject):
    """Carries the end of the call back to the UI thread (a queued signal)."""

    done = Signal()


class _Job(QRunnable, Generic[T]):
    def __init__(self, call: Callable[[], T]) -> None:
        super().__init__()
        self.setAutoDelete(False)
        self.call = call
        self.result: T | None = None
        self.error: BaseException | None = None
        self.finished = _Finished()

    def run(self) -> None:
        try:
            self.result = self.call()
        except BaseException as exc:  # handed to the UI thread, raised there
            self.error = exc
        finally:
            self.finished.done.emit()


def run_off_ui(
    call: Callable[[], T],
    *,
    parent: QWidget | None,
    text: str,
    indicator: QProgressDialog | None = None,
) -> T:
    """`call()` on a worker thread; the event loop turns until it returns (or raises).

    `indicator`, if given, is shown instead of the busy one (a bar the call moves)."""
    job: _Job[T] = _Job(call)
    loop = QEventLoop()
    job.finished.done.connect(loop.quit, Qt.ConnectionType.QueuedConnection)
    before = QApplication.activeWindow()
    shown: list[QProgressDialog] = []

    def show_busy() -> None:
        if indicator is not None:
            indicator.show()
            shown.append(indicator)
            return
        busy = QProgressDialog(text, "", 0, 0, parent)
        busy.setWindowTitle("Working")
        busy.setCancelButton(None)  # a service call is one transaction: it ends or leaves nothing
        busy.setWindowModality(Qt.WindowModality.WindowModal)
        busy.show()
        shown.append(busy)

    timer = QTimer()
    timer.setSingleShot(True)
    timer.timeout.connect(show_busy)
    timer.start(SHOW_AFTER_MS)
    switch_interval = sys.getswitchinterval()
    sys.setswitchinterval(min(switch_interval, SWITCH_INTERVAL_S))
    try:
        QThreadPool.globalInstance().start(job)
        loop.exec()
    finally:
        sys.setswitchinterval(switch_interval)
    timer.stop()
    for busy in shown:
        busy.close()
        busy.deleteLater()
    # The window the TO worked in stays the active one, unless it closed meanwhile; a busy
    # indicator shown before any window was active (the first read, as the app starts)
    # hands the activation to the window it stood over.
    if before is None and shown and parent is not None and isValid(parent):
        before = parent.window()
    if before is not None and isValid(before) and QApplication.activeWindow() is not before:
        before.activateWindow()
        QApplication.processEvents()
    if job.error is not None:
        raise job.error
    return job.result  # type: ignore[return-value]
