"""A heartbeat on the UI thread: a 10 ms QTimer whose ticks show the event loop turning.

Started before the step watched (opening an event, switching tabs, pairing), it
records when each tick came; the longest gap between two ticks (or between the
step's start or end and the nearest tick) is the longest the window was frozen.
Tests assert it ticked at all while the work ran (behaviour); benchmarks report
the gaps (figures).
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable

from PySide6.QtCore import QTimer
from pytestqt.qtbot import QtBot

INTERVAL_MS = 10


class Heartbeat:
    def __init__(self, on_tick: Callable[[], None] | None = None) -> None:
        self.beats: list[float] = []
        self.on_tick = on_tick
        self.timer = QTimer()
        self.timer.timeout.connect(self._tick)
        self.timer.start(INTERVAL_MS)

    def _tick(self) -> None:
        self.beats.append(time.perf_counter())
        if self.on_tick is not None:
            self.on_tick()

    def stop(self) -> None:
        self.timer.stop()

    def settle(self, qtbot: QtBot, beats: int = 3) -> float:
        """Wait for `beats` more ticks (what was shown is laid out and painted); the time."""
        wanted = len(self.beats) + beats
        qtbot.waitUntil(lambda: len(self.beats) >= wanted, timeout=10_000)
        return time.perf_counter()

    def longest_gap(self, start: float, end: float) -> float:
        """The longest time without a tick between `start` and `end`, in seconds."""
        marks = [start, *(b for b in self.beats if start <= b <= end), end]
        return max(b - a for a, b in itertools.pairwise(marks))
