"""The New event dialog offers only what the rulebooks allow: a Warcaste match is one game
(1d), so its match length is fixed at best of 1; other games choose 1, 3 or 5."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from organizer.gui.window.new_event_dialog import NewEventDialog


def test_warcaste_fixes_best_of_1_and_castle_wars_may_choose(qtbot: QtBot) -> None:
    dialog = NewEventDialog()
    qtbot.addWidget(dialog)
    dialog.format_combo.setCurrentIndex(dialog.format_combo.findData("warcaste-skirmish-draft"))
    assert dialog.best_of_combo.currentData() == 1 and not dialog.best_of_combo.isEnabled()
    assert "1d" in dialog.best_of_combo.toolTip()
    dialog.format_combo.setCurrentIndex(dialog.format_combo.findData("castle-wars"))
    assert dialog.best_of_combo.isEnabled() and dialog.best_of_combo.currentData() == 3
    dialog.best_of_combo.setCurrentIndex(dialog.best_of_combo.findData(5))
    assert dialog.values().best_of == 5
