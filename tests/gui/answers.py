"""Answering the TO's dialogs and typing like the TO, for the GUI tests.

`Answers` swaps the window's `Prompts` for answers given in advance and
records every question, warning and choice; `type_keys` types into whichever
widget has the focus, as a real keyboard does, so the tests also check where
the cursor goes.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from organizer.gui.rounds.result_entry import ResultEntry
from organizer.gui.rounds.rounds_tab import RoundsTab
from organizer.gui.window.main_window import MainWindow


class Answers:
    """What the TO answers; records every question, warning and choice asked."""

    def __init__(self, window: MainWindow, *, confirm: bool = True, choice: int | None = 0):
        self.questions: list[str] = []
        self.warnings: list[str] = []
        self.choices: list[tuple[str, tuple[str, ...]]] = []
        self.confirm = confirm
        self.choice = choice
        window.prompts.confirm = self._confirm
        window.prompts.warn = lambda _title, text: self.warnings.append(text)
        window.prompts.choose = self._choose

    def _confirm(self, _title: str, text: str) -> bool:
        self.questions.append(text)
        return self.confirm

    def _choose(self, _title: str, text: str, choices: Sequence[str]) -> int | None:
        self.choices.append((text, tuple(choices)))
        return self.choice


def focused() -> QWidget:
    widget = QApplication.focusWidget()
    assert widget is not None
    return widget


def type_keys(qtbot: QtBot, text: str) -> None:
    """Type `text` into whichever widget has the focus, key by key ("\\n" is Enter)."""
    for char in text:
        if char == "\n":
            qtbot.keyClick(focused(), Qt.Key.Key_Return)
        else:
            qtbot.keyClicks(focused(), char)


def two_player(tab: RoundsTab) -> ResultEntry:
    """The slip of a two-player event (a Conquest event has a table slip instead)."""
    assert isinstance(tab.entry, ResultEntry)
    return tab.entry
