"""`TableResultEntry`: a multiplayer (Conquest) table's result typed from the keyboard.

The TO types the table number (Space, Tab or Enter moves on), and the slip
shows the table's seats with their numbers ("1 Ada Byrne (3)   2 Bo Chen (3)
…"). Then the result: the winner's seat number ("2"), "d" for a draw for
everyone, "d 1 3" for a draw among the players still in at time (seats 1
and 3; the others lose), or "l 2" for a game that seat 2 ended by conceding or
losing their last territory (1d: that seat loses, everyone else draws). Enter
records it, both fields clear and the cursor is back in Table for the next slip.
Like `ResultEntry` it is a `slip_entry.SlipEntry`, with the same signals and
methods, so the Rounds tab uses either.

Mistakes stay on the line, in red: an unknown table, a seat the table does
not have, a draw of one seat, or what the service refuses. Changing a
recorded result is confirmed through `Prompts` first, and so is a result that names a
player penalized at the table the winner or among those who drew.

`parse_table_result` reads the typing; `services.results.record_table_result`
decides and records. Imports Qt, services and the pairings model.
"""

from __future__ import annotations

import re
from functools import partial
from typing import Any

from PySide6.QtCore import QRegularExpression
from PySide6.QtGui import QRegularExpressionValidator
from PySide6.QtWidgets import QLabel, QLineEdit, QWidget

from organizer.core.results import ResultError, table_draw
from organizer.gui.rounds.pairings_model import (
    PairingRow,
    TableOutcome,
    outcome_text,
)
from organizer.gui.rounds.slip_entry import SlipEntry
from organizer.gui.rounds.tables_model import one_seat
from organizer.services.kit.changes import Done
from organizer.services.rounds.results import (
    PenalizedWinnerError,
    ResultOutcome,
    record_table_result,
)
from organizer.storage.database import Database

HINT = "2 = seat 2 wins · d = draw · d 1 3 = draw for seats 1 and 3 · l 2 = seat 2 lost"


class TableResultError(ValueError):
    """What is wrong with the result typed, as a sentence for the slip."""


def typed_loser(text: str, seats: int) -> int | None:
    """The seat index (0-based) of "l 2" (seat 2 lost, the others draw); None for other typing."""
    typed = text.strip().lower()
    if not typed.startswith("l"):
        return None
    numbers = [n for n in re.split(r"[\s,]+", typed[1:]) if n]
    if len(numbers) != 1 or not numbers[0].isdigit():
        raise TableResultError("Type l and the one seat that lost (l 2): the others draw.")
    if not 1 <= int(numbers[0]) <= seats:
        raise TableResultError(f"The table has seats 1 to {seats}: there is no seat {numbers[0]}.")
    return int(numbers[0]) - 1


def parse_table_result(text: str, seats: int) -> TableOutcome:
    """The typed result by seat index (0-based): "2" → winner 1, "d" → all, "d 1 3" → (0, 2),
    "l 2" → everyone but seat 2 drew."""
    loser = typed_loser(text, seats)
    if loser is not None:
        return TableOutcome(None, tuple(i for i in range(seats) if i != loser))
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
    try:  # the rule is core's (a draw needs two or more; nobody named is everyone)
        drew = table_draw([str(i) for i in range(seats)], None, [str(n - 1) for n in chosen])
    except ResultError:
        raise TableResultError(
            f"A draw needs two seats or more (d 1 3); if only seat {chosen[0]} is left, "
            f"type {chosen[0]}: a win."
        ) from None
    return TableOutcome(None, tuple(int(i) for i in drew))


def seats_line(row: PairingRow) -> str:
    """ "1 Ada Byrne (3)   2 Bo Chen (3)   3 …": the slip check, with the seat numbers."""
    return "     ".join(f"{i} {one_seat(row, i)}" for i in range(1, len(row.players) + 1))


class TableResultEntry(SlipEntry):
    table_placeholder = "3"
    empty_slip = "Type a table number, then the winner's seat (or d for a draw), then Enter."
    record_tip = "Record this table's result (Enter)"

    # --- building -----------------------------------------------------------

    def _make_answer(self) -> tuple[QLabel, QLineEdit]:
        self.result_edit = QLineEdit()
        self.result_edit.setValidator(
            QRegularExpressionValidator(
                QRegularExpression(r"[dDlL]?[0-9 ,]{0,20}"), self.result_edit
            )
        )
        self.result_edit.setPlaceholderText("2, d, d 1 3 or l 2")
        self.result_edit.setToolTip(HINT)
        return QLabel("&Result:"), self.result_edit

    def _fields_after_record(self) -> list[QWidget]:
        self.hint_label = QLabel(HINT)
        self.hint_label.setStyleSheet("color: palette(placeholder-text);")
        self.hint_label.setWordWrap(True)
        return [self.hint_label]

    # --- commands ---------------------------------------------------------------------

    def _record_answer(self, row: PairingRow, table: int) -> None:
        try:
            outcome = parse_table_result(self.result_edit.text(), len(row.players))
        except TableResultError as exc:
            self._refuse(f"Table {table}: {exc}")
            return
        said = outcome_text(outcome, row.names)
        if row.outcome == outcome:
            self._unchanged(row, said)
            return
        was = None if row.outcome is None else row.result_text()
        if not self._may_change(row, was, said, ", ".join(row.names)):
            return
        winner = None if outcome.winner is None else row.players[outcome.winner]
        lost = typed_loser(self.result_edit.text(), len(row.players))
        loser = None if lost is None else row.players[lost]
        drawn = (
            None if winner is not None or loser is not None
            else [row.players[i] for i in outcome.drawn]
        )  # fmt: skip
        round_number = self.model.round_number
        verb = "changed to" if row.outcome is not None else "recorded"
        self._record(
            row,
            round_number,
            partial(self._record_confirmed, winner=winner, drawn=drawn, loser=loser),
            lambda _recorded: f"✓ Table {table}: {verb} {said}. Next slip.",
        )

    def _record_confirmed(self, db: Database, **kwargs: Any) -> Done[ResultOutcome]:
        """`record_table_result`, asking the TO first when the result favours a player
        penalized at the table (the service refuses it unconfirmed)."""
        try:
            return record_table_result(db, **kwargs)
        except PenalizedWinnerError as exc:
            if not self.prompts.confirm("Penalized player", f"{exc}.\n\nRecord it anyway?"):
                raise
        return record_table_result(db, confirm=True, **kwargs)

    # --- showing the slip -------------------------------------------------------------

    def _slip_text(self, row: PairingRow) -> str:
        has = f"   ·   has: {row.result_text()}" if row.outcome is not None else ""
        return f"Table {row.table}:   {seats_line(row)}{has}"
