"""`TablesModel`: one round of a multiplayer (Conquest) event, a row per table with every seat.

Columns: Table, Seats (points before the round), Result. The Seats cell
lists the 3 to 5 players of a table one per line, numbered by seat as the TO
types them in the result slip ("2  Bo Chen (3)"); the Result cell says, line
by line beside them, who won, drew or lost ("—" while missing). Rows are as
tall as their seats: the view sizes them to contents.

Everything else (reading the event, the round shown, missing tables) is
`PairingsModel`'s: this model only presents its `PairingRow`s differently.
Imports Qt, the pairings model and the shared `table_model` only.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor

from organizer.core.names import sort_key
from organizer.gui.kit.table_model import bold_font
from organizer.gui.rounds.pairings_model import (
    SORT_ROLE,
    PairingRow,
    PairingsModel,
    table_key,
)

HEADERS = ("Table", "Seats (points before the round)", "Result")
TABLE, SEATS, RESULT = range(3)


def seats_text(row: PairingRow) -> str:
    """The table's players one per line: "1  Ada Byrne (3)"."""
    if row.is_bye:
        return row.seat_text(0)
    return "\n".join(f"{i}  {one_seat(row, i)}" for i in range(1, len(row.players) + 1))


def one_seat(row: PairingRow, number: int) -> str:
    """Seat `number` (1-based): "Ada Byrne (3)", with " · drops" when dropping."""
    return row.seat_text(number - 1)


def result_lines(row: PairingRow) -> str:
    """One line per seat beside the seats: "loss", "win", …; "—" while missing, "bye"."""
    if row.is_bye or not row.reported or not row.is_multiplayer:
        return row.result_text()
    return "\n".join(row.seat_result(i) for i in range(len(row.players)))


class TablesModel(PairingsModel):
    headers = HEADERS
    header_tooltips: ClassVar[Mapping[str, str]] = {}  # none of the pairings' own

    def sort_value(self, row: PairingRow, column: int) -> Any:
        """Tables by number (byes last), seats by the first seat's name, results by text."""
        if column == TABLE:
            return table_key(row)
        return sort_key(row.names[0]) if column == SEATS else row.result_text()

    def cell(self, row: int, column: int, role: int) -> Any:
        pairing = self.row_at(row)
        if role == Qt.ItemDataRole.DisplayRole:
            if column == TABLE:
                return pairing.label
            return seats_text(pairing) if column == SEATS else result_lines(pairing)
        if role == SORT_ROLE:
            return self.sort_value(pairing, column)
        if role == Qt.ItemDataRole.TextAlignmentRole:
            # Top-aligned, so each result line stays beside its seat.
            across = (
                Qt.AlignmentFlag.AlignLeft if column == SEATS else Qt.AlignmentFlag.AlignHCenter
            )
            return int(across | Qt.AlignmentFlag.AlignTop)
        if role == Qt.ItemDataRole.ForegroundRole and column == RESULT and not pairing.reported:
            return QBrush(QColor("#b03a00"))
        if role == Qt.ItemDataRole.FontRole and column == RESULT and pairing.reported:
            return bold_font()
        if role == Qt.ItemDataRole.ToolTipRole:
            if column == SEATS:
                return "Seat number, name, and match points before this round"
            if column == RESULT and pairing.reported and not pairing.is_bye:
                return pairing.result_text()
        return None
