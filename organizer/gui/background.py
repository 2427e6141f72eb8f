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
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

from PySide6.QtCore import QEventLoop, QObject, QRunnable, Qt, QThreadPool, QTimer, Signal
from PySide6.QtWidgets import QApplication, QProgressDialog, QWidget

T = TypeVar("T")

SHOW_AFTER_MS = 400
"""A call shorter than this shows no busy indicator at all."""


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


def run_off_ui(call: Callable[[], T], *, parent: QWidget | None, text: str) -> T:
    """`call()` on a worker thread; the event loop turns until it returns (or raises)."""
    job: _Job[T] = _Job(call)
    loop = QEventLoop()
    job.finished.done.connect(loop.quit, Qt.ConnectionType.QueuedConnection)
    before = QApplication.activeWindow()
    shown: list[QProgressDialog] = []

    def show_busy() -> None:
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
    QThreadPool.globalInstance().start(job)
    loop.exec()
    timer.stop()
    for busy in shown:
        busy.close()
        busy.deleteLater()
    if before is not None and QApplication.activeWindow() is not before:
        before.activateWindow()  # the window the TO worked in stays the active one
        QApplication.processEvents()
    if job.error is not None:
        raise job.error
    return job.result  # type: ignore[return-value]
