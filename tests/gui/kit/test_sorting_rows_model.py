"""`SortingRowsModel` behind `SourceSortProxy`: the rows sort themselves by one key per
row, once per sort asked for, and sort again once new values came in place."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from organizer.gui.kit.table_model import SortingRowsModel, SourceSortProxy
from organizer.gui.kit.table_views import rows_table
from organizer.storage.database import Database

Row = tuple[int, str]


class NamesModel(SortingRowsModel[Row]):
    """Id and name; counts the keys it works out."""

    headers: ClassVar[tuple[str, ...]] = ("Id", "Name")

    def _start(self) -> None:
        super()._start()
        self.keys_made = 0
        self.given: tuple[Row, ...] = ()

    def refresh(self) -> None:
        self._replace_rows(self.given)

    def change(self, rows: Iterable[Row]) -> None:
        self._update_rows(rows, lambda a, b: a[0] == b[0])

    def sort_value(self, row: Row, column: int) -> Any:
        self.keys_made += 1
        return row[column]

    def cell(self, row: int, column: int, role: int) -> Any:
        return self._rows[row][column] if role == Qt.ItemDataRole.DisplayRole else None


def names(model: NamesModel) -> list[str]:
    return [model.row_at(r)[1] for r in range(model.rowCount())]


def test_one_sort_asked_for_works_out_each_rows_key_once(db: Database, qtbot: QtBot) -> None:
    model = NamesModel(db, 1)
    model.given = tuple(enumerate(["Cy", "Ada", "Bo", "Di"], start=1))
    model.refresh()
    proxy = SourceSortProxy()
    proxy.setSourceModel(model)
    view = rows_table(proxy, sorted_by=0)
    qtbot.addWidget(view)

    model.keys_made = 0
    view.sortByColumn(1, Qt.SortOrder.AscendingOrder)  # the view asks twice: once is done
    assert names(model) == ["Ada", "Bo", "Cy", "Di"]
    assert model.keys_made == 4
    view.sortByColumn(1, Qt.SortOrder.DescendingOrder)
    assert names(model) == ["Di", "Cy", "Bo", "Ada"]
    assert model.keys_made == 8


def test_new_values_in_place_are_sorted_again_when_asked(db: Database, qtbot: QtBot) -> None:
    model = NamesModel(db, 1)
    model.given = tuple(enumerate(["Cy", "Ada", "Bo"], start=1))
    model.refresh()
    model.sort(1)
    assert names(model) == ["Ada", "Bo", "Cy"]

    model.change([(2, "Ada"), (3, "Zoe"), (1, "Cy")])  # Bo renamed Zoe, in place
    assert names(model) == ["Ada", "Zoe", "Cy"]
    model.sort(1)  # the same column and order: the rows are no longer in it
    assert names(model) == ["Ada", "Cy", "Zoe"]
