"""Guard for the pinned PySide6: many void-returning calls must not crash the interpreter.

PySide6 6.12.0 aborts with `Fatal Python error: none_dealloc` after about
5,000 calls of a method returning None on CPython 3.11. 200,000 calls of
`QLabel.setText` pass with the pinned 6.11.3; if this test dies, check the
PySide6 version before anything else.
"""

from __future__ import annotations

import PySide6
from PySide6.QtWidgets import QLabel
from pytestqt.qtbot import QtBot

CALLS = 200_000


def test_200_000_void_calls_do_not_crash(qtbot: QtBot) -> None:
    label = QLabel()
    qtbot.addWidget(label)
    for i in range(CALLS):
        label.setText(str(i))
    assert label.text() == str(CALLS - 1), f"PySide6 {PySide6.__version__}"
