"""`BreakdownModel`: why a player has the tiebreakers they have ("why am I 9th?").

For one `StandingRow`: one line per match against an opponent, by round, with
that opponent's MWP % and GWP % (byes are no opponent and are left out), and a
last line, "Mean", holding the player's own OMW % and OGW %: the mean of the
column above it, as Magic Tournament Rules Appendix C computes it. The values
are the ones the standings service returned (`StandingRow.opponents`), so the
panel cannot disagree with the standings; nothing is computed here.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QBrush, QFont, QPalette
from PySide6.QtWidgets import QApplication

from organizer.core.pairing.standings import StandingRow
from organizer.gui.models.standings_model import percent

HEADERS = ("Round", "Opponent", "MWP %", "GWP %")
RIGHT_ALIGNED = {0, 2, 3}
MEAN_LABEL = "Mean: OMW / OGW"

AnyIndex = QModelIndex | QPersistentModelIndex


class BreakdownModel(QAbstractTableModel):
    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._standing: StandingRow | None = None
        self._lines: list[tuple[str, str, str, str]] = []

    def set_standing(self, standing: StandingRow | None) -> None:
        self.beginResetModel()
        self._standing = standing
        self._lines = [] if standing is None else _lines(standing)
        self.endResetModel()

    @property
    def standing(self) -> StandingRow | None:
        return self._standing

    def is_mean_row(self, row: int) -> bool:
        return self._standing is not None and row == len(self._lines) - 1

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._lines)

    def columnCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(HEADERS)

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        column = index.column()
        mean = self.is_mean_row(index.row())
        if role == Qt.ItemDataRole.DisplayRole:
            return self._lines[index.row()][column]
        if role == Qt.ItemDataRole.TextAlignmentRole and column in RIGHT_ALIGNED:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.FontRole and mean:
            font = QFont()
            font.setBold(True)
            return font
        if role == Qt.ItemDataRole.BackgroundRole and mean:
            return QBrush(QApplication.palette().color(QPalette.ColorRole.Midlight))
        if role == Qt.ItemDataRole.ToolTipRole and mean:
            return "OMW and OGW are the means of the opponents' MWP and GWP, byes left out"
        return None

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < len(HEADERS):
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return HEADERS[section]
        if role == Qt.ItemDataRole.TextAlignmentRole and section in RIGHT_ALIGNED:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.ToolTipRole and section in (2, 3):
            return "The opponent's match-win / game-win percentage, at least 33.33"
        return None


def _lines(standing: StandingRow) -> list[tuple[str, str, str, str]]:
    lines = [(str(o.round), o.name, percent(o.mwp), percent(o.gwp)) for o in standing.opponents]
    label = MEAN_LABEL if standing.opponents else "No opponents yet: the 33.33 floor"
    lines.append(("", label, percent(standing.omw), percent(standing.ogw)))
    return lines
