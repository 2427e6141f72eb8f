"""The window stays fluid at 4,096 players: the longest gap between two heartbeats (a
10 ms QTimer) while the next round is paired from the Rounds tab, shown, until the new
round has been drawn. Target: no gap over 100 ms. The figure is in the benchmark's extra
info (`--benchmark-json`) and printed, with each run's.

The window is started as the app starts it (`run_app`): at 1280x800, then the heap
settled (`background.settle_heap`).
"""

from __future__ import annotations

import itertools
import os
import shutil
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest
from PySide6.QtCore import QTimer
from pytestqt.qtbot import QtBot

from organizer.gui.kit.background import settle_heap
from organizer.gui.window.main_window import create_main_window
from organizer.storage.database import Database
from tests.big_events import store_big_event
from tests.gui.answers import Answers


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("fluid") / "template.sqlite3"
    store_big_event(path)
    return path


def test_longest_heartbeat_gap_while_pairing(
    benchmark: Any, template: Path, tmp_path: Path, qtbot: QtBot
) -> None:
    gaps: list[float] = []

    def pair_once(n: list[int] = [0]) -> float:  # noqa: B006 - a counter across rounds
        n[0] += 1
        path = tmp_path / f"copy{n[0]}.sqlite3"
        shutil.copyfile(template, path)
        db = Database(f"sqlite:///{path}")
        window = create_main_window(db)
        qtbot.addWidget(window)
        window.resize(1280, 800)
        window.show()
        qtbot.waitExposed(window)
        assert window.event_view is not None
        tab = window.event_view.rounds_tab
        window.event_view.tabs.setCurrentWidget(tab)
        settle_heap()
        qtbot.wait(300)  # the window's first layout and paint are not the pairing's
        Answers(window)
        beats: list[float] = []
        heartbeat = QTimer()
        heartbeat.timeout.connect(lambda: beats.append(time.perf_counter()))
        heartbeat.start(10)
        started = time.perf_counter()
        tab.pair_button.click()  # returns once round 9 is stored, read and in the model
        drawn = len(beats) + 2  # the next turn of the event loop lays out and paints it
        qtbot.waitUntil(lambda: len(beats) >= drawn, timeout=5000)
        ended = time.perf_counter()
        heartbeat.stop()
        assert tab.model.latest_round() == 9
        window.close()
        db.close()
        marks = [started, *beats, ended]
        gap = max(b - a for a, b in itertools.pairwise(marks))
        gaps.append(gap)
        return gap

    benchmark.pedantic(pair_once, rounds=3)
    benchmark.extra_info["longest_gap_ms"] = round(max(gaps) * 1000, 1)
    benchmark.extra_info["gaps_ms"] = [round(g * 1000, 1) for g in gaps]
    each = ", ".join(f"{g * 1000:.0f}" for g in gaps)
    print(f"longest heartbeat gap while pairing 4,096 players: {max(gaps) * 1000:.0f} ms ({each})")
