"""`FinalStandingsModel`: the standings after a top cut, playoff players first.

Columns: Place, Name, Playoff, Swiss (rank), Points (the record is in the
Swiss table beside it). The rows are the
frozen `FinalRow`s of `services.standings.final` (playoff players by how far
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
from organizer.core.views.standings_lines import playoff_label
from organizer.gui.kit.table_model import RowsModel, bold_font
from organizer.gui.standings.standings_model import rank_text, record_text

HEADERS = ("Place", "Name", "Playoff", "Swiss", "Points")
TOOLTIPS = {"Swiss": "Rank after the Swiss rounds", "Playoff": "How far the player got"}
RIGHT_ALIGNED = {0, 3, 4}


class FinalStandingsModel(RowsModel[FinalRow]):
    headers = HEADERS
    right_aligned = right_aligned_headers = RIGHT_ALIGNED
    header_tooltips = TOOLTIPS

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._texts: list[tuple[str, ...]] = []

    def set_rows(
        self, rows: Sequence[FinalRow], *, size: int, first_round: int, final_table: bool = False
    ) -> None:
        with self._resetting():
            self._rows = tuple(rows)
            self._texts = [
                (
                    str(r.rank),
                    r.name,
                    playoff_label(r, size, first_round, final_table),
                    rank_text(r.swiss),
                    str(r.swiss.points),
                )
                for r in self._rows
            ]

    def texts(self) -> list[tuple[str, ...]]:
        return list(self._texts)

    def cell(self, row: int, column: int, role: int) -> Any:
        texts = self._texts[row]
        if role == Qt.ItemDataRole.DisplayRole:
            return texts[column]
        if role == Qt.ItemDataRole.ToolTipRole and column == 1:
            return f"{texts[1]}: {record_text(self._rows[row].swiss)}"
        if role == Qt.ItemDataRole.FontRole and texts[2] == "Champion":
            return bold_font()
        return None
