"""The fixed table dialog: the table a player always sits at, or any table.

A player who cannot move (a wheelchair, a player who cannot walk the hall) keeps one
table; the Players tab passes the number to `services.players.fixed_seats`. The dialog
only collects it: 0 in the box reads "Any table" (the spin box's special value), so
clearing is the same gesture as setting.
"""

from __future__ import annotations

from PySide6.QtWidgets import QDialog, QLabel, QSpinBox, QWidget

from organizer.core.input_bounds import TABLE
from organizer.gui.kit.layouts import column, form, ok_cancel
from organizer.storage.records import PlayerRecord

ANY_TABLE = "Any table"

NOTE = (
    "The player sits at this table in every round paired from now on; the other tables "
    "are numbered around it. Who plays whom does not change. A round already paired "
    "keeps its tables."
)


class FixedTableDialog(QDialog):
    def __init__(self, player: PlayerRecord, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Fixed table for {player.name}")
        self.setMinimumWidth(380)
        self.table_spin = QSpinBox()
        self.table_spin.setRange(0, TABLE.high)
        self.table_spin.setSpecialValueText(ANY_TABLE)
        self.table_spin.setValue(player.fixed_table or 0)
        self.table_spin.selectAll()
        note = QLabel(NOTE)
        note.setWordWrap(True)
        note.setEnabled(False)  # greyed: a hint, not a warning
        column(form(("&Table:", self.table_spin)), note, ok_cancel(self), parent=self)

    def table(self) -> int | None:
        """The number chosen, None for any table."""
        return self.table_spin.value() or None
