"""`next_turn`: call later, on a turn of the event loop of its own, after the paint.

Why not `QTimer.singleShot(0, ...)`: Qt delivers such a call as a posted event, with the
other posted events (the paint of what was just shown) and before the timers already due
(the clock, a heartbeat), all in one turn. Opening a 4,096-player event so ran the
window's making, the event's opening, the first paint and the start of the first read
as one or two long turns (the window frozen 60 to 90 ms, issue 36, item 15). A timer
(1 ms) is delivered after them: the window paints what it has and the timers run first.
Imports Qt only.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, QTimer

NEXT_TURN_MS = 1
"""A timer's shortest wait: delivered after posted events and the timers already due."""


def next_turn(receiver: QObject, call: Callable[[], object]) -> None:
    """Call `call` on a later turn of the event loop, unless `receiver` is gone by then."""
    QTimer.singleShot(NEXT_TURN_MS, receiver, call)
