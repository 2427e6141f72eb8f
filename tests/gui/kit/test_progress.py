"""`run_with_progress`: the call runs on a worker and its progress moves a bar on the UI thread."""

from __future__ import annotations

import threading

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QProgressDialog, QPushButton, QWidget
from pytestqt.qtbot import QtBot

from organizer.gui.kit.progress import run_with_progress
from organizer.services.kit.progress import Progress


def test_progress_from_the_worker_moves_the_shown_bar_then_it_closes(qtbot: QtBot) -> None:
    window = QWidget()
    qtbot.addWidget(window)
    window.show()
    halfway = threading.Event()
    seen: list[tuple[str, int, int, bool]] = []

    def call(progress: Progress) -> str:
        assert threading.current_thread() is not threading.main_thread()
        progress(1, 4)
        progress(2, 4)
        assert halfway.wait(30), "the bar was never seen at 2 of 4"
        progress(4, 4)
        return "imported"

    def look() -> None:  # on the UI thread, while the call runs
        bar = QApplication.activeModalWidget()
        if isinstance(bar, QProgressDialog) and bar.isVisible() and bar.value() == 2:
            seen.append(
                (bar.labelText(), bar.value(), bar.maximum(), not bar.findChildren(QPushButton))
            )
            halfway.set()

    watcher = QTimer()
    watcher.timeout.connect(look)
    watcher.start(20)
    result = run_with_progress(call, parent=window, title="Import CSV", text="Importing players…")
    watcher.stop()
    assert result == "imported"
    assert seen[0] == ("Importing players…", 2, 4, True)  # no Cancel: one transaction
    assert not any(
        isinstance(w, QProgressDialog) and w.isVisible() for w in QApplication.topLevelWidgets()
    )


def test_an_error_of_the_call_comes_back_and_the_bar_goes(qtbot: QtBot) -> None:
    def call(progress: Progress) -> None:
        progress(1, 2)
        raise ValueError("line 7: no name")

    with pytest.raises(ValueError, match="line 7"):
        run_with_progress(call, parent=None, title="Import", text="Importing…")
    assert not any(
        isinstance(w, QProgressDialog) and w.isVisible() for w in QApplication.topLevelWidgets()
    )
