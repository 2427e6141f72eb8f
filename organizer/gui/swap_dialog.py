"""`SwapDialog`: pick two players of the latest round to swap seats.

A manual pairing edit (the TO knows something the algorithm does not). The
dialog only picks the two players; `services.pairing.swap_players` decides
whether the swap is allowed and names the rematches and second byes it
creates, which the Rounds tab shows afterwards. Imports Qt and the pairings
model's row type only.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QVBoxLayout,
    QWidget,
)

from organizer.gui.models.pairings_model import PairingRow


def seat_choices(rows: Sequence[PairingRow]) -> list[tuple[str, str]]:
    """(label, player id) for everyone seated, in table order, byes last."""
    choices = []
    for row in rows:
        where = "bye" if row.is_bye else f"table {row.table}"
        done = "" if row.is_bye or not row.reported else f", has {row.result_text()}"
        for seat, player in enumerate(row.players):
            choices.append((f"{row.names[seat]} — {where}{done} ({player})", str(player)))
    return choices


class SwapDialog(QDialog):
    def __init__(
        self, round_number: int, rows: Sequence[PairingRow], parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Swap players in round {round_number}")
        self.first_combo = QComboBox()
        self.second_combo = QComboBox()
        for combo in (self.first_combo, self.second_combo):
            for label, player in seat_choices(rows):
                combo.addItem(label, player)
        if self.second_combo.count() > 1:
            self.second_combo.setCurrentIndex(1)

        note = QLabel(
            "The two players trade seats. A match that has a result cannot change; "
            "rematches and second byes are allowed but named afterwards."
        )
        note.setWordWrap(True)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.ok_button = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok_button.setText("S&wap")
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        for combo in (self.first_combo, self.second_combo):
            combo.currentIndexChanged.connect(self._check)

        form = QFormLayout()
        form.addRow("&Player:", self.first_combo)
        form.addRow("&With:", self.second_combo)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(note)
        layout.addWidget(self.buttons)
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
