"""`DraftedPoolDialog`: the cards a player drafted, pasted or loaded from a file.

In a draft the deck check compares the deck with the pool the player
drafted, so the TO keeps each pool (typed from the pool sheet, or a text
file in the deck list format). The dialog only collects the player and the
text; the Pods tab passes them to `services.decks.register_drafted_pool`,
which reads the list and names every line it cannot. Imports Qt, `prompts`
and `services.text_files` (the one way files are read) only.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPlainTextEdit,
    QWidget,
)

from organizer.gui.kit.actions import push_button
from organizer.gui.kit.layouts import column, form, ok_cancel, row
from organizer.gui.kit.prompts import Prompts

FILE_FILTER = "Text files (*.txt *.dek);;All files (*)"


class DraftedPoolDialog(QDialog):
    def __init__(
        self,
        players: Sequence[tuple[int, str]],
        prompts: Prompts,
        selected: int | None = None,
        parent: QWidget | None = None,
    ) -> None:
        """`players` are (registration id, label); `selected` is the one chosen first."""
        super().__init__(parent)
        self.prompts = prompts
        self.setWindowTitle("Register drafted pool")
        self.player_combo = QComboBox()
        for registration_id, label in players:
            self.player_combo.addItem(label, registration_id)
        if selected is not None:
            self.player_combo.setCurrentIndex(max(0, self.player_combo.findData(selected)))
        self.text_edit = QPlainTextEdit()
        self.text_edit.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.text_edit.setPlaceholderText("One card a line, e.g.\n5 Lattice Seer\n4 Ashfall Raider")
        self.load_button = push_button("&Load file…", self.load_file)
        self.buttons = ok_cancel(self, "&Register")
        self.ok_button = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.text_edit.textChanged.connect(self._check)

        pool_label = QLabel("Drafted &cards (the deck check compares the deck with them):")
        pool_label.setBuddy(self.text_edit)
        column(
            form(("&Player:", self.player_combo)),
            row((pool_label, 1), self.load_button),
            (self.text_edit, 1),
            self.buttons,
            parent=self,
        )
        self.resize(520, 480)
        self._check()

    def registration_id(self) -> int | None:
        data = self.player_combo.currentData()
        return None if data is None else int(data)

    def text(self) -> str:
        return self.text_edit.toPlainText()

    def load_file(self) -> None:
        opened = self.prompts.open_text("Load drafted pool", FILE_FILTER)
        if opened is not None:
            self.text_edit.setPlainText(opened.text)

    def _check(self) -> None:
        self.ok_button.setEnabled(self.registration_id() is not None and bool(self.text().strip()))
