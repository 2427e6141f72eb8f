"""`run_off_ui` and `settle_heap`: what keeps the UI thread's turns short while a worker runs."""

from __future__ import annotations

import gc
import sys
import threading

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QProgressDialog, QWidget
from pytestqt.qtbot import QtBot
from shiboken6 import isValid

from organizer.gui.kit.background import SWITCH_INTERVAL_S, run_off_ui, settle_heap


def test_the_call_runs_on_a_worker_with_a_short_switch_interval_then_it_is_restored(
    qtbot: QtBot,
) -> None:
    before = sys.getswitchinterval()
    seen: list[tuple[bool, float]] = []

    def call() -> str:
        on_ui = threading.current_thread() is threading.main_thread()
        seen.append((on_ui, sys.getswitchinterval()))
        return "done"

    assert run_off_ui(call, parent=None, text="Working…") == "done"
    ((on_ui, interval),) = seen
    assert not on_ui and interval == pytest.approx(SWITCH_INTERVAL_S)  # kept in microseconds
    assert sys.getswitchinterval() == before


def test_an_error_comes_back_to_the_ui_thread_and_the_interval_is_restored(qtbot: QtBot) -> None:
    before = sys.getswitchinterval()

    def call() -> None:
        raise ValueError("refused")

    with pytest.raises(ValueError, match="refused"):
        run_off_ui(call, parent=None, text="Working…")
    assert sys.getswitchinterval() == before


class _Cycle:
    def __init__(self) -> None:
        self.me = self


def test_after_settling_the_collector_still_frees_what_is_made_later() -> None:
    settle_heap()
    assert gc.get_freeze_count() > 0  # what the process held is out of later collections
    gc.collect()
    _Cycle()  # garbage only the collector can free
    assert gc.collect() >= 1


def test_a_window_deleted_while_the_call_runs_is_left_alone(qtbot: QtBot) -> None:
    """The window active before the call may be gone after it (deleted meanwhile)."""
    window = QWidget()
    window.show()
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    window.deleteLater()  # carried out by the call's own event loop
    assert run_off_ui(lambda: "done", parent=None, text="Working…") == "done"
    assert not isValid(window)


def test_a_busy_indicator_shown_before_any_window_was_active_leaves_its_window_active(
    qtbot: QtBot,
) -> None:
    """The first read runs as the app starts, before its window is active: the indicator
    shown over the window hands the activation to it when it closes (else the keyboard
    went nowhere: no field had the focus)."""
    window = QWidget()
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    assert QApplication.activeWindow() is None
    shown: list[bool] = []

    def call() -> str:
        while not shown:  # until the indicator has shown (after SHOW_AFTER_MS)
            threading.Event().wait(0.02)
        return "done"

    def look() -> None:
        if any(d.isVisible() for d in window.findChildren(QProgressDialog)):
            shown.append(True)

    watch = QTimer()
    watch.timeout.connect(look)
    watch.start(20)
    assert run_off_ui(call, parent=window, text="Reading the event…") == "done"
    watch.stop()
    assert QApplication.activeWindow() is window
