"""`FinalStandingsModel`: the standings after a top cut, playoff players first.

Columns: Place, Name, Playoff, Swiss (rank), Points (the record is in the
Swiss table beside it). The rows are the
frozen `FinalRow`s of `services.standings.final` (playoff players by how far
they got, then everyone else in Swiss order); Playoff says how far:
"Champion", "Finalist", or "Top 4" / "Top 8" for the round a player went out
in (or is still playing). `set_rows` takes the rows with the bracket's size
and the event's number of its first round, which the label needs. Nothing is
computed here but the text. Imports Qt and core only.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QFont

from organizer.core.pairing.standings import FinalRow
from organizer.gui.models.standings_model import rank_text, record_text

HEADERS = ("Place", "Name", "Playoff", "Swiss", "Points")
TOOLTIPS = {"Swiss": "Rank after the Swiss rounds", "Playoff": "How far the player got"}
RIGHT_ALIGNED = {0, 3, 4}

AnyIndex = QModelIndex | QPersistentModelIndex


def playoff_text(row: FinalRow, size: int, first_round: int) -> str:
    """How far the player got in a top `size` whose first round is `first_round`."""
    if row.playoff_round is None or size < 2:
        return ""
    depth = row.playoff_round - first_round  # 0 for the first elimination round
    rounds = size.bit_length() - 1
    if row.won_playoff_round and depth + 1 >= rounds:
        return "Champion"
    reached = depth + 1 if row.won_playoff_round else depth  # the round they are (or went out) in
    if reached >= rounds - 1:
        return "Finalist"
    return f"Top {size >> reached}"


class FinalStandingsModel(QAbstractTableModel):
    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._rows: tuple[FinalRow, ...] = ()
        self._texts: list[tuple[str, ...]] = []

    def set_rows(self, rows: Sequence[FinalRow], *, size: int, first_round: int) -> None:
        self.beginResetModel()
        self._rows = tuple(rows)
        self._texts = [
            (
                str(r.rank),
                r.name,
                playoff_text(r, size, first_round),
                rank_text(r.swiss),
                str(r.swiss.points),
            )
            for r in self._rows
        ]
        self.endResetModel()

    def row_at(self, row: int) -> FinalRow:
        return self._rows[row]

    def texts(self) -> list[tuple[str, ...]]:
        return list(self._texts)

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(HEADERS)

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        column = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return self._texts[index.row()][column]
        if role == Qt.ItemDataRole.TextAlignmentRole:
            if column in RIGHT_ALIGNED:
                return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            return None
        if role == Qt.ItemDataRole.ToolTipRole and column == 1:
            return f"{self._texts[index.row()][1]}: {record_text(self._rows[index.row()].swiss)}"
        if role == Qt.ItemDataRole.FontRole and self._texts[index.row()][2] == "Champion":
            font = QFont()
            font.setBold(True)
            return font
        return None

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < len(HEADERS):
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return HEADERS[section]
        if role == Qt.ItemDataRole.ToolTipRole:
            return TOOLTIPS.get(HEADERS[section])
        if role == Qt.ItemDataRole.TextAlignmentRole and section in RIGHT_ALIGNED:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None
