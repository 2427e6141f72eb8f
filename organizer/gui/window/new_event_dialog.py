"""The New event dialog: name, format (with its summary), date, best-of, round length, rounds.

Choosing a format fills best-of and round minutes with that format's defaults
from `core.formats.catalog.FORMATS`; the TO may change them. The dialog only
collects values (`values()`); the window passes them to `create_event`.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from PySide6.QtCore import QDate
from PySide6.QtWidgets import (
    QComboBox,
    QDateEdit,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QLineEdit,
    QSpinBox,
    QWidget,
)

from organizer.core.formats.catalog import FORMATS, FormatInfo
from organizer.core.formats.event_rules import fixed_best_of
from organizer.core.formats.round_length import ROUND_MINUTES
from organizer.gui.kit.layouts import column, form, ok_cancel

BEST_OF = (1, 3, 5)


@dataclass(frozen=True, slots=True)
class NewEventValues:
    name: str
    format_id: str
    date: dt.date
    best_of: int
    round_minutes: int
    planned_rounds: int | None


class NewEventDialog(QDialog):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("New event")
        self.setMinimumWidth(520)

        self.name_edit = QLineEdit()
        self.name_edit.setPlaceholderText("e.g. Friday Night Skirmish")
        self.format_combo = QComboBox()
        for info in FORMATS:
            self.format_combo.addItem(info.title, info.id)
        self.summary_label = QLabel()
        self.summary_label.setWordWrap(True)
        self.summary_label.setStyleSheet("color: palette(placeholder-text);")
        self.date_edit = QDateEdit(QDate.currentDate())
        self.date_edit.setCalendarPopup(True)
        self.date_edit.setDisplayFormat("yyyy-MM-dd")
        self.best_of_combo = QComboBox()
        for n in BEST_OF:
            self.best_of_combo.addItem(f"Best of {n}", n)
        self.minutes_spin = QSpinBox()
        self.minutes_spin.setRange(*ROUND_MINUTES)
        self.minutes_spin.setSuffix(" minutes")
        self.rounds_spin = QSpinBox()
        self.rounds_spin.setRange(0, 30)
        self.rounds_spin.setSpecialValueText("Decide later")

        self.buttons = ok_cancel(self, "Create")
        fields = form(
            ("&Name:", self.name_edit),
            ("&Format:", self.format_combo),
            ("", self.summary_label),
            ("&Date:", self.date_edit),
            ("&Matches:", self.best_of_combo),
            ("&Round length:", self.minutes_spin),
            ("&Planned rounds:", self.rounds_spin),
        )
        column(fields, self.buttons, parent=self)

        self.format_combo.currentIndexChanged.connect(self._format_chosen)
        self.name_edit.textChanged.connect(self._update_ok)
        self._format_chosen()
        self._update_ok()

    def selected_format(self) -> FormatInfo:
        return FORMATS[max(self.format_combo.currentIndex(), 0)]

    def _format_chosen(self) -> None:
        info = self.selected_format()
        self.summary_label.setText(info.summary)
        self.best_of_combo.setCurrentIndex(BEST_OF.index(info.best_of))
        fixed = fixed_best_of(info)
        self.best_of_combo.setEnabled(fixed is None)
        self.best_of_combo.setToolTip(f"{info.title} {fixed[1]}" if fixed else "")
        self.minutes_spin.setValue(info.round_minutes)

    def _update_ok(self) -> None:
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setEnabled(bool(self.name_edit.text().strip()))

    def values(self) -> NewEventValues:
        day = self.date_edit.date()
        return NewEventValues(
            name=self.name_edit.text(),
            format_id=self.selected_format().id,
            date=dt.date(day.year(), day.month(), day.day()),
            best_of=int(self.best_of_combo.currentData()),
            round_minutes=self.minutes_spin.value(),
            planned_rounds=self.rounds_spin.value() or None,
        )
