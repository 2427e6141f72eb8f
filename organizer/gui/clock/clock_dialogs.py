"""The Clock tab's small input dialogs: a number of minutes, and a table's extension.

`MinutesDialog` asks for whole minutes (Add time… may be negative to take
time away; Round length… is 1 to 600). `ExtendTableDialog` asks for a table
and minutes; for a deck check it offers the check's duration and adds 3
minutes to it, the common practice (a judge hands the time back plus a
little for shuffling). The dialogs only collect numbers: `services.clock`
decides whether the change is allowed and says why not.
"""

from __future__ import annotations

from PySide6.QtWidgets import QCheckBox, QDialog, QLabel, QSpinBox, QWidget

from organizer.gui.kit.layouts import STRETCH, column, form, ok_cancel, row

DECK_CHECK_EXTRA_MINUTES = 3


class MinutesDialog(QDialog):
    def __init__(
        self,
        title: str,
        label: str,
        *,
        value: int,
        minimum: int,
        maximum: int,
        note: str = "",
        ok_text: str = "OK",
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.minutes_spin = QSpinBox()
        self.minutes_spin.setRange(minimum, maximum)
        self.minutes_spin.setValue(value)
        self.minutes_spin.setSuffix(" min")
        self.minutes_spin.selectAll()
        layout = column(form((label, self.minutes_spin)), parent=self)
        if note:
            hint = QLabel(note)
            hint.setWordWrap(True)
            layout.addWidget(hint)
        layout.addWidget(ok_cancel(self, ok_text))
        self.setMinimumWidth(360)

    def minutes(self) -> int:
        return self.minutes_spin.value()


class ExtendTableDialog(QDialog):
    def __init__(self, *, table: int, max_table: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Extend a table's time")
        self.table_spin = QSpinBox()
        self.table_spin.setRange(1, max(1, max_table))
        self.table_spin.setValue(table)
        self.minutes_spin = QSpinBox()
        self.minutes_spin.setRange(-120, 120)
        self.minutes_spin.setValue(DECK_CHECK_EXTRA_MINUTES)
        self.minutes_spin.setSuffix(" min")

        self.deck_check_box = QCheckBox("For a &deck check that took")
        self.deck_check_spin = QSpinBox()
        self.deck_check_spin.setRange(1, 120)
        self.deck_check_spin.setValue(10)
        self.deck_check_spin.setSuffix(" min")
        self.deck_check_spin.setEnabled(False)
        extra = QLabel(f"+ {DECK_CHECK_EXTRA_MINUTES} min")
        self.deck_check_box.toggled.connect(self._deck_check_toggled)
        self.deck_check_spin.valueChanged.connect(self._deck_check_changed)

        note = QLabel(
            "The table plays on for these minutes after time is called. "
            "Negative minutes correct an extension given by mistake."
        )
        note.setWordWrap(True)
        column(
            form(("&Table:", self.table_spin), ("&Minutes more:", self.minutes_spin)),
            row(self.deck_check_box, self.deck_check_spin, extra, STRETCH),
            note,
            ok_cancel(self, "&Extend"),
            parent=self,
        )
        self.setMinimumWidth(420)
        self.table_spin.setFocus()
        self.table_spin.selectAll()

    def _deck_check_toggled(self, checked: bool) -> None:
        self.deck_check_spin.setEnabled(checked)
        if checked:
            self._deck_check_changed(self.deck_check_spin.value())

    def _deck_check_changed(self, minutes: int) -> None:
        if self.deck_check_box.isChecked():
            self.minutes_spin.setValue(minutes + DECK_CHECK_EXTRA_MINUTES)

    def values(self) -> tuple[int, int]:
        """(table, minutes)."""
        return self.table_spin.value(), self.minutes_spin.value()

    def why(self) -> str:
        """ "deck check" when the time is for one (the clock then says so), else ""."""
        return "deck check" if self.deck_check_box.isChecked() else ""
