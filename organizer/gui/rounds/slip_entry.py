"""`SlipEntry`: what every result slip typed from the keyboard has in common.

A slip is typed the same way whatever the game: the table number (Space, Tab
or Enter moves on), then the answer field (a score for two players, a winner's
seat for a Conquest table), then Enter. The slip's players are shown while
the table is typed so the TO can check the paper against the screen, and
mistakes are said in red under the fields, never in a modal box. That flow
lives here once; `ResultEntry` and `TableResultEntry` add only their answer
field, how it is read and which service records it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from PySide6.QtCore import QRegularExpression, Qt, Signal
from PySide6.QtGui import QKeyEvent, QRegularExpressionValidator
from PySide6.QtWidgets import QGridLayout, QHBoxLayout, QLabel, QLineEdit, QPushButton, QWidget

from organizer.gui.kit.entry_labels import error_line, focus_selected, sentence, slip_check_label
from organizer.gui.kit.prompts import Prompts
from organizer.gui.rounds.pairings_model import PairingRow, PairingsModel
from organizer.services.kit.errors import EXPECTED, user_message
from organizer.services.rounds.results import ResultExistsError, who_entered
from organizer.storage.database import Database
from organizer.storage.records import EventRecord

T = TypeVar("T")

__all__ = ["SlipEntry", "TableEdit", "sentence"]  # `sentence` stays importable here


class TableEdit(QLineEdit):
    """Digits only; Space moves on to the answer, as Tab does."""

    advanced = Signal()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Space:
            self.advanced.emit()
            return
        super().keyPressEvent(event)


class SlipEntry(QWidget):
    """The table field, the slip check and the error line; subclasses add the answer."""

    table_chosen = Signal(object)  # int | None: the table typed, to highlight its row
    result_recorded = Signal(object)  # the service's outcome, after it saved it

    table_placeholder = "12"
    empty_slip = "Type a table number, then the result, then Enter."
    record_tip = "Record this slip (Enter)"

    def __init__(
        self,
        db: Database,
        event: EventRecord,
        prompts: Prompts,
        model: PairingsModel,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.db, self.event_record, self.prompts, self.model = db, event, prompts, model
        self._make_common_widgets()
        self.answer_label, self.answer_edit = self._make_answer()
        self._layout()
        self.table_edit.textChanged.connect(self._table_typed)
        self.table_edit.advanced.connect(self.focus_answer)
        self.table_edit.returnPressed.connect(self._table_entered)
        self.answer_edit.returnPressed.connect(self.record)
        self.answer_edit.textEdited.connect(lambda _text: self.show_error(""))
        self.record_button.clicked.connect(self.record)
        model.modelReset.connect(self._show_slip)
        model.dataChanged.connect(lambda *_: self._show_slip())  # another station's result
        self._show_slip()

    # --- what a subclass says ---------------------------------------------------------

    def _make_answer(self) -> tuple[QLabel, QLineEdit]:
        """The answer field and its label (with the mnemonic)."""
        raise NotImplementedError

    def _fields_before_record(self) -> list[QWidget]:
        """Widgets between the answer and Record (the drop boxes)."""
        return []

    def _fields_after_record(self) -> list[QWidget]:
        """Widgets after Record, given the room left (a hint)."""
        return []

    def _slip_text(self, row: PairingRow) -> str:
        """The slip check for a table that exists."""
        raise NotImplementedError

    def _record_answer(self, row: PairingRow, table: int) -> None:
        """Read the answer typed for `row` (at `table`): refuse it on the slip (`_refuse`)
        or record it (`_record`)."""
        raise NotImplementedError

    # --- building -----------------------------------------------------------

    def _make_common_widgets(self) -> None:
        self.table_edit = TableEdit()
        self.table_edit.setValidator(
            QRegularExpressionValidator(QRegularExpression(r"\d{0,4}"), self.table_edit)
        )
        self.table_edit.setPlaceholderText(self.table_placeholder)
        self.table_edit.setMaximumWidth(self.fontMetrics().horizontalAdvance("0") * 10)
        self.table_label = QLabel("&Table:")
        self.table_label.setBuddy(self.table_edit)

        self.record_button = QPushButton("Re&cord")
        self.record_button.setToolTip(self.record_tip)

        self.slip_label = slip_check_label()
        self.error_label = error_line()

    def _layout(self) -> None:
        self.answer_label.setBuddy(self.answer_edit)
        self.answer_edit.setMaximumWidth(self.fontMetrics().horizontalAdvance("0") * 22)
        fields = QHBoxLayout()
        fields.addWidget(self.table_label)
        fields.addWidget(self.table_edit)
        fields.addSpacing(8)
        fields.addWidget(self.answer_label)
        fields.addWidget(self.answer_edit)
        fields.addSpacing(8)
        before = self._fields_before_record()
        for widget in before:
            fields.addWidget(widget)
        if before:
            fields.addSpacing(8)
        fields.addWidget(self.record_button)
        after = self._fields_after_record()
        for widget in after:
            fields.addSpacing(8)
            fields.addWidget(widget, 1)  # wraps rather than widen the window
        if not after:
            fields.addStretch(1)

        layout = QGridLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(fields, 0, 0)
        layout.addWidget(self.slip_label, 1, 0)
        layout.addWidget(self.error_label, 2, 0)
        self.setTabOrder(self.table_edit, self.answer_edit)
        self.setTabOrder(self.answer_edit, self.record_button)

    # --- commands ---------------------------------------------------------------------

    def record(self) -> None:
        """Record the slip typed; on success clear it and wait for the next one."""
        row = self._check_table()
        if row is not None:
            assert row.table is not None  # the typed table's row, never a bye
            self._record_answer(row, row.table)

    # --- reading the slip -----------------------------------------------------------

    def table_number(self) -> int | None:
        text = self.table_edit.text().strip()
        return int(text) if text.isdigit() else None

    def current_row(self) -> PairingRow | None:
        """The table typed, in the round shown; None for no such table (or a bye)."""
        table = self.table_number()
        row = None if table is None else self.model.row_of_table(table)
        found = None if row is None else self.model.row_at(row)
        return None if found is None or found.is_bye else found

    def _check_table(self) -> PairingRow | None:
        """The typed table's pairing, or None after saying what is wrong (the cursor
        back in the table field)."""
        number, table, row = self.model.round_number, self.table_number(), None
        if number is None:
            self.show_error("There is no round yet: pair one first (Ctrl+P).")
        elif table is None:
            self.show_error("Type the table number from the slip first.")
        else:
            row = self.current_row()
            if row is None:
                self.show_error(f"Round {number} has no table {table}.")
        if row is None:
            self.focus_table()
        return row

    def _record(
        self,
        row: PairingRow,
        round_number: int | None,
        answer: Callable[..., T],
        said: Callable[[T], str],
    ) -> None:
        """Record the slip's `answer` (the service bound to what the slip says, as
        `partial(record_result, score=score)`) at the row's table of round `round_number`,
        a correction when the slip had a result (already confirmed), then finish the slip
        saying `said(outcome)`.

        When another station entered this table a moment ago, the service refuses;
        then the slip says who, when and what, and replaces it only if confirmed.
        When nothing was recorded, the reason is on the slip, the cursor back in the answer.
        """

        def call(correct: bool) -> T:
            return answer(
                self.db,
                event_id=self.event_record.id,
                table=row.table,
                round_number=round_number,
                correct=correct,
            )

        try:
            try:
                outcome = call(row.reported)
            except ResultExistsError as exc:
                if not self.prompts.confirm("Result already entered", exc.question()):
                    self.model.refresh()  # show what the other station entered
                    self._show_slip()
                    self.focus_answer()
                    return
                outcome = call(True)
        except EXPECTED as exc:
            self._refuse(sentence(user_message(exc)))
            return
        self._finish(outcome, said(outcome))

    def _refuse(self, text: str) -> None:
        """Say on the slip why nothing was recorded, the cursor back in the answer."""
        self.show_error(text)
        self.focus_answer()

    def _unchanged(self, row: PairingRow, said: str) -> None:
        """The slip says what the table already has: nothing to record, on to the next."""
        self.clear()
        self.slip_label.setText(f"Table {row.table} already has {said}: nothing changed.")
        self.focus_table()

    def _may_change(self, row: PairingRow, was: str | None, now: str, who: str) -> bool:
        """True when the table has no result yet (`was` None) or the TO confirms replacing
        it; else the cursor goes back to the answer."""
        if was is None or self._confirm_change(row, was, now, who):
            return True
        self.focus_answer()
        return False

    def _confirm_change(self, row: PairingRow, was: str, now: str, who: str) -> bool:
        question = (
            f"Table {row.table} has {was}; change to {now}?\n\n"
            f"{who}, round {self.model.round_number}."
        )
        entered = self._entered(row)
        if entered is not None:  # perhaps at another station a moment ago: say who was first
            question += f"\n{was} was entered {entered[0]} at {entered[1]}."
        return self.prompts.confirm("Change result", question)

    def _entered(self, row: PairingRow) -> tuple[str, str] | None:
        number = self.model.round_number
        if number is None or row.table is None:
            return None
        try:
            return who_entered(
                self.db, event_id=self.model.event_id, round_number=number, table=row.table
            )
        except EXPECTED:
            return None

    # --- commands ---------------------------------------------------------------------

    def focus_table(self) -> None:
        focus_selected(self.table_edit)

    def focus_answer(self) -> None:
        focus_selected(self.answer_edit)

    def set_table(self, table: int) -> None:
        """Start a slip for `table` (a double-clicked row) and wait for its result."""
        self.table_edit.setText(str(table))
        self.focus_answer()

    def clear(self) -> None:
        self.table_edit.clear()
        self.answer_edit.clear()

    def show_error(self, text: str) -> None:
        self.error_label.setText(text)
        self.error_label.setVisible(bool(text))

    def _finish(self, outcome: object, said: str) -> None:
        """After the service recorded: clear, tell, and wait for the next slip."""
        self.show_error("")
        self.clear()
        self.result_recorded.emit(outcome)
        self.slip_label.setText(said)
        self.focus_table()

    def _table_entered(self) -> None:
        if self._check_table() is None:
            return  # said on the slip, the cursor still in the table field
        if self.answer_edit.text().strip():
            self.record()
        else:
            self.focus_answer()

    # --- showing the slip -------------------------------------------------------------

    def _table_typed(self, _text: str) -> None:
        self.show_error("")
        self._show_slip()
        self.table_chosen.emit(self.table_number())

    def _show_slip(self) -> None:
        row = self.current_row()
        table = self.table_number()
        if table is None:
            self.slip_label.setText(self.empty_slip)
        elif row is None:
            self.slip_label.setText(f"No table {table} in round {self.model.round_number}.")
        else:
            self.slip_label.setText(self._slip_text(row))
