"""`focus_selected`: the cursor goes back into a field, its text selected: typing replaces it."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLineEdit, QSpinBox, QVBoxLayout, QWidget
from pytestqt.qtbot import QtBot

from organizer.gui.kit.entry_labels import focus_selected


def test_typing_after_focus_selected_replaces_what_the_field_held(qtbot: QtBot) -> None:
    host = QWidget()
    qtbot.addWidget(host)
    edit, spin, other = QLineEdit("12"), QSpinBox(), QLineEdit()
    spin.setValue(5)
    box = QVBoxLayout(host)
    for widget in (edit, spin, other):
        box.addWidget(widget)
    host.show()
    host.activateWindow()
    qtbot.waitUntil(host.isActiveWindow)
    other.setFocus()

    focus_selected(edit)
    assert edit.hasFocus() and edit.selectedText() == "12"
    qtbot.keyClicks(edit, "7")
    assert edit.text() == "7"

    focus_selected(spin, Qt.FocusReason.ShortcutFocusReason)
    qtbot.keyClicks(spin, "9")
    assert spin.hasFocus() and spin.value() == 9
