"""`qt_width`: how wide Qt's own `ResizeToContents` would make a table's column, the
measure the app's fitted columns (`gui/kit/column_widths.py`) are checked against."""

from __future__ import annotations

from PySide6.QtWidgets import QTableView


def qt_width(view: QTableView, column: int) -> int:
    """The column's header, and every row measured by the item delegate (all of them:
    Qt measures only the rows in sight of a table shown, at the precision the app sets)."""
    header = view.horizontalHeader()
    precision = header.resizeContentsPrecision()
    header.setResizeContentsPrecision(-1)
    try:
        return max(view.sizeHintForColumn(column), header.sectionSizeHint(column))
    finally:
        header.setResizeContentsPrecision(precision)
