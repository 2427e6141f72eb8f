"""`PickTwoDialog`: pick two different players who trade seats.

Both seat swaps of the GUI ask the same thing the same way: the Rounds tab's
swap in the latest round (`swap_dialog.SwapDialog`) and the Pods tab's swap of
draft seats (`pod_dialogs.SeatSwapDialog`). Two lists of the same choices, the
second starting on the next player, and a Swap button that is on only while
two different players are picked. Each of them only names its title, its
choices (label, player id) and its note. The dialog only picks; the services
decide whether the swap is allowed. Imports Qt only.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtWidgets import QComboBox, QDialog, QDialogButtonBox, QLabel, QWidget

from organizer.gui.kit.layouts import column, form, ok_cancel


class PickTwoDialog(QDialog):
    def __init__(
        self,
        title: str,
        choices: Sequence[tuple[str, str]],
        note: str,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.first_combo = QComboBox()
        self.second_combo = QComboBox()
        for combo in (self.first_combo, self.second_combo):
            for label, player in choices:
                combo.addItem(label, player)
        if self.second_combo.count() > 1:
            self.second_combo.setCurrentIndex(1)

        note_label = QLabel(note)
        note_label.setWordWrap(True)
        self.buttons = ok_cancel(self, "S&wap")
        self.ok_button = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        for combo in (self.first_combo, self.second_combo):
            combo.currentIndexChanged.connect(self._check)

        fields = form(("&Player:", self.first_combo), ("&With:", self.second_combo))
        column(fields, note_label, self.buttons, parent=self)
        self.setMinimumWidth(460)
        self._check()

    def players(self) -> tuple[str, str]:
        return str(self.first_combo.currentData()), str(self.second_combo.currentData())

    def select(self, first: str, second: str) -> None:
        self.first_combo.setCurrentIndex(self.first_combo.findData(first))
        self.second_combo.setCurrentIndex(self.second_combo.findData(second))

    def _check(self) -> None:
        a, b = self.players()
        self.ok_button.setEnabled(
            self.first_combo.currentIndex() >= 0
            and self.second_combo.currentIndex() >= 0
            and a != b
        )
