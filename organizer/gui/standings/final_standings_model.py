"""`FinalStandingsModel`: the standings after a top cut, playoff players first.

Columns: Place, Name, Playoff, Swiss (rank), Points (the record is in the
Swiss table beside it). The rows are the `core.views` standings lines of the
`FinalRow`s of `services.standings.final` (playoff players by how far
they got, then everyone else in Swiss order); Playoff says how far:
"Champion", "Finalist", or "Top 4" / "Top 8" for the round a player went out
in (or is still playing), in `core.views.standings_lines.playoff_label`'s words, the
final standings sheet's too. `set_rows` takes the rows with the bracket's size and the
event's number of its first round, which the label needs. Imports Qt and core only.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import Qt

from organizer.core.pairing.standings import FinalRow
from organizer.core.views import wording
from organizer.core.views.standings_lines import StandingLine, playoff_label, standing_line
from organizer.gui.kit.table_model import RowsModel, bold_font

HEADERS = ("Place", "Name", "Playoff", "Swiss", "Points")
TOOLTIPS = {"Swiss": "Rank after the Swiss rounds", "Playoff": "How far the player got"}
RIGHT_ALIGNED = {0, 3, 4}


class FinalStandingsModel(RowsModel[StandingLine]):
    headers = HEADERS
    right_aligned = right_aligned_headers = RIGHT_ALIGNED
    header_tooltips = TOOLTIPS

    def set_rows(
        self, rows: Sequence[FinalRow], *, size: int, first_round: int, final_table: bool = False
    ) -> None:
        def line(row: FinalRow) -> StandingLine:
            label = playoff_label(row, size, first_round, final_table)
            return standing_line(
                row.swiss, rank=wording.rank(row.rank, row.tie_range), playoff=label
            )

        with self._resetting():
            self._rows = tuple(map(line, rows))

    def texts(self) -> list[tuple[str, ...]]:
        return [_texts(line) for line in self._rows]

    def cell(self, row: int, column: int, role: int) -> Any:
        line = self._rows[row]
        if role == Qt.ItemDataRole.DisplayRole:
            return _texts(line)[column]
        if role == Qt.ItemDataRole.ToolTipRole and column == 1:
            return f"{line.name}: {line.record}"
        if role == Qt.ItemDataRole.FontRole and line.playoff == "Champion":
            return bold_font()
        return None


def _texts(line: StandingLine) -> tuple[str, str, str, str, str]:
    """Place, name, how far in the playoff, swiss rank, points."""
    assert line.row is not None
    swiss = wording.rank(line.row.rank, line.row.tie_range)
    return (line.rank, line.name, line.playoff, swiss, str(line.points))
