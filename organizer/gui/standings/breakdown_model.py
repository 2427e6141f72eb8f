"""`BreakdownModel`: why a player has the tiebreakers they have ("why am I 9th?").

For one `StandingRow`: one line per match against an opponent, by round, with
that opponent's MWP % and GWP % (byes are no opponent and are left out), and a
last line, "OMW / OGW" (the mean), holding the player's own OMW % and OGW %: the mean of the
column above it, as Magic Tournament Rules Appendix C computes it. The values
are the ones the standings service returned (`StandingRow.opponents`), worded by
`core.views.standing_line` as the players' page words them, so the panel cannot
disagree with the standings or the page; nothing is computed here.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QPalette
from PySide6.QtWidgets import QApplication

from organizer.core.pairing.standings import StandingRow
from organizer.core.views.standings_lines import standing_line
from organizer.gui.kit.table_model import RowsModel, bold_font

HEADERS = ("Round", "Opponent", "MWP %", "GWP %")
RIGHT_ALIGNED = {0, 2, 3}
MEAN_LABEL = "OMW / OGW"
TOOLTIPS = dict.fromkeys(
    ("MWP %", "GWP %"), "The opponent's match-win / game-win percentage, at least 33.33"
)

Line = tuple[str, str, str, str]


class BreakdownModel(RowsModel[Line]):
    headers = HEADERS
    right_aligned = right_aligned_headers = RIGHT_ALIGNED
    header_tooltips = TOOLTIPS

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._standing: StandingRow | None = None

    def set_standing(self, standing: StandingRow | None) -> None:
        with self._resetting():
            self._standing = standing
            self._rows = () if standing is None else _lines(standing)

    @property
    def standing(self) -> StandingRow | None:
        return self._standing

    def is_mean_row(self, row: int) -> bool:
        return self._standing is not None and row == len(self._rows) - 1

    def cell(self, row: int, column: int, role: int) -> Any:
        mean = self.is_mean_row(row)
        if role == Qt.ItemDataRole.DisplayRole:
            return self._rows[row][column]
        if role == Qt.ItemDataRole.FontRole and mean:
            return bold_font()
        if role == Qt.ItemDataRole.BackgroundRole and mean:
            return QBrush(QApplication.palette().color(QPalette.ColorRole.Midlight))
        if role == Qt.ItemDataRole.ToolTipRole and mean:
            return "OMW and OGW are the means of the opponents' MWP and GWP, byes left out"
        return None


def _lines(standing: StandingRow) -> tuple[Line, ...]:
    line = standing_line(standing)
    opponents = line.opponents
    lines = [(str(o.round), o.name, o.mwp, o.gwp) for o in opponents]
    label = MEAN_LABEL if opponents else "No opponents yet: the 33.33 floor"
    lines.append(("", label, line.omw, line.ogw))
    return tuple(lines)
