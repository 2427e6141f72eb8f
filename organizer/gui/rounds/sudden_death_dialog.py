"""The judge's walk-through of Warcaste sudden death at one table (rulebook 1d).

Step 1 asks who was the active player when time was called (two big
buttons). Then the six turns A1, B1, A2, B2, A3, B3 stand in a grid, the
active player's first: each turn names its player and takes two counts, the
damage counters the active player placed or dealt on the opponent's
territories and those the other player placed during that turn (a trap, a
Death trigger: they count for the other player, 1d). Keyboard order: active,
Tab, other, Enter records (Enter in the first box records with 0 for the
other). Each turn has a "Last territory destroyed" box (whose: the opponent by
default), which ends sudden death at that turn. Running totals and the outcome
("Bo Chen wins 4-3 on counters") show as the judge goes; the service records
the match result itself when the record decides it. "Undo last turn" takes a
turn back, and a recorded turn is corrected by editing its counters and
pressing Correct (or Enter). Once sudden death has written the table's result,
a correction or an undo asks the same question a slip asks before it replaces
a stored result (issue 25), and is journaled as a correction.

In a playoff (top cut) match a draw is impossible (formats.md, decided
here): when the counters are equal after the 6 turns, the grid grows one row per
extra turn, the players going on in the same order until one leads after equal
turns. Sudden death begins at time at the table; before that the judge ticks
"Called early", which the record keeps. A table that already has a result
shows it and is only changed with "Correction" ticked.

Every step is one `services.sudden_death` call; the record lives in the
database, so closing the dialog loses nothing and reopening resumes. What the
service refuses (negative counters, a correction that cannot be) is shown
inline, under the grid. The counters box therefore accepts a typed minus
sign rather than silently dropping it. `open_sudden_death` is the one entry
point for the Clock and Rounds tabs, `sudden_death_action` their one command for it.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from organizer.core.clock.sudden_death import TURNS, SuddenDeath, leader, totals
from organizer.gui.kit import layouts
from organizer.gui.kit.actions import command
from organizer.gui.kit.emphasis import embolden
from organizer.gui.kit.event_screen import EventWork
from organizer.gui.kit.prompts import Prompts
from organizer.services.clock import sudden_death as sd
from organizer.services.kit.changes import Changes, Done
from organizer.services.kit.errors import EXPECTED, user_message
from organizer.services.rounds.results import ResultExistsError
from organizer.storage.database import Database

DASH = "\u2013"  # en dash between two scores
RULES = (
    "Each player gets 3 more turns, the active player at time first (turn 1 is the turn in "
    "progress at time: its earlier counters count). After the 6th turn, whoever placed or "
    "dealt more damage counters on the opponent's territories during these turns wins, "
    "counting those placed during the opponent's turn (a trap); equal counts are a draw. "
    "A player whose last territory is destroyed loses at once (Warcaste 1d)."
)
PLAYOFF_RULES = (
    " This is a playoff match: it cannot end in a draw. If the counters are equal after the "
    "6th turn, the players go on taking turns in the same order, one each, until one has "
    "placed more counters after equal turns (Help → Rules and decisions: decided here)."
)
ERROR_STYLE = (
    "QLabel { background: #fde7e9; color: #7a0b16; border: 1px solid #e8a0a8;"
    " border-radius: 3px; padding: 6px 10px; }"
)
CHOICE_STYLE = (
    "QPushButton:checked { background: #2e7d32; color: white; font-weight: bold;"
    " border: 2px solid #1b5e20; border-radius: 4px; }"
    "QPushButton:checked:disabled { background: #c8e6c9; color: #1b5e20; }"
)
OUTCOME_STYLE = (
    "QLabel { background: #e3f4e1; color: #14461a; border: 1px solid #8cc68f;"
    " border-radius: 4px; padding: 10px 14px; }"
)


def outcome_text(state: sd.SuddenDeathState) -> str:
    """ "Bo Chen wins 4-3 on counters", "Draw 2-2", "Ada wins: Bo's last territory destroyed".

    The scores are joined with an en dash (`DASH`), as printed results are.
    """
    result, names = state.outcome, state.names
    if result is None:
        return ""
    if result.winner is None:
        a, b = (count for _, count in result.totals)
        return f"Draw {a}{DASH}{b} on counters"
    loser = state.record.opponent(result.winner)
    if result.reason == "last_territory":
        return f"{names[result.winner]} wins: {names[loser]}'s last territory destroyed"
    return (
        f"{names[result.winner]} wins {result.total(result.winner)}{DASH}{result.total(loser)}"
        " on counters"
    )


def _standing(state: sd.SuddenDeathState, played: int) -> str:
    """ "Level after 6 turns", or "Ada leads 4-1 after 7 turns" (a playoff going on)."""
    ahead = leader(state.record)
    if ahead is None:
        return f"Level after {played} turns"
    counts = sorted(running_totals(state.record).values(), reverse=True)
    return f"{state.names[ahead]} leads {counts[0]}{DASH}{counts[1]} after {played} turns"


def running_totals(record: SuddenDeath) -> dict[str, int]:
    """Counters each player has placed so far, in the record's player order (display only)."""
    return {str(p): count for p, count in totals(record)}


class CounterSpin(QSpinBox):
    """A counters box where Enter records the turn instead of pressing a dialog button."""

    submitted = Signal()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.interpretText()
            event.accept()
            self.submitted.emit()
            return
        super().keyPressEvent(event)


class TurnRow:
    """The widgets of one sudden-death turn in the grid."""

    def __init__(self, number: int, names: dict[str, str]) -> None:
        self.number = number
        self.number_label = QLabel(f"{number}")
        self.player_label = QLabel()
        self.spin = CounterSpin()
        self.spin.setRange(-999, 999)  # a typed minus reaches the service, which refuses it
        self.spin.setAccessibleName(f"Turn {number}: the active player's counters")
        self.spin.setToolTip(
            "Damage counters the active player placed or dealt on the opponent's territories"
        )
        self.other_spin = CounterSpin()
        self.other_spin.setRange(-999, 999)
        self.other_spin.setAccessibleName(f"Turn {number}: the other player's counters")
        self.other_spin.setToolTip(
            "Damage counters the other player placed during this turn (a trap, a Death "
            "trigger): they count for the other player"
        )
        self.territory_box = QCheckBox("Last territory destroyed:")
        self.whose_combo = QComboBox()
        for code, name in names.items():
            self.whose_combo.addItem(name, code)
        self.whose_combo.setEnabled(False)
        self.territory_box.toggled.connect(self.whose_combo.setEnabled)
        self.button = QPushButton("Record")
        self.button.setAutoDefault(False)
        self.mark_label = QLabel()

    def widgets(self) -> tuple[QWidget, ...]:
        return (
            self.number_label,
            self.player_label,
            self.spin,
            self.other_spin,
            self.territory_box,
            self.whose_combo,
            self.button,
            self.mark_label,
        )

    def lost_by(self) -> str | None:
        return str(self.whose_combo.currentData()) if self.territory_box.isChecked() else None


class SuddenDeathDialog(QDialog):
    """Its `changes` gather every step's; the tab that opened it broadcasts them once it closes
    (`open_sudden_death`)."""

    def __init__(
        self,
        db: Database,
        event_id: int,
        state: sd.SuddenDeathState,
        parent: QWidget | None = None,
        prompts: Prompts | None = None,
    ) -> None:
        super().__init__(parent)
        self.prompts = prompts if prompts is not None else Prompts(self)
        self.db = db
        self.event_id = event_id
        self.table = state.record.table
        self.round_number = state.round
        self.state = state
        self.changes = Changes()
        self.now: Callable[[], dt.datetime] = lambda: dt.datetime.now(dt.UTC)
        players = state.record.players
        self.names = {str(p): state.names.get(str(p), str(p)) for p in players}
        self.setWindowTitle(f"Sudden death — table {self.table}, round {self.round_number}")
        self._make_widgets()
        self._layout()
        self._show(state)

    # --- building -----------------------------------------------------------

    def _make_widgets(self) -> None:
        a, b = (self.names[str(p)] for p in self.state.record.players)
        self.title_label = QLabel(f"Table {self.table}:  {a}  vs  {b}")
        embolden(self.title_label, 1.5)
        self.rules_label = QLabel(RULES + (PLAYOFF_RULES if self.state.record.playoff else ""))
        self.rules_label.setWordWrap(True)

        self.first_box = QGroupBox("1. Who was the active player when time was called?")
        self.first_buttons: list[QPushButton] = []
        for player in self.state.record.players:
            button = QPushButton(self.names[str(player)])
            button.setCheckable(True)
            button.setAutoDefault(False)
            button.setMinimumHeight(56)
            big = button.font()
            big.setPointSizeF(big.pointSizeF() * 1.4)
            button.setFont(big)
            button.setStyleSheet(CHOICE_STYLE)
            button.clicked.connect(lambda _=False, p=str(player): self.set_active_player(p))
            self.first_buttons.append(button)

        self.first_note = QLabel()
        self.early_box = QCheckBox("Called &early by the judge (time is not up at this table)")
        self.correct_box = QCheckBox()
        self.correct_box.setStyleSheet("QCheckBox { font-weight: bold; }")
        self.turns_box = QGroupBox(
            "2. The six turns, then one more each while level (playoff)"
            if self.state.record.playoff
            else "2. The six turns, in order"
        )
        self.rows: list[TurnRow] = []

        self.totals_label = QLabel()
        embolden(self.totals_label, 1.3)
        self.next_label = QLabel()
        self.outcome_label = QLabel()
        embolden(self.outcome_label, 1.5)
        self.outcome_label.setStyleSheet(OUTCOME_STYLE)
        self.outcome_label.setWordWrap(True)
        self.error_label = QLabel()
        self.error_label.setWordWrap(True)
        self.error_label.setStyleSheet(ERROR_STYLE)
        self.error_label.hide()

        self.undo_button = QPushButton("&Undo last turn")
        self.undo_button.setAutoDefault(False)
        self.undo_button.clicked.connect(self.undo_last_turn)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.buttons.rejected.connect(self.reject)
        close = self.buttons.button(QDialogButtonBox.StandardButton.Close)
        close.setAutoDefault(False)

    def _layout(self) -> None:
        first_buttons = QHBoxLayout()
        for button in self.first_buttons:
            first_buttons.addWidget(button)
        first = QVBoxLayout(self.first_box)
        first.addLayout(first_buttons)
        first.addWidget(self.first_note)
        first.addWidget(self.early_box)

        self.grid = grid = QGridLayout(self.turns_box)
        grid.setHorizontalSpacing(12)
        headers = ("Turn", "Player", "Active player", "Other player", "", "", "", "")
        for column, text in enumerate(headers):
            if text:
                label = QLabel(f"<b>{text}</b>")
                grid.addWidget(label, 0, column)
        self._ensure_rows(TURNS)
        grid.setColumnStretch(1, 1)
        grid.setColumnMinimumWidth(2, 90)
        grid.setColumnMinimumWidth(3, 90)

        layouts.column(
            self.title_label,
            self.rules_label,
            self.correct_box,
            self.first_box,
            self.turns_box,
            self.totals_label,
            self.next_label,
            self.error_label,
            self.outcome_label,
            layouts.STRETCH,
            layouts.row(self.undo_button, layouts.STRETCH, self.buttons),
            parent=self,
        )
        self.setMinimumWidth(1000)

    def _ensure_rows(self, count: int) -> None:
        """At least `count` turn rows in the grid (a level playoff adds one per extra turn)."""
        while len(self.rows) < count:
            row = TurnRow(len(self.rows) + 1, self.names)
            row.spin.submitted.connect(lambda n=row.number: self.record(n))
            row.other_spin.submitted.connect(lambda n=row.number: self.record(n))
            row.button.clicked.connect(lambda _=False, n=row.number: self.record(n))
            for column, widget in enumerate(row.widgets()):
                self.grid.addWidget(widget, row.number, column)
            if self.rows:
                QWidget.setTabOrder(self.rows[-1].button, row.spin)
            QWidget.setTabOrder(row.spin, row.other_spin)
            QWidget.setTabOrder(row.other_spin, row.territory_box)
            QWidget.setTabOrder(row.territory_box, row.whose_combo)
            QWidget.setTabOrder(row.whose_combo, row.button)
            self.rows.append(row)

    # --- showing the record -----------------------------------------------------

    def _show(self, state: sd.SuddenDeathState) -> None:
        self.state = state
        record = state.record
        for player, button in zip(record.players, self.first_buttons, strict=True):
            button.setChecked(record.first == player)
            button.setEnabled(not record.turns)
        if record.first is None:
            note = "Click (or Tab to and press Space) the player whose turn it was."
        else:
            name = self.names[str(record.first)]
            change = (
                "undo every turn to change it" if record.turns else "click the other to change it"
            )
            note = f"{name} was the active player: turn 1 is theirs ({change})."
        if record.called_early:
            note += " Called early by the judge."
        self.first_note.setText(note)
        self.early_box.setVisible(record.first is None)
        stored = state.stored_result
        self.correct_box.setText(
            f"Correction: replace the table's stored result ({stored}) with this sudden death"
        )
        self.correct_box.setVisible(stored is not None)
        coming = record.next_turn
        needed = max(TURNS, len(record.turns) + (1 if coming else 0))
        self._ensure_rows(needed)
        for row in self.rows:
            for widget in row.widgets():
                widget.setVisible(row.number <= needed)
            self._show_row(row, record, coming.number if coming else None)
        a, b = running_totals(record).items()
        self.totals_label.setText(
            f"Counters so far:  {self.names[a[0]]} {a[1]}  ·  {self.names[b[0]]} {b[1]}"
        )
        if record.first is None:
            self.next_label.setText("Choose the active player to begin.")
        elif coming is not None:
            name = self.names[str(coming.player)]
            self.next_label.setText(
                f"Next: turn {coming.number}, {name}'s turn {coming.player_turn} of 3."
                if coming.number <= TURNS
                else f"{_standing(state, coming.number - 1)}: next, turn {coming.number}, "
                f"{name}'s extra turn {coming.player_turn - TURNS // 2}."
            )
        else:
            self.next_label.setText("Sudden death is over; the result is recorded for the match.")
        text = outcome_text(state)
        self.outcome_label.setText(text)
        self.outcome_label.setVisible(bool(text))
        self.undo_button.setEnabled(bool(record.turns))
        self._focus(coming.number if coming else None)

    def _show_row(self, row: TurnRow, record: SuddenDeath, coming: int | None) -> None:
        recorded = row.number <= len(record.turns)
        active = recorded or row.number == coming
        for widget in row.widgets()[1:]:
            widget.setEnabled(active)
        row.whose_combo.setEnabled(active and row.territory_box.isChecked())
        if record.first is None:
            row.player_label.setText("—")
            row.mark_label.setText("")
            return
        player = record.player_of(row.number)
        own = (row.number + 1) // 2
        row.player_label.setText(
            f"{self.names[str(player)]} — turn {own} of 3"
            if row.number <= TURNS
            else f"{self.names[str(player)]} — extra turn {own - TURNS // 2}"
        )
        opponent = str(record.opponent(player))
        row.other_spin.setToolTip(
            f"Damage counters {self.names[opponent]} placed during this turn (a trap, a Death "
            f"trigger): they count for {self.names[opponent]}"
        )
        if recorded:
            turn = record.turns[row.number - 1]
            row.spin.setValue(turn.counters)
            row.other_spin.setValue(turn.other)
            lost = turn.last_territory_lost_by
            row.territory_box.setChecked(lost is not None)
            row.whose_combo.setCurrentIndex(row.whose_combo.findData(str(lost or opponent)))
            row.button.setText("Correct")
            row.mark_label.setText("✓")
        else:
            row.spin.setValue(0)
            row.other_spin.setValue(0)
            row.territory_box.setChecked(False)
            row.whose_combo.setCurrentIndex(row.whose_combo.findData(opponent))
            row.button.setText("Record")
            row.mark_label.setText("◀ next" if row.number == coming else "")

    def _focus(self, coming: int | None) -> None:
        if self.state.record.first is None:
            self.first_buttons[0].setFocus()
        elif coming is not None:
            spin = self.rows[coming - 1].spin
            spin.setFocus()
            spin.selectAll()

    # --- steps ------------------------------------------------------------------

    def _step(self, call: Callable[[bool], Done[sd.SuddenDeathState]]) -> bool:
        """One service step, `call(correct)`; a result sudden death wrote itself is replaced
        only after the slip's question ("Table 3 already has 0-1 … Replace it?")."""
        try:
            try:
                done = call(self.correct_box.isChecked())
            except ResultExistsError as exc:
                if self.state.outcome is None or not self.prompts.confirm(
                    "Result already entered", exc.question()
                ):
                    raise
                done = call(True)
            state, changes = done.value, done.changes
        except EXPECTED as exc:
            self.error_label.setText(user_message(exc))
            self.error_label.show()
            return False
        self.error_label.hide()
        self.changes = self.changes | changes
        self._show(state)
        return True

    def set_active_player(self, player: str) -> bool:
        done = self._step(
            lambda correct: sd.set_active_player(
                self.db,
                event_id=self.event_id,
                table=self.table,
                player=player,
                round_number=self.round_number,
                early=self.early_box.isChecked(),
                correct=correct,
                now=self.now(),
            )
        )
        if not done:
            self._show(self.state)  # a refused click must not leave its button checked
        return done

    def record(self, number: int) -> bool:
        """Record turn `number`, or correct it if it is recorded already."""
        row = self.rows[number - 1]
        row.spin.interpretText()
        row.other_spin.interpretText()
        counters, other, lost = row.spin.value(), row.other_spin.value(), row.lost_by()
        record = self.state.record
        correcting = number <= len(record.turns)
        if not correcting and record.first is None:
            self.error_label.setText("First choose who was the active player when time was called.")
            self.error_label.show()
            return False
        step: Callable[..., Done[sd.SuddenDeathState]] = (
            sd.correct_turn if correcting else sd.record_turn
        )
        return self._step(
            lambda correct: step(
                self.db,
                event_id=self.event_id,
                table=self.table,
                number=number,
                counters=counters,
                other=other,
                last_territory_lost_by=lost,
                round_number=self.round_number,
                correct=correct,
            )
        )

    def undo_last_turn(self) -> bool:
        return self._step(
            lambda correct: sd.undo_last_turn(
                self.db,
                event_id=self.event_id,
                table=self.table,
                round_number=self.round_number,
                correct=correct,
            )
        )


def open_sudden_death(
    screen: EventWork, table: int, *, round_number: int | None = None
) -> Changes | None:
    """Walk through sudden death at `table` (latest round by default) of `screen`'s event,
    the dialog over `screen`; the Changes made.

    None if the table cannot have sudden death (no such table, not two players);
    the reason is shown through the screen's prompts.
    """
    db, event_id, prompts = screen.db, screen.event_id, screen.prompts
    state = prompts.attempt(
        "Sudden death",
        lambda: sd.load(db, event_id=event_id, table=table, round_number=round_number),
    )
    if state is None:
        return None
    dialog = SuddenDeathDialog(db, event_id, state, screen, prompts)
    prompts.run_dialog(dialog)
    return dialog.changes


sudden_death_command = command(
    "S&udden death…",
    "Ctrl+Shift+D",
    tip="Walk the selected table through sudden death (Warcaste 1d)",
)
"""The Clock and Rounds tabs' "Sudden death…" command: `@sudden_death_command` on the slot."""
