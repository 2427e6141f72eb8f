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

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QBrush, QColor

from organizer.gui.clock_text import TableRow, short, signed

HEADERS = ("Table", "Extension", "Remaining", "Status")
NUMERIC = {0, 1, 2}

AnyIndex = QModelIndex | QPersistentModelIndex


def _texts(row: TableRow) -> tuple[str, str, str, str]:
    extension = signed(row.extension_s) if row.extension_s else "—"
    if row.remaining_s > 0:
        remaining = short(row.remaining_s)
    elif row.overtime_s > 0:
        remaining = f"0:00 ({short(row.overtime_s)} over)"
    else:
        remaining = "0:00"
    return str(row.table), extension, remaining, row.status


class TableTimesModel(QAbstractTableModel):
    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._rows: list[TableRow] = []

    def set_rows(self, rows: Sequence[TableRow]) -> None:
        new = list(rows)
        if [r.table for r in new] != [r.table for r in self._rows]:
            self.beginResetModel()
            self._rows = new
            self.endResetModel()
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
        return next((i for i, r in enumerate(self._rows) if r.table == table), None)

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(HEADERS)

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        row = self._rows[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            return _texts(row)[index.column()]
        if role == Qt.ItemDataRole.TextAlignmentRole and index.column() in NUMERIC:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.ForegroundRole and not row.playing:
            return QBrush(QColor(Qt.GlobalColor.gray))
        return None

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if (
            role == Qt.ItemDataRole.DisplayRole
            and orientation == Qt.Orientation.Horizontal
            and 0 <= section < len(HEADERS)
        ):
            return HEADERS[section]
        return None
