"""Every question the GUI asks the TO, and the one guard around service calls.

A `Prompts` object is shared by the main window and its screens. Each way of
asking (a yes/no confirmation, a choice between named buttons, a line of
text such as a judge's reason, a warning, a modal dialog, a file name) is a
plain callable attribute whose default shows the real Qt dialog; a test swaps
one attribute for a lambda that answers, without touching our logic.

`attempt` runs one service call: expected errors (`services.errors.EXPECTED`)
become a warning with `user_message(exc)`, and database trouble that may pass
(busy, server out of reach) offers Retry; the window stays usable, and the
message says nothing was saved. Anything else is a bug and travels on to the
crash handler. `read_text` is that guard around reading a file the TO named, and
`open_text` asks for the file first: every "Load…" and "Import…" reads that way.

Imports Qt, `services.errors` and `services.text_files` only; no storage, no SQL.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple, TypeVar

from PySide6.QtWidgets import QDialog, QFileDialog, QInputDialog, QMessageBox, QWidget

from organizer.gui.kit.background import run_off_ui
from organizer.services.kit.errors import EXPECTED, is_transient, user_message
from organizer.services.kit.text_files import read_text_file

T = TypeVar("T")


class OpenedText(NamedTuple):
    """A file the TO picked, and its text."""

    path: str
    text: str


class Prompts:
    """The dialogs a screen may open; swap an attribute to answer it in a test."""

    def __init__(self, parent: QWidget) -> None:
        self.parent = parent
        self.confirm: Callable[[str, str], bool] = self._confirm_box
        self.choose: Callable[[str, str, Sequence[str]], int | None] = self._choice_box
        self.ask_text: Callable[[str, str], str | None] = self._text_box
        self.warn: Callable[[str, str], None] = self._warning_box
        self.run_dialog: Callable[[QDialog], int] = self._exec_dialog
        self.open_path: Callable[[str, str], str | None] = self._open_file
        self.save_path: Callable[[str, str, str], str | None] = self._save_file
        self.folder_path: Callable[[str], str | None] = self._folder

    def accepted(self, dialog: QDialog) -> bool:
        """Whether the TO accepted `dialog` (OK, not Cancel or Esc), run through `run_dialog`."""
        return self.run_dialog(dialog) == QDialog.DialogCode.Accepted

    def attempt(self, title: str, call: Callable[[], T]) -> T | None:
        """`call()`, or None after showing why an expected error stopped it."""
        while True:
            try:
                return call()
            except EXPECTED as exc:
                if is_transient(exc):
                    if self.choose(title, user_message(exc), ["Retry"]) == 0:
                        continue
                    return None
                self.warn(title, user_message(exc))
                return None

    def read_text(self, title: str, path: str) -> str | None:
        """The text of the file at `path`, or None after showing why it cannot be read
        (gone, too large, not text) under `title`."""
        return self.attempt(title, lambda: read_text_file(path))

    def open_text(self, title: str, name_filter: str) -> OpenedText | None:
        """The file the TO picks (`open_path`) and its text; None if they cancel or it
        cannot be read (said under `title`, as `read_text`)."""
        path = self.open_path(title, name_filter)
        text = None if path is None else self.read_text(title, path)
        return None if path is None or text is None else OpenedText(path, text)

    def attempt_off_ui(self, title: str, text: str, call: Callable[[], T]) -> T | None:
        """`attempt` for a heavy call: it runs on a worker thread while the window
        keeps drawing, with a busy indicator (`background.run_off_ui`)."""
        return self.attempt(title, lambda: run_off_ui(call, parent=self.parent, text=text))

    def _confirm_box(self, title: str, text: str) -> bool:
        answer = QMessageBox.question(
            self.parent,
            title,
            text,
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.No,
        )
        return answer == QMessageBox.StandardButton.Yes

    def _choice_box(self, title: str, text: str, choices: Sequence[str]) -> int | None:
        """The index of the button clicked, one per choice; None for Cancel."""
        box = QMessageBox(QMessageBox.Icon.Question, title, text, parent=self.parent)
        buttons = [box.addButton(c, QMessageBox.ButtonRole.AcceptRole) for c in choices]
        box.addButton(QMessageBox.StandardButton.Cancel)
        box.exec()
        clicked = box.clickedButton()
        return next((i for i, b in enumerate(buttons) if b is clicked), None)

    def _text_box(self, title: str, label: str) -> str | None:
        """The text typed, stripped; None for Cancel or nothing typed."""
        text, ok = QInputDialog.getText(self.parent, title, label)
        return (text.strip() or None) if ok else None

    def _warning_box(self, title: str, text: str) -> None:
        QMessageBox.warning(self.parent, title, text)

    @staticmethod
    def _exec_dialog(dialog: QDialog) -> int:
        return dialog.exec()

    def _open_file(self, title: str, name_filter: str) -> str | None:
        path, _ = QFileDialog.getOpenFileName(self.parent, title, "", name_filter)
        return path or None

    def _save_file(self, title: str, suggested: str, name_filter: str) -> str | None:
        path, _ = QFileDialog.getSaveFileName(self.parent, title, suggested, name_filter)
        return path or None

    def _folder(self, title: str) -> str | None:
        path = QFileDialog.getExistingDirectory(self.parent, title, "")
        return path or None
