"""A fixed table from the Players tab: the dialog's number goes through the service, the
"Fixed table" column shows it, "Any table" clears it and Undo brings it back."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog
from pytestqt.qtbot import QtBot

from organizer.gui.players.fixed_table_dialog import ANY_TABLE, FixedTableDialog
from organizer.services.players import registration
from organizer.storage.database import Database
from tests.gui.players.test_door_in_players_tab import players_tab

FIXED = 8
"""The Fixed table column."""


def answer(table: int, seen: list[str]) -> object:
    def run(dialog: QDialog) -> int:
        assert isinstance(dialog, FixedTableDialog)
        seen.append(dialog.table_spin.text())
        dialog.table_spin.setValue(table)
        return QDialog.DialogCode.Accepted

    return run


def test_set_and_clear_a_fixed_table(db: Database, qtbot: QtBot) -> None:
    event_id, tab = players_tab(db, qtbot)
    header = tab.model.headerData(FIXED, Qt.Orientation.Horizontal, Qt.ItemDataRole.DisplayRole)
    assert header == "Fixed table"
    bo = tab.model.player_at(1)
    tab.select_player(bo.registration_id)
    seen: list[str] = []
    tab.prompts.run_dialog = answer(7, seen)  # type: ignore[assignment]
    tab.set_fixed_table()
    qtbot.waitUntil(lambda: tab.model.index(1, FIXED).data() == "7")
    assert seen == [ANY_TABLE]
    assert registration.list_players(db, event_id=event_id)[1].fixed_table == 7
    tab.table.sortByColumn(FIXED, Qt.SortOrder.AscendingOrder)  # numbers first, then any
    assert [tab.proxy.index(r, 2).data() for r in range(3)] == ["Bo Chen", "Ada Byrne", "Cy Dorn"]
    tab.table.sortByColumn(0, Qt.SortOrder.AscendingOrder)

    tab.prompts.run_dialog = answer(0, seen)  # type: ignore[assignment]
    tab.set_fixed_table()
    qtbot.waitUntil(lambda: tab.model.index(1, FIXED).data() == "")
    assert seen == [ANY_TABLE, "7"]
    assert registration.list_players(db, event_id=event_id)[1].fixed_table is None
    assert tab.undo.action.text() == "&Undo Bo Chen: no fixed table"
    tab.undo()
    qtbot.waitUntil(lambda: tab.model.index(1, FIXED).data() == "7")
