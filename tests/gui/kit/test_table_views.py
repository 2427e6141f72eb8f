"""`rows_table` and `select_row_at`: rows sort from the header and are selected by number."""

from __future__ import annotations

from PySide6.QtCore import QSortFilterProxyModel
from PySide6.QtGui import QStandardItem, QStandardItemModel
from pytestqt.qtbot import QtBot

from organizer.gui.kit.table_views import rows_table, select_row_at, selected_item, selected_row


def names_model(*names: str) -> QStandardItemModel:
    model = QStandardItemModel()
    for name in names:
        model.appendRow([QStandardItem(name), QStandardItem(f"{name.lower()}@example.org")])
    return model


def test_a_table_sorted_by_a_column_starts_sorted_and_sorts_from_its_header(qtbot: QtBot) -> None:
    proxy = QSortFilterProxyModel()
    proxy.setSourceModel(names_model("Cy", "Ada", "Bo"))
    view = rows_table(proxy, 1, sorted_by=0)
    qtbot.addWidget(view)

    assert view.isSortingEnabled()
    assert [proxy.index(r, 0).data() for r in range(3)] == ["Ada", "Bo", "Cy"]
    assert not rows_table(names_model("Cy", "Ada")).isSortingEnabled()


def test_select_row_at_selects_a_row_by_number_selected_item_reads_it_none_clears_it(
    qtbot: QtBot,
) -> None:
    view = rows_table(names_model("Ada", "Bo", "Cy"))
    qtbot.addWidget(view)

    select_row_at(view, 2)
    assert selected_row(view) == 2 and view.currentIndex().row() == 2
    assert len(view.selectionModel().selectedRows()) == 1  # the whole row, one at a time

    model = names_model("Ada", "Bo", "Cy")
    assert selected_item(view, lambda row: model.item(row, 0).text()) == "Cy"

    select_row_at(view, None)
    assert selected_row(view) is None
    assert selected_item(view, lambda row: model.item(row, 0).text()) is None
