"""Saying when the first window shows its event, for the start-up benchmark.

How long the app takes from `python -m organizer` to an event a TO can work in
is measured from outside (tests/benchmarks/test_startup_bench.py starts the app
as a user does and times it). The app cannot be watched from outside without
help, so when `ORGANIZER_REPORT_SHOWN` is set it prints one line,
`organizer: event shown`, to standard output the first time the open event's tab
has its data and has been painted. A user never sets it; set, it changes
nothing else. Imports Qt only.
"""

from __future__ import annotations

import os
import sys

from PySide6.QtCore import QEvent, QObject, QTimer

ENV = "ORGANIZER_REPORT_SHOWN"
LINE = "organizer: event shown"


class ShownReport(QObject):
    """Prints `LINE` once the first painted tab of `window`'s open event has its data."""

    def __init__(self, window: QObject) -> None:
        super().__init__(window)
        self.window = window
        self.done = False
        self.timer = QTimer(self)
        self.timer.setInterval(5)
        self.timer.timeout.connect(self._watch)
        self.timer.start()

    def _watch(self) -> None:
        """Watch the shown tab's paints once it has read its data."""
        view = getattr(self.window, "event_view", None)
        tab = view.tabs.currentWidget() if view is not None else None
        if tab is None or getattr(tab, "stale", True):
            return
        self.timer.stop()
        tab.installEventFilter(self)
        tab.update()  # painted again now that its data is in

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint and not self.done:
            self.done = True
            QTimer.singleShot(0, self, self._say)  # after this paint has finished
        return False

    def _say(self) -> None:
        print(LINE, flush=True, file=sys.stdout)


def report_when_shown(window: QObject) -> ShownReport | None:
    """Watch `window` when `ORGANIZER_REPORT_SHOWN` is set; otherwise do nothing."""
    return ShownReport(window) if os.environ.get(ENV) else None
