"""The app opened on an event's Players tab, its first read done: what the Players tab's
tests start from."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from organizer.gui.players.players_tab import PlayersTab
from organizer.gui.window.app import create_main_window
from organizer.storage.database import Database


def open_players_tab(db: Database, qtbot: QtBot, event_id: int, rows: int) -> PlayersTab:
    """The main window on `event_id`, shown, its Players tab once it holds `rows` rows."""
    window = create_main_window(db, event_id=event_id)
    qtbot.addWidget(window)
    window.show()
    assert window.event_view is not None
    tab = window.event_view.tab("Players")
    assert isinstance(tab, PlayersTab)
    qtbot.waitUntil(lambda: tab.model.rowCount() == rows)
    return tab
