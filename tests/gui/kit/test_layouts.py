"""`row` and `column`: a layout written as the list of what it holds comes out in that order."""

from __future__ import annotations

from PySide6.QtWidgets import QBoxLayout, QLabel, QLayoutItem, QPushButton, QSpacerItem, QWidget
from pytestqt.qtbot import QtBot

from organizer.gui.kit.layouts import STRETCH, column, row


def item(box: QBoxLayout, index: int) -> QLayoutItem:
    found = box.itemAt(index)
    assert found is not None
    return found


def test_a_row_holds_widgets_gaps_springs_and_growth_in_the_order_written(qtbot: QtBot) -> None:
    host = QWidget()
    qtbot.addWidget(host)
    label, button = QLabel("a"), QPushButton("b")
    box = row((label, 2), 24, STRETCH, button)
    host.setLayout(box)

    assert box.count() == 4
    assert item(box, 0).widget() is label and box.stretch(0) == 2
    gap = item(box, 1).spacerItem()
    assert isinstance(gap, QSpacerItem) and gap.sizeHint().width() == 24
    spring = item(box, 2).spacerItem()
    assert isinstance(spring, QSpacerItem) and box.stretch(2) == 1
    assert item(box, 3).widget() is button and box.stretch(3) == 0


def test_a_column_with_a_parent_lays_out_that_widget_and_flush_drops_the_margins(
    qtbot: QtBot,
) -> None:
    host = QWidget()
    qtbot.addWidget(host)
    inner = row(QLabel("x"))
    box = column(QLabel("top"), inner, parent=host, flush=True)

    assert host.layout() is box
    assert item(box, 1).layout() is inner
    margins = box.contentsMargins()
    assert (margins.left(), margins.top(), margins.right(), margins.bottom()) == (0, 0, 0, 0)
    assert column(QLabel("y"), parent=QWidget()).contentsMargins().left() > 0
