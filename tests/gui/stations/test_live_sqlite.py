"""Two stations on one SQLite file (a shared folder, or two windows): the poll alone.

The other station is a second `Database` on the same file (its own
connections). Its result shows in this window's Rounds tab by itself, the
slip typed here stays, and this window's own writes are not refreshed twice.
"""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from organizer.core.results import Score
from organizer.gui.window.main_window import create_main_window
from organizer.services.rounds import pairing, results
from organizer.storage.database import Database
from tests.gui.answers import two_player
from tests.gui.played_events import event_with_players


def test_a_result_from_a_second_database_on_the_file_shows_by_itself(
    tmp_path: Path, qtbot: QtBot
) -> None:
    url = f"sqlite:///{tmp_path / 'shared.sqlite3'}"
    db = Database(url)
    event_id = event_with_players(db, "castle-wars", 8)
    pairing.pair_next(db, event_id=event_id, seed=2)
    win = create_main_window(db, event_id=event_id)
    qtbot.addWidget(win)
    win.show()
    assert win.event_view is not None
    tab = win.event_view.rounds_tab
    win.event_view.tabs.setCurrentWidget(tab)
    tab.entry.table_edit.setText("4")
    two_player(tab).score_edit.setText("1-0")
    resets: list[int] = []
    tab.model.modelReset.connect(lambda: resets.append(1))
    other = Database(url)
    try:
        results.record_result(other, event_id=event_id, table=2, score=Score(0, 1))
    finally:
        other.close()
    row = tab.model.row_of_table(2)
    assert row is not None
    qtbot.waitUntil(lambda: tab.model.row_at(row).result == Score(0, 1), timeout=3000)
    assert (tab.entry.table_edit.text(), two_player(tab).score_edit.text()) == ("4", "1-0")
    assert resets == []  # one row changed in place, no reset
    assert "Updated from" in win.statusBar().currentMessage()
    win.close()
    db.close()
