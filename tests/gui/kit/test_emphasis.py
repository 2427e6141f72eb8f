"""`embolden`: a line set bold in its own font, larger by the factor asked."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QLabel
from pytestqt.qtbot import QtBot

from organizer.gui.kit.emphasis import embolden


def test_a_line_is_bold_and_scaled_from_its_own_size(qtbot: QtBot) -> None:
    label = QLabel("Round 2")
    qtbot.addWidget(label)
    before = label.font().pointSizeF()
    embolden(label, 1.5)
    assert label.font().bold()
    assert label.font().pointSizeF() == pytest.approx(before * 1.5)


def test_without_a_factor_only_the_weight_changes(qtbot: QtBot) -> None:
    label = QLabel("Tables still playing")
    qtbot.addWidget(label)
    before = label.font().pointSizeF()
    embolden(label)
    assert label.font().bold() and label.font().pointSizeF() == before
