"""The door in the Players tab: the waiting list shown, an id typed or scanned into the
check-in field checks that player in, Ctrl+K takes it back, and the count says who is here."""

from __future__ import annotations

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from organizer.gui.players.players_tab import PlayersTab
from organizer.services.event import events, settings
from organizer.services.players import registration
from organizer.storage.database import Database
from tests.gui.players.opened_tab import open_players_tab


def players_tab(db: Database, qtbot: QtBot, cap: str = "0") -> tuple[int, PlayersTab]:
    """Three registered (a cap if given), the app opened on the event's Players tab."""
    event_id = events.create_event(db, name="Door", format_id="castle-wars").value.id
    settings.set_setting(db, event_id=event_id, key="cap", value=cap)
    for name in ("Ada Byrne", "Bo Chen", "Cy Dorn"):
        registration.add_player(db, event_id=event_id, name=name)
    return event_id, open_players_tab(db, qtbot, event_id, 3)


def test_checking_in_at_the_door(db: Database, qtbot: QtBot) -> None:
    event_id, tab = players_tab(db, qtbot, cap="2")
    status = [tab.model.index(r, 5).data() for r in range(3)]
    assert status == ["Active", "Active", "Waiting (1)"]

    tab.checkin_edit.setText("http://192.168.1.20:8080/me?player=p2")  # a scanner types
    tab.checkin_edit.returnPressed.emit()
    qtbot.waitUntil(lambda: tab.model.index(1, 6).data() == "✓")
    assert tab.checkin_edit.text() == ""
    assert "1 of 2 here" in tab.count_label.text() and "1 waiting" in tab.count_label.text()

    tab.select_player(tab.model.player_at(1).registration_id)
    qtbot.keyClick(tab.table, Qt.Key.Key_K, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: tab.model.index(1, 6).data() == "")
    assert not registration.list_players(db, event_id=event_id)[1].checked_in


def test_the_check_in_wall_follows_the_counter(db: Database, qtbot: QtBot) -> None:
    """The wall opens from the Players tab and shows each check-in first as it happens."""
    _event_id, tab = players_tab(db, qtbot)
    wall = tab.open_checkin_display()
    qtbot.addWidget(wall)
    assert wall.count_label.text() == "0 of 3 here" and wall.shown == ()
    for code in ("p3", "p1"):
        tab.checkin_edit.setText(code)
        tab.checkin_edit.returnPressed.emit()
    qtbot.waitUntil(lambda: wall.shown == ("Ada Byrne", "Cy Dorn"))
    assert wall.count_label.text() == "2 of 3 here"
