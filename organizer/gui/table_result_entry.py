"""`TableResultEntry`: a multiplayer (Conquest) table's result typed from the keyboard.

The TO types the table number (Space, Tab or Enter moves on), and the slip
shows the table's seats with their numbers ("1 Ada Byrne (3)   2 Bo Chen (3)
…"). Then the result: the winner's seat number ("2"), "d" for a draw for
everyone, or "d 1 3" for a draw among the players still in at time (seats 1
and 3; the others lose). Enter records it, both fields clear and the cursor
is back in Table for the next slip. It is the Conquest twin of
`ResultEntry`, with the same signals and methods, so the Rounds tab uses
either.

Mistakes stay on the line, in red: an unknown table, a seat the table does
not have, a draw of one seat, or what the service refuses. Changing a
recorded result is confirmed through `Prompts` first.

`parse_table_result` reads the typing; `services.results.record_table_result`
decides and records. Imports Qt, services and the pairings model.
"""

from __future__ import annotations

import re

from PySide6.QtCore import QRegularExpression, Qt, Signal
from PySide6.QtGui import QRegularExpressionValidator
from PySide6.QtWidgets import QGridLayout, QHBoxLayout, QLabel, QLineEdit, QPushButton, QWidget

from organizer.gui.models.pairings_model import (
    PairingRow,
    PairingsModel,
    TableOutcome,
    outcome_text,
)
from organizer.gui.models.tables_model import one_seat
from organizer.gui.prompts import Prompts
from organizer.gui.result_entry import ERROR_STYLE, TableEdit, sentence
from organizer.services.errors import EXPECTED, user_message
from organizer.services.results import record_table_result
from organizer.storage.database import Database

HINT = "2 = seat 2 wins · d = draw · d 1 3 = draw for seats 1 and 3"


class TableResultError(ValueError):
    """What is wrong with the result typed, as a sentence for the slip."""


def parse_table_result(text: str, seats: int) -> TableOutcome:
    """The typed result by seat index (0-based): "2" → winner 1, "d" → all, "d 1 3" → (0, 2)."""
    typed = text.strip().lower()
    if not typed:
        raise TableResultError(f"Type the winner's seat number (1 to {seats}), or d for a draw.")
    draw = typed.startswith("d")
    numbers = [n for n in re.split(r"[\s,]+", typed[1:] if draw else typed) if n]
    for n in numbers:
        if not n.isdigit():
            raise TableResultError(
                f"'{text.strip()}' is not a seat number, or d and the seats that drew."
            )
    chosen = sorted({int(n) for n in numbers})
    wrong = [n for n in chosen if not 1 <= n <= seats]
    if wrong:
        raise TableResultError(f"The table has seats 1 to {seats}: there is no seat {wrong[0]}.")
    if not draw:
        if len(chosen) != 1:
            raise TableResultError(
                "Type one winner's seat number; for a draw among some players, d and their seats."
            )
        return TableOutcome(chosen[0] - 1, ())
    if len(chosen) == 1:
        raise TableResultError(
            f"A draw needs two seats or more (d 1 3); if only seat {chosen[0]} is left, "
            f"type {chosen[0]}: a win."
        )
    drawn = tuple(n - 1 for n in chosen) if chosen else tuple(range(seats))
    return TableOutcome(None, drawn)


def seats_line(row: PairingRow) -> str:
    """ "1 Ada Byrne (3)   2 Bo Chen (3)   3 …": the slip check, with the seat numbers."""
    return "     ".join(f"{i} {one_seat(row, i)}" for i in range(1, len(row.players) + 1))


class TableResultEntry(QWidget):
    table_chosen = Signal(object)  # int | None: the table typed, to highlight its row
    result_recorded = Signal(object)  # ResultOutcome, after the service saved it

    def __init__(
        self,
        db: Database,
        event_id: int,
        prompts: Prompts,
        model: PairingsModel,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.db = db
        self.event_id = event_id
        self.prompts = prompts
        self.model = model
        self._make_widgets()
        self._layout()
        self.table_edit.textChanged.connect(self._table_typed)
        self.table_edit.advanced.connect(self.focus_result)
        self.table_edit.returnPressed.connect(self._table_entered)
        self.result_edit.returnPressed.connect(self.record)
        self.result_edit.textEdited.connect(lambda _text: self.show_error(""))
        self.record_button.clicked.connect(self.record)
        model.modelReset.connect(self._show_slip)
        self._show_slip()

    # --- building -----------------------------------------------------------

    def _make_widgets(self) -> None:
        self.table_edit = TableEdit()
        self.table_edit.setValidator(
            QRegularExpressionValidator(QRegularExpression(r"\d{0,4}"), self.table_edit)
        )
        self.table_edit.setPlaceholderText("3")
        self.table_edit.setMaximumWidth(self.fontMetrics().horizontalAdvance("0") * 10)
        self.table_label = QLabel("&Table:")
        self.table_label.setBuddy(self.table_edit)

        self.result_edit = QLineEdit()
        self.result_edit.setValidator(
            QRegularExpressionValidator(QRegularExpression(r"[dD]?[0-9 ,]{0,20}"), self.result_edit)
        )
        self.result_edit.setPlaceholderText("2, d or d 1 3")
        self.result_edit.setMaximumWidth(self.fontMetrics().horizontalAdvance("0") * 22)
        self.result_edit.setToolTip(HINT)
        self.result_label = QLabel("&Result:")
        self.result_label.setBuddy(self.result_edit)
        self.hint_label = QLabel(HINT)
        self.hint_label.setStyleSheet("color: palette(placeholder-text);")
        self.hint_label.setWordWrap(True)

        self.record_button = QPushButton("Re&cord")
        self.record_button.setToolTip("Record this table's result (Enter)")

        self.slip_label = QLabel()
        self.slip_label.setTextFormat(Qt.TextFormat.PlainText)
        self.slip_label.setWordWrap(True)  # five long names must not widen the window
        font = self.slip_label.font()
        font.setPointSizeF(font.pointSizeF() * 1.15)
        font.setBold(True)
        self.slip_label.setFont(font)
        self.error_label = QLabel()
        self.error_label.setStyleSheet(ERROR_STYLE)
        self.error_label.setWordWrap(True)
        self.error_label.hide()

    def _layout(self) -> None:
        fields = QHBoxLayout()
        fields.addWidget(self.table_label)
        fields.addWidget(self.table_edit)
        fields.addSpacing(8)
        fields.addWidget(self.result_label)
        fields.addWidget(self.result_edit)
        fields.addSpacing(8)
        fields.addWidget(self.record_button)
        fields.addSpacing(8)
        fields.addWidget(self.hint_label, 1)  # wraps rather than widen the window

        layout = QGridLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(fields, 0, 0)
        layout.addWidget(self.slip_label, 1, 0)
        layout.addWidget(self.error_label, 2, 0)
        self.setTabOrder(self.table_edit, self.result_edit)
        self.setTabOrder(self.result_edit, self.record_button)

    # --- reading the slip -----------------------------------------------------------

    def table_number(self) -> int | None:
        text = self.table_edit.text().strip()
        return int(text) if text.isdigit() else None

    def current_row(self) -> PairingRow | None:
        table = self.table_number()
        row = None if table is None else self.model.row_of_table(table)
        return None if row is None else self.model.row_at(row)

    # --- commands ---------------------------------------------------------------------

    def focus_table(self) -> None:
        self.table_edit.setFocus(Qt.FocusReason.OtherFocusReason)
        self.table_edit.selectAll()

    def focus_result(self) -> None:
        self.result_edit.setFocus(Qt.FocusReason.OtherFocusReason)
        self.result_edit.selectAll()

    def set_table(self, table: int) -> None:
        """Start a slip for `table` (a double-clicked table) and wait for its result."""
        self.table_edit.setText(str(table))
        self.focus_result()

    def clear(self) -> None:
        self.table_edit.clear()
        self.result_edit.clear()

    def show_error(self, text: str) -> None:
        self.error_label.setText(text)
        self.error_label.setVisible(bool(text))

    def _table_entered(self) -> None:
        if self._check_table() is None:
            self.focus_table()
        elif self.result_edit.text().strip():
            self.record()
        else:
            self.focus_result()

    def _check_table(self) -> PairingRow | None:
        number = self.model.round_number
        if number is None:
            self.show_error("There is no round yet: pair one first (Ctrl+P).")
            return None
        table = self.table_number()
        if table is None:
            self.show_error("Type the table number from the slip first.")
            return None
        row = self.current_row()
        if row is None or row.is_bye:
            self.show_error(f"Round {number} has no table {table}.")
            return None
        return row

    def record(self) -> None:
        """Record the result typed; on success clear the slip and wait for the next one."""
        row = self._check_table()
        if row is None:
            self.focus_table()
            return
        assert row.table is not None
        try:
            outcome = parse_table_result(self.result_edit.text(), len(row.players))
        except TableResultError as exc:
            self.show_error(f"Table {row.table}: {exc}")
            self.focus_result()
            return
        said = outcome_text(outcome, row.names)
        if row.outcome == outcome:
            self.clear()
            self.slip_label.setText(f"Table {row.table} already has {said}: nothing changed.")
            self.focus_table()
            return
        if row.outcome is not None and not self._confirm_change(row, said):
            self.focus_result()
            return
        winner = None if outcome.winner is None else row.players[outcome.winner]
        drawn = None if winner is not None else [row.players[i] for i in outcome.drawn]
        try:
            recorded = record_table_result(
                self.db,
                event_id=self.event_id,
                table=row.table,
                winner=winner,
                drawn=drawn,
                round_number=self.model.round_number,
            )
        except EXPECTED as exc:
            self.show_error(sentence(user_message(exc)))
            self.focus_result()
            return
        self.show_error("")
        self.clear()
        self.result_recorded.emit(recorded)
        verb = "changed to" if row.outcome is not None else "recorded"
        self.slip_label.setText(f"✓ Table {row.table}: {verb} {said}. Next slip.")
        self.focus_table()

    def _confirm_change(self, row: PairingRow, said: str) -> bool:
        question = (
            f"Table {row.table} has {row.result_text()}; change to {said}?\n\n"
            f"Round {self.model.round_number}: {', '.join(row.names)}."
        )
        return self.prompts.confirm("Change result", question)

    # --- showing the slip -------------------------------------------------------------

    def _table_typed(self, _text: str) -> None:
        self.show_error("")
        self._show_slip()
        self.table_chosen.emit(self.table_number())

    def _show_slip(self) -> None:
        row = self.current_row()
        table = self.table_number()
        if table is None:
            self.slip_label.setText(
                "Type a table number, then the winner's seat (or d for a draw), then Enter."
            )
        elif row is None or row.is_bye:
            self.slip_label.setText(f"No table {table} in round {self.model.round_number}.")
        else:
            has = f"   ·   has: {row.result_text()}" if row.outcome is not None else ""
            self.slip_label.setText(f"Table {table}:   {seats_line(row)}{has}")
