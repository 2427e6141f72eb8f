"""Sorting the Players tab by name, Id or e-mail finds every collation key made by the
read, off the UI thread: none is worked out on the click (at 4,096 players the Id keys
made on the click held the window 0.2 s)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from organizer.core.names import sort_key
from organizer.services.event import events
from organizer.services.players import registration
from organizer.storage.database import Database
from tests.gui.players.opened_tab import open_players_tab


def test_sorting_by_name_id_or_e_mail_makes_no_key_on_the_click(db: Database, qtbot: QtBot) -> None:
    event_id = events.create_event(db, name="Keys", format_id="castle-wars").value.id
    rows = "".join(f"Sorter {i},zq-sort-{i},zq-sort-{i}@example.org\n" for i in range(1, 6))
    registration.import_players_csv(db, event_id=event_id, text="name,id,email\n" + rows)
    tab = open_players_tab(db, qtbot, event_id, 5)

    made = sort_key.cache_info().misses
    for column in (1, 2, 3):  # Id, Name, E-mail
        tab.table.sortByColumn(column, Qt.SortOrder.DescendingOrder)
        assert tab.model.player_at(0).code == "zq-sort-5"
    assert sort_key.cache_info().misses == made
