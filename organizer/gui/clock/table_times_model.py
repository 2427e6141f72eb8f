"""`TableTimesModel`: the Clock tab's tables with their own time.

Columns: Table, Extension, Remaining, Status. Rows are `clock_text.TableRow`
values (every extended table, and at time every table still playing), set
by the Clock tab from the latest `services.clock.status` on each redraw. The
clock redraws four times a second, so `set_rows` changes cells in place when
the same tables are listed (selection and scrolling stay put) and resets the
model only when the list of tables itself changes. Holds plain values only.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import Qt

from organizer.core.views.times import short
from organizer.gui.clock.clock_text import TableRow, signed
from organizer.gui.kit.table_model import RowsModel, grey_brush

HEADERS = ("Table", "Extension", "Remaining", "Status")
NUMERIC = {0, 1, 2}


def _texts(row: TableRow) -> tuple[str, str, str, str]:
    extension = signed(row.extension_s) if row.extension_s else "—"
    if row.remaining_s > 0:
        remaining = short(row.remaining_s)
    elif row.overtime_s > 0:
        remaining = f"0:00 ({short(row.overtime_s)} over)"
    else:
        remaining = "0:00"
    return str(row.table), extension, remaining, row.status


class TableTimesModel(RowsModel[TableRow]):
    headers = HEADERS
    right_aligned = NUMERIC

    def set_rows(self, rows: Sequence[TableRow]) -> None:
        new = tuple(rows)
        if [r.table for r in new] != [r.table for r in self._rows]:
            self._replace_rows(new)
            return
        old, self._rows = self._rows, new
        for i, (before, after) in enumerate(zip(old, new, strict=True)):
            if before != after:
                self.dataChanged.emit(self.index(i, 0), self.index(i, len(HEADERS) - 1))

    def rows(self) -> list[TableRow]:
        return list(self._rows)

    def table_at(self, row: int) -> int:
        return self._rows[row].table

    def row_of(self, table: int) -> int | None:
        return self._first_row(lambda r: r.table == table)

    def cell(self, row: int, column: int, role: int) -> Any:
        table = self._rows[row]
        if role == Qt.ItemDataRole.DisplayRole:
            return _texts(table)[column]
        if role == Qt.ItemDataRole.ForegroundRole and not table.playing:
            return grey_brush()
        return None
