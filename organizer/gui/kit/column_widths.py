"""`ColumnWidths`: a table's columns as wide as what they show, measured from a sample of rows.

Why not Qt's `ResizeToContents`: it measures a column again, row by row through the
model (ten questions per cell, each a call into Python), after every reset, every
sort and every changed row, and a column so sized cannot be widened by hand. At a
4,096-player event that was the largest part of the window's longest freezes
(issue 36, item 15: showing the Players tab, a click on a column's header).

Here a column is `Interactive` (the TO may drag its edge) and made as wide as its
header and the widest of a sample of its rows, each measured as Qt's item delegate
measures a line of text (its font, its margins): the rows in sight and an even spread
over the whole table (`SPREAD` rows), and the texts the model names as its widest
(`RowsModel.widest_texts`: a status a few rows have, the longest tied rank), when the
rows are replaced (a model reset); each fit measures about a hundred rows (2 to 7 ms
at 4,096 players).
Rows changed or inserted only widen a column (a result coming in never makes it
jump narrower); a sort changes nothing, the rows being the same. A column resized by
anyone else (the TO dragging it, a screen's code setting its width) is left as set.
Imports Qt only.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from PySide6.QtCore import QAbstractProxyModel, QModelIndex, QObject, Qt
from PySide6.QtGui import QFont, QFontMetricsF
from PySide6.QtWidgets import QHeaderView, QStyle, QStyledItemDelegate, QTableView

from organizer.gui.kit.table_model import RowsModel

SPREAD = 64
"""How many rows, spread evenly over a long table, are measured besides those in sight."""

IN_SIGHT = 40
"""How many rows from the top of what the table shows are measured (a screenful)."""

Cell = tuple[Any, Any]
"""What a cell shows (`DisplayRole`) and in which font (`FontRole`, None: the table's)."""


def spread(first: int, last: int, count: int = SPREAD) -> list[int]:
    """Every row from `first` to `last` if there are at most `count`; else `count` rows
    evenly apart, `first` and `last` among them."""
    total = last - first + 1
    if total <= count:
        return list(range(first, last + 1))
    step = (total - 1) / (count - 1)
    return sorted({first + round(i * step) for i in range(count)})


class ColumnWidths(QObject):
    """Keeps the `Interactive` columns of `view` as wide as their contents (module doc)."""

    def __init__(self, view: QTableView) -> None:
        super().__init__(view)
        self._view = view
        self._by_hand: set[int] = set()
        """Columns resized by someone else: left as they are."""
        self._fitting = False
        view.horizontalHeader().sectionResized.connect(self._resized)
        model = view.model()
        model.modelReset.connect(self.fit)
        model.rowsInserted.connect(self._inserted)
        model.dataChanged.connect(self._changed)
        self.fit()

    # --- what is measured ----------------------------------------------------------------

    def columns(self) -> list[int]:
        """The columns kept fitted: `Interactive` ones nobody else resized."""
        header = self._view.horizontalHeader()
        interactive = QHeaderView.ResizeMode.Interactive
        return [
            c
            for c in range(header.count())
            if c not in self._by_hand and header.sectionResizeMode(c) == interactive
        ]

    def sample(self) -> list[int]:
        """The rows measured when the rows are replaced: those in sight, and a spread."""
        rows = self._view.model().rowCount()
        if rows == 0:
            return []
        top = max(0, self._view.rowAt(0))
        in_sight = range(top, min(rows, top + IN_SIGHT))
        return sorted(set(in_sight) | set(spread(0, rows - 1)))

    def _cells(self, rows: Iterable[int], columns: Sequence[int]) -> Iterator[list[Cell]]:
        """What each of `rows` (the view's row numbers) shows in `columns`: its text and font.

        A `RowsModel`'s cells (behind a proxy or not) are asked of the model in Python, not
        through Qt: the same answers, several times faster (no index, no conversions)."""
        model = self._view.model()
        proxy = model if isinstance(model, QAbstractProxyModel) else None
        source = model if proxy is None else proxy.sourceModel()
        display, font = Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.FontRole
        for row in rows:
            if isinstance(source, RowsModel):
                at = row if proxy is None else proxy.mapToSource(proxy.index(row, 0)).row()
                yield [(source.cell(at, c, display), source.cell(at, c, font)) for c in columns]
            else:
                indexes = [model.index(row, c) for c in columns]
                yield [(i.data(display), i.data(font)) for i in indexes]

    def _widest_texts(self, columns: Sequence[int]) -> Iterator[tuple[int, str]]:
        """The texts a `RowsModel` says its columns may show (`RowsModel.widest_texts`)."""
        model = self._view.model()
        source = model.sourceModel() if isinstance(model, QAbstractProxyModel) else model
        if isinstance(source, RowsModel):
            for column in columns:
                for text in source.widest_texts(column):
                    yield column, text

    def _widths(self, columns: Sequence[int], rows: Iterable[int]) -> dict[int, int]:
        """For each of `columns`, the width Qt's item delegate asks for to show the widest
        of `rows`' texts whole: in the cell's font, a margin each side, the grid line."""
        view = self._view
        plain = QFontMetricsF(view.font())
        margin = view.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, view) + 1
        extra = 2 * margin + (1 if view.showGrid() else 0)
        delegate = view.itemDelegate()
        widest = dict.fromkeys(columns, 0.0)
        measured: set[tuple[int, str, bool]] = set()
        for column, text in self._widest_texts(columns):
            widest[column] = max(widest[column], plain.horizontalAdvance(text))
        for cells in self._cells(rows, columns):
            for column, (value, font) in zip(columns, cells, strict=True):
                if value is None or value == "":
                    continue
                if isinstance(value, str):
                    text = value
                elif isinstance(delegate, QStyledItemDelegate):  # numbers as the view shows them
                    text = delegate.displayText(value, view.locale())
                else:
                    text = str(value)
                own_font = isinstance(font, QFont)
                if (column, text, own_font) in measured:  # a count, a status: few texts
                    continue
                measured.add((column, text, own_font))
                metrics = QFontMetricsF(font) if own_font else plain
                for line in text.splitlines():
                    widest[column] = max(widest[column], metrics.horizontalAdvance(line))
        return {c: math.ceil(w) + extra if w else 0 for c, w in widest.items()}

    # --- when -----------------------------------------------------------------------------

    def fit(self) -> None:
        """Every fitted column as wide as its header and the widest of `sample()`."""
        header = self._view.horizontalHeader()
        widths = self._widths(self.columns(), self.sample())
        self._set({c: max(header.sectionSizeHint(c), w) for c, w in widths.items()})

    def widen(self, rows: Sequence[int]) -> None:
        """Widen the fitted columns that `rows` (changed or new) no longer fit in."""
        header = self._view.horizontalHeader()
        wanted = self._widths(self.columns(), rows)
        self._set({c: w for c, w in wanted.items() if w > header.sectionSize(c)})

    def _set(self, widths: dict[int, int]) -> None:
        header = self._view.horizontalHeader()
        self._fitting = True
        try:
            for column, width in widths.items():
                if header.sectionSize(column) != width:
                    header.resizeSection(column, width)
        finally:
            self._fitting = False

    def _resized(self, column: int, old: int, new: int) -> None:
        if not self._fitting and old and new:  # (hiding or showing a column sizes it 0)
            self._by_hand.add(column)

    def _inserted(self, parent: QModelIndex, first: int, last: int) -> None:
        if not parent.isValid():
            self.widen(spread(first, last))

    def _changed(
        self, top_left: QModelIndex, bottom_right: QModelIndex, _roles: object = None
    ) -> None:
        if not top_left.parent().isValid():
            self.widen(spread(top_left.row(), bottom_right.row()))
