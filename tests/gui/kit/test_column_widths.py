"""`ColumnWidths` (through `rows_table`): columns as wide as what they show, measured from a
sample of rows, that the TO can still drag; compared with Qt's own measure of each cell
(`sizeHintForColumn`, every row of a table not shown)."""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from typing import Any, ClassVar

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QHeaderView
from pytestqt.qtbot import QtBot

from organizer.gui.kit.column_widths import ColumnWidths, spread
from organizer.gui.kit.table_model import RowsModel, SourceSortProxy, bold_font
from organizer.gui.kit.table_views import rows_table
from tests.gui.qt_widths import qt_width

Row = tuple[str, str, int]


class TicketsModel(RowsModel[Row]):
    """Code, status, count; `bold` rows' status in bold; `statuses` said to be widest."""

    headers: ClassVar[tuple[str, ...]] = ("Code", "Status", "Count")

    def __init__(self, rows: Iterable[Row] = (), *, bold: Iterable[int] = ()) -> None:
        super().__init__()
        self.bold = set(bold)
        self.statuses: tuple[str, ...] = ()
        self.show(rows)

    def show(self, rows: Iterable[Row]) -> None:
        self._replace_rows(rows)

    def change(self, rows: Iterable[Row]) -> None:
        self._update_rows(rows, lambda a, b: a[0] == b[0])

    def cell(self, row: int, column: int, role: int) -> Any:
        if role == Qt.ItemDataRole.DisplayRole:
            return self._rows[row][column]
        if role == Qt.ItemDataRole.FontRole and column == 1 and row in self.bold:
            return bold_font()
        return None

    def widest_texts(self, column: int) -> Iterable[str]:
        return self.statuses if column == 1 else ()


def tickets(count: int, status: str = "open") -> list[Row]:
    return [(f"t{i}", status, i) for i in range(1, count + 1)]


def test_each_column_is_as_wide_as_qt_measures_its_header_and_cells(qtbot: QtBot) -> None:
    rows = [("t1", "open", 7), ("t22", "closed, refunded in full", 1234567), ("t333", "x", 0)]
    model = TicketsModel(rows, bold={2})
    view = rows_table(model)
    qtbot.addWidget(view)

    for column in range(3):
        assert view.columnWidth(column) == qt_width(view, column)
    narrow = view.columnWidth(1)
    model.bold = {1}  # the longest status in bold is wider still
    model.show(rows)
    assert view.columnWidth(1) == qt_width(view, 1) > narrow


def test_rows_read_again_refit_the_columns_and_changed_rows_only_widen_them(
    qtbot: QtBot,
) -> None:
    model = TicketsModel(tickets(3, "waiting for the organizer"))
    view = rows_table(model)
    qtbot.addWidget(view)
    wide = view.columnWidth(1)
    view.setColumnHidden(1, True)  # hidden and shown again: not resized by hand
    view.setColumnHidden(1, False)

    model.show(tickets(3, "open"))  # new rows (a reset): as wide as they are
    assert view.columnWidth(1) == qt_width(view, 1) < wide
    model.change([("t1", "open", 1), ("t2", "open, paid at the door", 2), ("t3", "open", 3)])
    assert view.columnWidth(1) == qt_width(view, 1)  # a changed row widens its column
    widened = view.columnWidth(1)
    model.change(tickets(3, "x"))
    assert view.columnWidth(1) == widened  # and shorter texts leave it as wide


def test_the_to_can_drag_a_column_and_it_stays_as_dragged(qtbot: QtBot) -> None:
    model = TicketsModel(tickets(5))
    view = rows_table(model, 1)
    qtbot.addWidget(view)
    header = view.horizontalHeader()
    assert header.sectionResizeMode(0) == QHeaderView.ResizeMode.Interactive
    assert header.sectionResizeMode(1) == QHeaderView.ResizeMode.Stretch

    header.resizeSection(0, 180)  # as a drag of its edge does
    model.show(tickets(40))
    assert view.columnWidth(0) == 180
    assert view.columnWidth(2) == qt_width(view, 2)  # the others are still fitted


def test_a_text_on_one_row_out_of_sight_and_out_of_the_sample_still_fits(qtbot: QtBot) -> None:
    """At 4,096 rows a sample is measured, and the rows in sight; a status one row has far
    down the table fits once the model names it (`RowsModel.widest_texts`)."""
    rows = tickets(4096)
    rare = 4000
    rows[rare] = (rows[rare][0], "pool not registered yet", rows[rare][2])
    model = TicketsModel(rows)
    proxy = SourceSortProxy()
    proxy.setSourceModel(model)
    view = rows_table(proxy, sorted_by=0)
    qtbot.addWidget(view)
    view.resize(400, 300)
    view.show()
    qtbot.waitExposed(view)

    model.statuses = ("open", "pool not registered yet")
    model.show(rows)
    QApplication.processEvents()  # (Qt's own sizing waited for the next turn)
    assert view.columnWidth(1) == qt_width(view, 1)
    assert view.columnWidth(2) == qt_width(view, 2)  # "4096": every row's width is alike
    fitted = view.findChild(ColumnWidths)
    assert fitted is not None and rare not in fitted.sample()  # measured as named, not seen


def test_a_spread_takes_both_ends_and_rows_evenly_apart() -> None:
    assert spread(0, 4) == [0, 1, 2, 3, 4]
    rows = spread(0, 4095, 64)
    assert len(rows) == 64 and rows[0] == 0 and rows[-1] == 4095
    assert max(b - a for a, b in itertools.pairwise(rows)) <= 66
