"""A long service call that reports progress: off the UI thread, with a bar it moves.

An import of 100,000 players or cards takes seconds. `run_with_progress` runs the
call on a worker thread (`background.run_off_ui`, so the window keeps drawing and
the clock ticks) and hands it a `services.progress.Progress` callback; each call
of it is carried to the UI thread by a queued signal and moves a window-modal
progress bar, shown once the call has taken `SHOW_AFTER_MS`. There is no Cancel:
the call is one transaction, it finishes or leaves nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from PySide6.QtCore import QObject, Qt, Signal, Slot
from PySide6.QtWidgets import QProgressDialog, QWidget

from organizer.gui.kit.background import SHOW_AFTER_MS, run_off_ui
from organizer.services.kit.progress import Progress

T = TypeVar("T")


class ProgressBar(QObject):
    """The bar, and the queued signal that moves it from the worker thread."""

    moved = Signal(int, int)

    def __init__(self, dialog: QProgressDialog) -> None:
        super().__init__(dialog)
        self.dialog = dialog
        self.moved.connect(self._move, Qt.ConnectionType.QueuedConnection)

    @Slot(int, int)
    def _move(self, done: int, total: int) -> None:
        if total > 0:
            self.dialog.setMaximum(total)
            self.dialog.setValue(min(done, total))

    def report(self, done: int, total: int) -> None:
        """The `Progress` callback: safe to call from any thread."""
        self.moved.emit(done, total)


def progress_dialog(parent: QWidget | None, title: str, text: str) -> QProgressDialog:
    dialog = QProgressDialog(text, "", 0, 0, parent)
    dialog.setWindowTitle(title)
    dialog.setCancelButton(None)  # one transaction: it finishes or leaves nothing
    dialog.setWindowModality(Qt.WindowModality.WindowModal)
    dialog.setAutoClose(False)
    dialog.setAutoReset(False)
    dialog.setMinimumDuration(SHOW_AFTER_MS)
    return dialog


def run_with_progress(
    call: Callable[[Progress], T], *, parent: QWidget | None, title: str, text: str
) -> T:
    """`call(progress)` off the UI thread, its progress shown as a bar; its result or error."""
    dialog = progress_dialog(parent, title, text)
    bar = ProgressBar(dialog)
    try:
        return run_off_ui(lambda: call(bar.report), parent=parent, text=text, indicator=dialog)
    finally:
        dialog.close()
        dialog.deleteLater()
