"""The crash handler: a log file with the traceback, and a dialog that says nothing was lost."""

from __future__ import annotations

import sys
import threading
from pathlib import Path

from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from organizer.gui.window.crash import NOTHING_LOST, CrashHandler
from organizer.services.kit.errors import RefusedError


def explode_in_a_slot() -> None:
    raise RuntimeError("kaboom in the pairing screen")


def test_an_unexpected_error_is_logged_and_shown(tmp_path: Path, qtbot: QtBot) -> None:
    shown: list[QMessageBox] = []
    handler = CrashHandler(log_dir=tmp_path / "logs", present=shown.append)
    try:
        explode_in_a_slot()
    except RuntimeError:
        handler.excepthook(*sys.exc_info())

    (log,) = (tmp_path / "logs").glob("crash-*.log")
    text = log.read_text(encoding="utf-8")
    assert "Traceback (most recent call last)" in text
    assert "explode_in_a_slot" in text
    assert "RuntimeError: kaboom in the pairing screen" in text

    (box,) = shown
    qtbot.addWidget(box)
    assert str(log) in box.text()
    assert NOTHING_LOST in box.text()
    assert "Nothing committed was lost: every result is saved when it is entered." in box.text()
    assert "kaboom" in box.detailedText()
    assert box.icon() == QMessageBox.Icon.Critical
    box.close()


def test_an_expected_error_is_a_plain_warning_without_a_log(tmp_path: Path, qtbot: QtBot) -> None:
    shown: list[QMessageBox] = []
    handler = CrashHandler(log_dir=tmp_path, present=shown.append)
    exc = RefusedError("Ada is already dropped")
    handler.excepthook(RefusedError, exc, None)
    (box,) = shown
    qtbot.addWidget(box)
    assert box.text() == "Ada is already dropped"
    assert box.icon() == QMessageBox.Icon.Warning
    assert not list(tmp_path.glob("crash-*.log"))
    box.close()


def test_a_crash_in_another_thread_reaches_the_gui_thread(tmp_path: Path, qtbot: QtBot) -> None:
    shown: list[QMessageBox] = []
    handler = CrashHandler(log_dir=tmp_path, present=shown.append)
    handler.install()
    try:
        worker = threading.Thread(target=explode_in_a_slot, name="printer")
        worker.start()
        worker.join()
        qtbot.waitUntil(lambda: len(shown) == 1)
    finally:
        handler.uninstall()
    assert sys.excepthook is not handler.excepthook
    (log,) = tmp_path.glob("crash-*.log")
    assert "Thread: printer" in log.read_text(encoding="utf-8")
    qtbot.addWidget(shown[0])
    assert str(log) in shown[0].text()
    shown[0].close()
