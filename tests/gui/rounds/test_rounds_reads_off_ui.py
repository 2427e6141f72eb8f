"""The Rounds tab of a Conquest event reads off the UI thread and only shows on it (issue 35
item 7): how the players split into tables for the next round comes with the tab's read, so
choosing a round to look at, or any redraw of the table, runs no SQL on the UI thread.

Real widgets on a real SQLite file; the statements are caught by a listener on the real
engine (`tests.gui.ui_thread_sql`).
"""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from organizer.gui.rounds.rounds_tab import RoundsTab
from organizer.gui.window.main_window import MainWindow
from organizer.services.event import settings
from organizer.services.kit.changes import Changes
from organizer.services.players import registration
from organizer.services.rounds import pairing, results
from organizer.storage.database import Database
from tests.gui.played_events import event_with_players
from tests.gui.ui_thread_sql import sql_on_ui_thread


@pytest.fixture
def conquest(db: Database) -> int:
    """13 warlords at tables of 4, 4 and 5; round 1 played, round 2 paired."""
    event_id = event_with_players(db, "warcaste-conquest", 13, name="Conquest Saturday")
    for m in pairing.pair_next(db, event_id=event_id, seed=1).value.matches:
        assert m.table is not None
        results.record_table_result(db, event_id=event_id, table=m.table, winner=m.players[0])
    pairing.pair_next(db, event_id=event_id, seed=2)
    return event_id


def rounds_tab(window: MainWindow, qtbot: QtBot, event_id: int) -> RoundsTab:
    window.open_event(event_id)
    assert window.event_view is not None
    tab = window.event_view.rounds_tab
    window.event_view.tabs.setCurrentWidget(tab)
    qtbot.waitUntil(lambda: not tab.stale)
    return tab


def test_choosing_a_round_shows_the_split_without_sql_on_the_ui_thread(
    window: MainWindow, db: Database, qtbot: QtBot, conquest: int
) -> None:
    tab = rounds_tab(window, qtbot, conquest)
    split = "Seating for the next round: 13 players at 3 tables: 4, 4, 5"
    assert tab.split_label.text().startswith(split)

    # The Rounds tab's own statements: the Clock tab, built meanwhile, reads its clock on
    # its own timer (ClockTab), which is not what this watches.
    with sql_on_ui_thread(db, asked_by="gui/rounds/") as statements:
        tab.round_combo.setCurrentIndex(tab.round_combo.findData(1))
        qtbot.waitUntil(lambda: tab.model.round_number == 1)
        tab.table.sortByColumn(0, tab.table.horizontalHeader().sortIndicatorOrder())
    assert statements == []  # shown from what the worker read
    assert tab.split_label.text().startswith(split)


def test_a_player_dropped_elsewhere_changes_the_split_at_the_next_read(
    window: MainWindow, db: Database, qtbot: QtBot, conquest: int
) -> None:
    tab = rounds_tab(window, qtbot, conquest)
    first = registration.list_players(db, event_id=conquest)[0]
    registration.set_dropped(
        db, event_id=conquest, registration_id=first.registration_id, dropped=True
    )
    settings.set_setting(db, event_id=conquest, key="table_size", value="3")
    tab.refresh_for(Changes(players=True, event_id=conquest))
    qtbot.waitUntil(lambda: "12 players" in tab.split_label.text())
    assert "12 players at 4 tables: 3, 3, 3, 3" in tab.split_label.text()
