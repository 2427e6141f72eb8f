"""`ResultEntry`: the result slip typed from the keyboard, one slip after another.

The TO types the table number (Space, Tab or Enter moves on to the score),
then the score as the slip reads it ("2-1", "1-0", "0-0-1"), then Enter: the
result is recorded, both fields clear and the cursor is back in Table for the
next slip. While the table number is typed, the slip's two names are shown
(and `table_chosen` lets the pairings table highlight the row) so the TO can
check the slip against the screen. Alt+A / Alt+B tick the slip's drop boxes
without leaving the score field.

Mistakes stay on the line: an unknown table, a score that cannot be, or a
refusal from the service is shown in red under the fields, never in a modal
box. Two questions are asked through `Prompts`: changing a result that is
already recorded ("Table 4 has 2-0; change to 0-2?") and, when the format has
no drawn games (WARS), who won the tie breaker of a drawn score.

Decisions belong to `services.results` and `core.results`; this widget reads
the typing, asks, and calls `record_result` once. Imports Qt, core, services.
"""

from __future__ import annotations

from PySide6.QtCore import QRegularExpression, Qt, Signal
from PySide6.QtGui import QKeyEvent, QRegularExpressionValidator
from PySide6.QtWidgets import (
    QCheckBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QWidget,
)

from organizer.core.results import ResultError, Score, check_score, parse_score
from organizer.gui.models.pairings_model import PairingRow, PairingsModel
from organizer.gui.prompts import Prompts
from organizer.services.errors import EXPECTED, user_message
from organizer.services.results import ResultOutcome, draws_allowed, record_result
from organizer.storage.database import Database
from organizer.storage.records import EventRecord

SCORE_HINTS = {1: "1-0, 0-1 or 0-0-1", 3: "2-0, 2-1, 1-1-1 …", 5: "3-0, 3-2, 2-2-1 …"}
ERROR_STYLE = "QLabel { color: #c00000; font-weight: bold; }"


def sentence(text: str) -> str:
    """A service message as a sentence: capital first letter, final full stop."""
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "?", "!")) else text + "."


class TableEdit(QLineEdit):
    """Digits only; Space moves on to the score, as Tab does."""

    advanced = Signal()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Space:
            self.advanced.emit()
            return
        super().keyPressEvent(event)


class ResultEntry(QWidget):
    table_chosen = Signal(object)  # int | None: the table typed, to highlight its row
    result_recorded = Signal(object)  # ResultOutcome, after the service saved it

    def __init__(
        self,
        db: Database,
        event: EventRecord,
        prompts: Prompts,
        model: PairingsModel,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.db = db
        self.event_record = event
        self.prompts = prompts
        self.model = model
        self.draws_allowed = draws_allowed(event.format_id)
        self._make_widgets()
        self._layout()
        self.table_edit.textChanged.connect(self._table_typed)
        self.table_edit.advanced.connect(self.focus_score)
        self.table_edit.returnPressed.connect(self._table_entered)
        self.score_edit.returnPressed.connect(self.record)
        self.score_edit.textEdited.connect(lambda _text: self.show_error(""))
        self.record_button.clicked.connect(self.record)
        model.modelReset.connect(self._show_slip)
        self._show_slip()

    # --- building -----------------------------------------------------------

    def _make_widgets(self) -> None:
        self.table_edit = TableEdit()
        self.table_edit.setValidator(
            QRegularExpressionValidator(QRegularExpression(r"\d{0,4}"), self.table_edit)
        )
        self.table_edit.setPlaceholderText("12")
        self.table_edit.setMaximumWidth(self.fontMetrics().horizontalAdvance("0") * 10)
        self.table_label = QLabel("&Table:")
        self.table_label.setBuddy(self.table_edit)

        self.score_edit = QLineEdit()
        self.score_edit.setPlaceholderText(SCORE_HINTS.get(self.event_record.best_of, "2-1"))
        self.score_edit.setMaximumWidth(self.fontMetrics().horizontalAdvance("0") * 22)
        self.score_edit.setToolTip(
            "Games won by player A, by player B, then drawn games, as on the slip"
        )
        self.score_label = QLabel("&Score:")
        self.score_label.setBuddy(self.score_edit)

        self.drop_a = QCheckBox("&A drops")
        self.drop_b = QCheckBox("&B drops")
        for box in (self.drop_a, self.drop_b):
            # Alt+A / Alt+B tick the box and leave the cursor in the score for Enter.
            box.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            box.setToolTip("The slip's drop box: not paired in later rounds")

        self.record_button = QPushButton("Re&cord")
        self.record_button.setToolTip("Record this slip (Enter)")

        self.slip_label = QLabel()
        self.slip_label.setTextFormat(Qt.TextFormat.PlainText)
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
        fields.addWidget(self.score_label)
        fields.addWidget(self.score_edit)
        fields.addSpacing(8)
        fields.addWidget(self.drop_a)
        fields.addWidget(self.drop_b)
        fields.addSpacing(8)
        fields.addWidget(self.record_button)
        fields.addStretch(1)

        layout = QGridLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(fields, 0, 0)
        layout.addWidget(self.slip_label, 1, 0)
        layout.addWidget(self.error_label, 2, 0)
        self.setTabOrder(self.table_edit, self.score_edit)
        self.setTabOrder(self.score_edit, self.record_button)

    # --- reading the slip -----------------------------------------------------------

    def table_number(self) -> int | None:
        text = self.table_edit.text().strip()
        return int(text) if text.isdigit() else None

    def current_row(self) -> PairingRow | None:
        """The pairing of the table typed, in the round shown."""
        table = self.table_number()
        row = None if table is None else self.model.row_of_table(table)
        return None if row is None else self.model.row_at(row)

    # --- commands ---------------------------------------------------------------------

    def focus_table(self) -> None:
        self.table_edit.setFocus(Qt.FocusReason.OtherFocusReason)
        self.table_edit.selectAll()

    def focus_score(self) -> None:
        self.score_edit.setFocus(Qt.FocusReason.OtherFocusReason)
        self.score_edit.selectAll()

    def set_table(self, table: int) -> None:
        """Start a slip for `table` (a double-clicked pairing) and wait for its score."""
        self.table_edit.setText(str(table))
        self.focus_score()

    def clear(self) -> None:
        self.table_edit.clear()
        self.score_edit.clear()
        self.drop_a.setChecked(False)
        self.drop_b.setChecked(False)

    def show_error(self, text: str) -> None:
        self.error_label.setText(text)
        self.error_label.setVisible(bool(text))

    def _table_entered(self) -> None:
        if self._check_table() is None:
            self.focus_table()
        elif self.score_edit.text().strip():
            self.record()
        else:
            self.focus_score()

    def _check_table(self) -> PairingRow | None:
        """The typed table's pairing, or None after saying what is wrong."""
        number = self.model.round_number
        if number is None:
            self.show_error("There is no round yet: pair one first (Ctrl+P).")
            return None
        table = self.table_number()
        if table is None:
            self.show_error("Type the table number from the slip first.")
            return None
        row = self.current_row()
        if row is None:
            self.show_error(f"Round {number} has no table {table}.")
        return row

    def record(self) -> None:
        """Record the slip typed; on success clear it and wait for the next one."""
        row = self._check_table()
        if row is None:
            self.focus_table()
            return
        assert row.table is not None
        try:
            score = parse_score(self.score_edit.text())
        except ResultError as exc:
            self.show_error(sentence(str(exc)))
            self.focus_score()
            return
        round_number = self.model.round_number
        drop = (self.drop_a.isChecked(), self.drop_b.isChecked())
        if row.result == score and not any(drop):
            self.clear()
            self.slip_label.setText(f"Table {row.table} already has {score}: nothing changed.")
            self.focus_table()
            return
        if row.result not in (None, score) and not self._confirm_change(row, score):
            self.focus_score()
            return
        tiebreak: int | None = None
        if self._needs_tiebreak(score):
            try:  # an impossible score is said before asking about the tie breaker
                check_score(score, best_of=self.event_record.best_of, draws_allowed=True)
            except ResultError as exc:
                self.show_error(sentence(f"table {row.table}: {exc}"))
                self.focus_score()
                return
            tiebreak = self._ask_tiebreak(row, score)
            if tiebreak is None:
                self.focus_score()
                return
        try:
            outcome = record_result(
                self.db,
                event_id=self.event_record.id,
                table=row.table,
                score=score,
                round_number=round_number,
                tiebreak_winner=tiebreak,
                drop=drop,
            )
        except EXPECTED as exc:
            self.show_error(sentence(user_message(exc)))
            self.focus_score()
            return
        self.show_error("")
        self.clear()
        self.result_recorded.emit(outcome)
        self.slip_label.setText(_recorded_text(outcome, row, tiebreak))
        self.focus_table()

    def _needs_tiebreak(self, score: Score) -> bool:
        return not self.draws_allowed and (score.drawn or score.draws > 0)

    def _confirm_change(self, row: PairingRow, score: Score) -> bool:
        question = (
            f"Table {row.table} has {row.result}; change to {score}?\n\n"
            f"{row.versus()}, round {self.model.round_number}."
        )
        return self.prompts.confirm("Change result", question)

    def _ask_tiebreak(self, row: PairingRow, score: Score) -> int | None:
        question = (
            f"Table {row.table}: {score} is a draw, and this format has no drawn games.\n\n"
            "Who won the tie breaker?"
        )
        return self.prompts.choose("Tie breaker", question, row.names[:2])

    # --- showing the slip -------------------------------------------------------------

    def _table_typed(self, _text: str) -> None:
        self.show_error("")
        self._show_slip()
        self.table_chosen.emit(self.table_number())

    def _show_slip(self) -> None:
        row = self.current_row()
        table = self.table_number()
        names = [n.replace("&", "&&") for n in row.names] if row is not None else []
        self.drop_a.setText("&A drops" + (f": {names[0]}" if names else ""))
        self.drop_b.setText("&B drops" + (f": {names[1]}" if len(names) > 1 else ""))
        if table is None:
            self.slip_label.setText("Type a table number, then the score, then Enter.")
        elif row is None:
            self.slip_label.setText(f"No table {table} in round {self.model.round_number}.")
        else:
            has = f"  ·  has {row.result}" if row.result is not None else ""
            self.slip_label.setText(
                f"Table {table}:  {row.seat_text(0)}  vs  {row.seat_text(1)}{has}"
            )


def _recorded_text(outcome: ResultOutcome, row: PairingRow, tiebreak: int | None) -> str:
    verb = "changed to" if outcome.corrected_from is not None else "recorded"
    text = f"✓ Table {outcome.table}: {verb} {outcome.recorded}  ({row.versus()})"
    if tiebreak is not None:
        text += f"; tie breaker to {row.names[tiebreak]}"
    return text + ". Next slip."
