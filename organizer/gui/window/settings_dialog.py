"""The Event settings dialog: every setting of `services.settings.SETTINGS`, a page a section.

The form is drawn from the settings' one declaration (`core.event_settings`),
so a new setting shows here without a change to this file: a yes/no setting
is a check box, one with `bounds` a spin box (its "none" value, like 0 house
minutes, shown in words), one with `choices` a combo box, anything else (the
tiebreaker order, the match points) a line of text holding the value as it
is typed, with the setting's example as its placeholder. A row's label is the
setting's help ("Paper size for printouts"), with a mnemonic; the whole help
(what it takes) and the command-line key are its tooltip. An empty
tiebreaker order means the format's own, shown as the placeholder. The settings stand on
the pages `core.event_settings.SECTIONS` names (Rounds, Decks and judges, …), each page
with mnemonics of its own.

OK hands the whole form to `services.players.door.save_settings`, which reads
every value before writing any and writes only those that changed (one
journal entry each, one transaction). A bad value (points "1,3,0") comes back
by key and is shown in red under its field; nothing at all is written and the
dialog stays open with everything typed. Cancel or Escape writes nothing.
`changes` and `saved` say what was written. `open_event_settings` is the one
entry point.

Imports Qt, the services and the typed `EventSettings`; the database is only a handle
passed through.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from organizer.core.event_settings import SECTIONS, EventSettings
from organizer.gui.kit.prompts import Prompts
from organizer.services.event import settings
from organizer.services.kit.changes import Changes
from organizer.services.kit.errors import EXPECTED, user_message
from organizer.services.players import door
from organizer.services.rounds.standings import tiebreaker_order
from organizer.storage.database import Database

ERROR_STYLE = "QLabel { color: #b00020; }"
OTHER = "Other"
"""The page of a setting no section names."""
RESERVED_MNEMONICS = frozenset("oc")
"""Taken by the dialog's OK and Cancel buttons."""


def setting_label(setting: settings.Setting) -> str:
    """The help, capitalised: "Paper size for printouts"."""
    return capitalised(setting.help)


def capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]


def with_mnemonic(text: str, used: set[str]) -> str:
    """`text` with an & before the first free letter, preferring the start of a word."""
    words = [i for i, c in enumerate(text) if c.isalpha() and (i == 0 or text[i - 1] == " ")]
    letters = [i for i, c in enumerate(text) if c.isalpha()]
    escaped = [c.replace("&", "&&") for c in text]  # a literal & in the help stays one
    for i in words + letters:
        letter = text[i].lower()
        if letter not in used and letter not in RESERVED_MNEMONICS:
            used.add(letter)
            escaped[i] = f"&{text[i]}"
            break
    return "".join(escaped)


class SettingRow:
    """One setting's field, its label and the red line under it for a refusal."""

    def __init__(
        self, setting: settings.Setting, value: Any, used: set[str], fallback: str = ""
    ) -> None:
        self.setting = setting
        self.label_text = setting_label(setting)
        self.fallback = fallback
        """What an empty field means (the format's order), shown as its placeholder."""
        self.field: QCheckBox | QSpinBox | QComboBox | QLineEdit
        mnemonic = with_mnemonic(self.label_text, used)
        tip = (
            f"{capitalised(setting.describe())}.\n"
            f"Command line: organizer settings {setting.key} VALUE"
        )
        if setting.yes_no:
            self.field = QCheckBox(mnemonic)
            self.field.setChecked(bool(value))
            self.label: QLabel | None = None
        else:
            self.field = self._make_field(setting, value)
            self.label = QLabel(f"{mnemonic}:")
            self.label.setBuddy(self.field)
            self.label.setToolTip(tip)
        self.field.setToolTip(tip)
        self.field.setAccessibleName(self.label_text)
        self.error_label = QLabel()
        self.error_label.setWordWrap(True)
        self.error_label.setStyleSheet(ERROR_STYLE)
        self.error_label.hide()
        self.cell = QWidget()
        cell = QVBoxLayout(self.cell)
        cell.setContentsMargins(0, 0, 0, 0)
        cell.setSpacing(2)
        if isinstance(self.field, QSpinBox | QComboBox):  # a number or a word: no wider than needed
            self.field.setMinimumWidth(120)
            cell.addWidget(self.field, 0, Qt.AlignmentFlag.AlignLeft)
        else:
            cell.addWidget(self.field)
        cell.addWidget(self.error_label)

    def _make_field(
        self, setting: settings.Setting, value: Any
    ) -> QSpinBox | QComboBox | QLineEdit:
        if setting.bounds is not None:
            low, high = setting.bounds
            spin = QSpinBox()
            if setting.unset is not None:  # its lowest step means none: 0 house minutes
                low = min(low, setting.unset[0])
                spin.setSpecialValueText(setting.unset[1])
            spin.setRange(low, high)
            spin.setValue(int(value))
            return spin
        if setting.choices:
            combo = QComboBox()
            combo.addItems(list(setting.choices))
            combo.setCurrentIndex(max(combo.findText(str(value)), 0))
            return combo
        edit = QLineEdit(setting.text(value))
        if self.fallback:
            edit.setPlaceholderText(f"the format's own: {self.fallback.replace(',', ', ')}")
        elif setting.default is None:
            edit.setPlaceholderText("the format's own")
        elif setting.example:
            edit.setPlaceholderText(f"e.g. {setting.example}")
        return edit

    def text(self) -> str:
        """The field's value as the command line would type it."""
        field = self.field
        if isinstance(field, QCheckBox):
            return "yes" if field.isChecked() else "no"
        if isinstance(field, QSpinBox):
            return str(field.value())
        if isinstance(field, QComboBox):
            return field.currentText()
        return field.text().strip()

    def show_error(self, text: str) -> None:
        self.error_label.setText(text)
        self.error_label.setVisible(bool(text))


class SettingsDialog(QDialog):
    def __init__(
        self,
        db: Database,
        event_id: int,
        values: EventSettings,
        *,
        title: str = "",
        fallbacks: dict[str, str] | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.db = db
        self.event_id = event_id
        self.changes = Changes()
        self.saved: list[str] = []
        """The labels of the settings written, in form order."""
        self.notes: tuple[str, ...] = ()
        """What the write said besides (players who came in from the waiting list)."""
        self.setWindowTitle(f"Event settings — {title}" if title else "Event settings")
        self.setMinimumWidth(640)

        page_of = {key: page for page, keys in SECTIONS.items() for key in keys}
        used: dict[str, set[str]] = {}  # mnemonics are each page's own
        self.rows = {
            key: SettingRow(
                s,
                s.value_in(values),
                used.setdefault(page_of.get(key, OTHER), set()),
                (fallbacks or {}).get(key, ""),
            )
            for key, s in settings.SETTINGS.items()
        }
        self.page_of = {key: page_of.get(key, OTHER) for key in self.rows}
        self.intro_label = QLabel(
            "For this event only. OK saves what you changed, each change in the event's journal."
        )
        self.intro_label.setWordWrap(True)
        self.pages = QTabWidget()
        forms: dict[str, QFormLayout] = {}
        for key, row in self.rows.items():
            page = self.page_of[key]
            if page not in forms:
                holder = QWidget()
                forms[page] = QFormLayout(holder)
                forms[page].setRowWrapPolicy(QFormLayout.RowWrapPolicy.DontWrapRows)
                forms[page].setFieldGrowthPolicy(
                    QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow
                )
                self.pages.addTab(holder, page)
            if row.label is None:  # a check box: its text is the label, across the form
                forms[page].addRow(row.cell)
            else:
                forms[page].addRow(row.label, row.cell)

        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)

        layout = QVBoxLayout(self)
        layout.addWidget(self.intro_label)
        layout.addSpacing(6)
        layout.addWidget(self.pages)
        self.error_label = QLabel()  # a refusal of the whole save (the database, not a value)
        self.error_label.setStyleSheet(ERROR_STYLE)
        self.error_label.setWordWrap(True)
        self.error_label.hide()
        layout.addWidget(self.error_label)
        layout.addStretch(1)
        layout.addSpacing(10)
        layout.addWidget(self.buttons)

    def accept(self) -> None:
        """Save the form in one `door.save_settings` call; stay open to show what it refused."""
        values = {key: row.text() for key, row in self.rows.items()}
        problems: dict[str, str] = {}
        failure = ""
        try:
            saved = door.save_settings(self.db, event_id=self.event_id, values=values)
        except settings.SettingsError as exc:
            problems = {k: f"{self.rows[k].label_text}: {why}" for k, why in exc.problems.items()}
        except EXPECTED as exc:
            failure = f"Nothing was saved: {user_message(exc)}"
        for key, row in self.rows.items():
            row.show_error(problems.get(key, ""))
        self.error_label.setText(failure)
        self.error_label.setVisible(bool(failure))
        if problems:
            first = next(iter(problems))
            titles = [self.pages.tabText(i) for i in range(self.pages.count())]
            self.pages.setCurrentIndex(titles.index(self.page_of[first]))  # the page it is on
            field = self.rows[first].field
            field.setFocus()
            if isinstance(field, QLineEdit):
                field.selectAll()
            return
        if failure:
            return
        self.changes = saved.changes
        self.saved = [self.rows[key].label_text for key in saved.value]
        self.notes = saved.warnings
        super().accept()


def open_event_settings(
    db: Database,
    event_id: int,
    prompts: Prompts,
    *,
    title: str = "",
    format_id: str | None = None,
    parent: QWidget | None = None,
) -> SettingsDialog | None:
    """Show the event's settings to change; the dialog after it closed (its `changes`, `saved`).

    None if the settings could not be read (the reason is shown through `prompts`).
    """
    values = prompts.attempt("Event settings", lambda: settings.get_settings(db, event_id=event_id))
    if values is None:
        return None
    # What an empty tiebreaker order means, for its placeholder (the service stores None).
    fallbacks = {"tiebreakers": ",".join(tiebreaker_order(format_id))}
    dialog = SettingsDialog(db, event_id, values, title=title, fallbacks=fallbacks, parent=parent)
    prompts.run_dialog(dialog)
    return dialog
