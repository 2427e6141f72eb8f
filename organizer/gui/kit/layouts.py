"""Rows and columns of widgets, written as the list of what they hold.

Why: every screen lays out its buttons and labels the same few ways (widgets
left to right, a gap, a spring that pushes the rest to the far side). Written
as `row(a, b, STRETCH, c)` the layout reads as the screen looks, and the
screens stop spelling out the same `addWidget` runs. A dialog's form is
`form(("&Name:", edit), …)` and its OK and Cancel `ok_cancel(dialog, "&Create")`,
written once here instead of in every dialog.
"""

from __future__ import annotations

from typing import Final, TypeAlias

from PySide6.QtWidgets import (
    QBoxLayout,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLayout,
    QVBoxLayout,
    QWidget,
)


class _Stretch:
    """The spring between items: it takes the free space."""


STRETCH: Final = _Stretch()

Item: TypeAlias = QWidget | QLayout | int | _Stretch | tuple[QWidget | QLayout, int]
"""A widget or layout; an int is a gap of that many pixels; (item, n) grows with factor n."""


def fill(box: QBoxLayout, *items: Item) -> QBoxLayout:
    """Add `items` to `box` in order."""
    for item in items:
        thing, factor = item if isinstance(item, tuple) else (item, 0)
        if isinstance(thing, _Stretch):
            box.addStretch(1)
        elif isinstance(thing, int):
            box.addSpacing(thing)
        elif isinstance(thing, QLayout):
            box.addLayout(thing, factor)
        else:
            box.addWidget(thing, factor)
    return box


def row(*items: Item) -> QHBoxLayout:
    """`items` left to right."""
    box = QHBoxLayout()
    fill(box, *items)
    return box


def column(*items: Item, parent: QWidget | None = None, flush: bool = False) -> QVBoxLayout:
    """`items` top to bottom; with `parent`, the layout of that widget; `flush`: no margins
    (a part inside a screen that has its own)."""
    box = QVBoxLayout(parent) if parent is not None else QVBoxLayout()
    if flush:
        box.setContentsMargins(0, 0, 0, 0)
    fill(box, *items)
    return box


def form(*rows: tuple[str, QWidget] | QWidget | QLayout) -> QFormLayout:
    """A label and its field per row; a mnemonic in the label ("&Name:") focuses the field.
    A lone widget or layout spans its row."""
    box = QFormLayout()
    for item in rows:
        if isinstance(item, tuple):
            box.addRow(item[0], item[1])
        else:
            box.addRow(item)
    return box


def ok_cancel(dialog: QDialog, ok_text: str = "") -> QDialogButtonBox:
    """OK (called `ok_text`, if given) and Cancel, accepting or rejecting `dialog`."""
    buttons = QDialogButtonBox(
        QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
    )
    if ok_text:
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText(ok_text)
    buttons.accepted.connect(dialog.accept)
    buttons.rejected.connect(dialog.reject)
    return buttons
