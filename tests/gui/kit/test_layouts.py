"""`row` and `column`: a layout written as the list of what it holds comes out in that order;
`form` and `ok_cancel`: a dialog's fields and its OK and Cancel, written once."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QBoxLayout,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLayoutItem,
    QLineEdit,
    QPushButton,
    QSpacerItem,
    QWidget,
)
from pytestqt.qtbot import QtBot

from organizer.gui.kit.layouts import STRETCH, column, form, ok_cancel, row


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


def label_at(box: QFormLayout, row: int) -> QLabel:
    found = box.itemAt(row, QFormLayout.ItemRole.LabelRole)
    label = None if found is None else found.widget()
    assert isinstance(label, QLabel)
    return label


def test_a_form_gives_each_field_its_label_as_buddy_and_a_lone_item_spans_its_row(
    qtbot: QtBot,
) -> None:
    host = QWidget()
    qtbot.addWidget(host)
    name, code, spanning = QLineEdit(), QLineEdit(), QLabel("a note")
    box = form(("&Name:", name), ("&Code:", code), spanning)
    host.setLayout(box)

    assert box.rowCount() == 3
    said = [(label_at(box, r).text(), label_at(box, r).buddy()) for r in range(2)]
    assert said == [("&Name:", name), ("&Code:", code)]
    spanned = box.itemAt(2, QFormLayout.ItemRole.SpanningRole)
    assert spanned is not None and spanned.widget() is spanning


def test_ok_cancel_names_ok_and_accepts_or_rejects_its_dialog(qtbot: QtBot) -> None:
    dialog = QDialog()
    qtbot.addWidget(dialog)
    buttons = ok_cancel(dialog, "&Create")
    ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
    assert ok.text() == "&Create"
    ok.click()
    assert dialog.result() == QDialog.DialogCode.Accepted

    plain = ok_cancel(dialog)
    assert plain.button(QDialogButtonBox.StandardButton.Ok).text() != ""  # Qt's own "OK"
    plain.button(QDialogButtonBox.StandardButton.Cancel).click()
    assert dialog.result() == QDialog.DialogCode.Rejected
