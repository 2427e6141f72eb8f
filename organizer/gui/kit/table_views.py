"""How the app's tables behave: whole rows selected one at a time, read-only, compact.

Every screen that lists rows (events, players, pairings, standings) calls
`setup_table` (most through `rows_table`, which also sizes the columns to their
contents, `ColumnWidths`), so
they all move and select the same way from the keyboard: arrows move, Tab
leaves the table, editing happens in dialogs;
`select_row` (`select_row_at` for a row number) is how code (a search, a
typed table number) moves the cursor the same way the keyboard does.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from PySide6.QtCore import (
    QAbstractItemModel,
    QItemSelectionModel,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableView

from organizer.gui.kit.column_widths import ColumnWidths

T = TypeVar("T")

ROW_FLAGS = (
    QItemSelectionModel.SelectionFlag.ClearAndSelect
    | QItemSelectionModel.SelectionFlag.Rows
    | QItemSelectionModel.SelectionFlag.Current
)


def setup_table(view: QTableView) -> None:
    view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    view.setTabKeyNavigation(False)
    view.setAlternatingRowColors(True)
    view.setWordWrap(False)
    view.horizontalHeader().setHighlightSections(False)
    # A column sized to its contents measures the rows in sight, not 1,000 of them
    # through the model (a fifth of a second at a 4,096-player event, window frozen).
    view.horizontalHeader().setResizeContentsPrecision(0)
    rows = view.verticalHeader()  # one line of text high, no row numbers
    rows.hide()
    rows.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
    rows.setDefaultSectionSize(view.fontMetrics().height() + 8)


def rows_table(
    model: QAbstractItemModel, *stretch: int, sorted_by: int | None = None
) -> QTableView:
    """A table of `model` as the screens list rows: `setup_table`, every column as
    wide as its contents (`ColumnWidths`: the TO may still drag it wider or narrower),
    and the `stretch` columns (the long texts) sharing what is left.
    `sorted_by`: the TO may sort by clicking a column's header, and the rows start sorted
    by that column (for a sorting proxy's rows: a model sorting itself needs no proxy)."""
    view = QTableView()
    view.setModel(model)
    setup_table(view)
    if sorted_by is not None:
        view.setSortingEnabled(True)
        view.sortByColumn(sorted_by, Qt.SortOrder.AscendingOrder)
    header = view.horizontalHeader()
    header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
    for column in stretch:
        header.setSectionResizeMode(column, QHeaderView.ResizeMode.Stretch)
    ColumnWidths(view)
    return view


def selected_index(view: QTableView) -> QModelIndex | None:
    """The first cell of the row selected in `view` (rows are selected one at a time),
    in the view's own model (a filter proxy's, where there is one), or None."""
    rows = view.selectionModel().selectedRows()
    return rows[0] if rows else None


def selected_row(view: QTableView) -> int | None:
    """The row selected in `view` (rows are selected one at a time), or None."""
    index = selected_index(view)
    return None if index is None else index.row()


def selected_item(view: QTableView, at: Callable[[int], T]) -> T | None:
    """What `at(row)` says of the row selected in `view` (its model's row), or None."""
    row = selected_row(view)
    return None if row is None else at(row)


def select_row(view: QTableView, index: QModelIndex | QPersistentModelIndex) -> None:
    """Make `index`'s row the selected, current row of `view` and scroll it into sight."""
    view.selectionModel().setCurrentIndex(index, ROW_FLAGS)
    view.scrollTo(index)


def select_row_at(view: QTableView, row: int | None) -> None:
    """Select row `row` of `view`'s model as `select_row` does; None (a row not shown, say)
    clears the selection."""
    if row is None:
        view.selectionModel().clearSelection()
    else:
        select_row(view, view.model().index(row, 0))
