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
no drawn games (WARS), who won the tie breaker of a drawn game.

Decisions belong to `services.results` and `core.results`; this widget reads
the typing, asks, and calls `record_result` once; the typing flow it shares
with the Conquest slip is `slip_entry.SlipEntry`. Imports Qt, core, services.
"""

from __future__ import annotations

from functools import partial

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QLabel, QLineEdit, QWidget

from organizer.core.results import ResultError, Score, check_score, parse_score
from organizer.gui.kit.entry_labels import sentence
from organizer.gui.rounds.pairings_model import PairingRow
from organizer.gui.rounds.slip_entry import SlipEntry
from organizer.services.rounds.results import ResultOutcome, draws_allowed, record_result

SCORE_HINTS = {1: "1-0, 0-1 or 0-0-1", 3: "2-0, 2-1, 1-1-1 …", 5: "3-0, 3-2, 2-2-1 …"}


class ResultEntry(SlipEntry):
    empty_slip = "Type a table number, then the score, then Enter."

    # --- building -----------------------------------------------------------

    def _make_answer(self) -> tuple[QLabel, QLineEdit]:
        self.score_edit = QLineEdit()
        self.score_edit.setPlaceholderText(SCORE_HINTS.get(self.event_record.best_of, "2-1"))
        self.score_edit.setToolTip(
            "Games won by player A, by player B, then drawn games, as on the slip"
        )
        return QLabel("&Score:"), self.score_edit

    def _fields_before_record(self) -> list[QWidget]:
        self.drop_a = QCheckBox("&A drops")
        self.drop_b = QCheckBox("&B drops")
        for box in (self.drop_a, self.drop_b):
            # Alt+A / Alt+B tick the box and leave the cursor in the score for Enter.
            box.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            box.setToolTip("The slip's drop box: not paired in later rounds")
        return [self.drop_a, self.drop_b]

    # --- commands ---------------------------------------------------------------------

    def clear(self) -> None:
        super().clear()
        self.drop_a.setChecked(False)
        self.drop_b.setChecked(False)

    def _record_answer(self, row: PairingRow, table: int) -> None:
        try:
            score = parse_score(self.score_edit.text())
        except ResultError as exc:
            self._refuse(sentence(str(exc)))
            return
        round_number = self.model.round_number
        drop = (self.drop_a.isChecked(), self.drop_b.isChecked())
        if row.result == score and not any(drop):
            self._unchanged(row, str(score))
            return
        was = None if row.result in (None, score) else str(row.result)
        if not self._may_change(row, was, str(score), row.versus()):
            return
        tiebreak: int | None = None
        if self._needs_tiebreak(score):
            try:  # an impossible score is said before asking about the tie breaker
                check_score(score, best_of=self.event_record.best_of, draws_allowed=True)
            except ResultError as exc:
                self._refuse(sentence(f"table {table}: {exc}"))
                return
            tiebreak = self._ask_tiebreak(row, score)
            if tiebreak is None:
                self.focus_answer()
                return
        self._record(
            row,
            round_number,
            partial(record_result, score=score, tiebreak_winner=tiebreak, drop=drop),
            lambda outcome: _recorded_text(outcome.value, row, tiebreak),
        )

    def _needs_tiebreak(self, score: Score) -> bool:
        """Only a drawn game needs its tie breaker; a level match (1-1 at time) is recorded
        as it is (docs/rules.md, WARS TCG)."""
        return not draws_allowed(self.event_record.format_id) and score.draws > 0

    def _ask_tiebreak(self, row: PairingRow, score: Score) -> int | None:
        question = (
            f"Table {row.table}: {score} has a drawn game, and this format has no drawn "
            "games.\n\nWho won the tie breaker of the drawn game?"
        )
        return self.prompts.choose("Tie breaker", question, row.names[:2])

    # --- showing the slip -------------------------------------------------------------

    def _show_slip(self) -> None:
        row = self.current_row()
        names = [n.replace("&", "&&") for n in row.names] if row is not None else []
        self.drop_a.setText("&A drops" + (f": {names[0]}" if names else ""))
        self.drop_b.setText("&B drops" + (f": {names[1]}" if len(names) > 1 else ""))
        super()._show_slip()

    def _slip_text(self, row: PairingRow) -> str:
        has = f"  ·  has {row.result}" if row.result is not None else ""
        return f"Table {row.table}:  {row.seat_text(0)}  vs  {row.seat_text(1)}{has}"


def _recorded_text(outcome: ResultOutcome, row: PairingRow, tiebreak: int | None) -> str:
    if outcome.continues:  # a playoff game drawn (Warcaste 6e): no result yet
        return (
            f"✓ Table {outcome.table}: game drawn ({row.versus()}); the playoff match "
            "continues with another game. Next slip."
        )
    verb = "changed to" if outcome.corrected_from is not None else "recorded"
    text = f"✓ Table {outcome.table}: {verb} {outcome.recorded}  ({row.versus()})"
    if tiebreak is not None:
        text += f"; tie breaker to {row.names[tiebreak]}"
    return text + ". Next slip."
