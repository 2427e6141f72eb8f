"""The player dialog: name, id, e-mail and awarded byes, for adding with details or editing.

When editing, the id is shown but fixed (the service does not change ids). The
dialog only collects values; the Players tab passes them to the service. A note
under the form says how the name is tidied on entry (`NAME_SPACING`).
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QLineEdit, QSpinBox, QWidget

from organizer.core.players_csv import NAME_SPACING
from organizer.gui.kit.layouts import column, form, ok_cancel
from organizer.storage.records import PlayerRecord


@dataclass(frozen=True, slots=True)
class PlayerValues:
    name: str
    player_id: str | None
    email: str
    awarded_byes: int


class PlayerDialog(QDialog):
    def __init__(
        self, player: PlayerRecord | None = None, *, name: str = "", parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Edit {player.name}" if player else "Add a player")
        self.setMinimumWidth(420)

        self.name_edit = QLineEdit(player.name if player else name)
        self.id_edit = QLineEdit(player.code if player else "")
        self.id_edit.setPlaceholderText("given automatically (p1, p2, …) when empty")
        self.id_edit.setReadOnly(player is not None)
        self.email_edit = QLineEdit((player.email or "") if player else "")
        self.byes_spin = QSpinBox()
        self.byes_spin.setRange(0, 10)
        self.byes_spin.setValue(player.awarded_byes if player else 0)

        self.buttons = ok_cancel(self)
        self.name_edit.textChanged.connect(self._update_ok)

        self.name_note = QLabel(NAME_SPACING)
        self.name_note.setWordWrap(True)
        self.name_note.setEnabled(False)  # greyed: a hint, not a warning

        fields = form(
            ("&Name:", self.name_edit),
            ("&Id:", self.id_edit),
            ("&E-mail:", self.email_edit),
            ("Awarded &byes:", self.byes_spin),
        )
        column(fields, self.name_note, self.buttons, parent=self)
        self._update_ok()

    def _update_ok(self) -> None:
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setEnabled(bool(self.name_edit.text().strip()))

    def values(self) -> PlayerValues:
        return PlayerValues(
            name=self.name_edit.text(),
            player_id=self.id_edit.text().strip() or None,
            email=self.email_edit.text().strip(),
            awarded_byes=self.byes_spin.value(),
        )
