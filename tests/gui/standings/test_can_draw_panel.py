"""The Standings tab says whether the selected player's table can draw into the cut."""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from organizer.core.results import Score
from organizer.gui.window.main_window import MainWindow
from organizer.services.rounds import standings
from organizer.storage.database import Database
from tests.gui.played_events import event_with_players, play_round
from tests.gui.shots import save_shot
from tests.gui.standings.test_standings_tab import show_standings


@pytest.fixture
def last_round_paired(db: Database) -> int:
    """16 players, two rounds played, round 3 paired with no result yet."""
    event_id = event_with_players(db, "castle-wars", 16, name="Draw night")
    play_round(db, event_id, seed=41, rule=lambda t: Score(2, t % 2))
    play_round(db, event_id, seed=42, rule=lambda t: Score(t % 2, 2))
    play_round(db, event_id, seed=43, rule=lambda t: Score(2, 0), leave_open=set(range(1, 9)))
    return event_id


@pytest.mark.usefixtures("last_round_paired")
def test_the_selected_players_table_and_its_draw(
    window: MainWindow, db: Database, last_round_paired: int, qtbot: QtBot
) -> None:
    tab = show_standings(window)
    qtbot.waitUntil(lambda: tab.draws is not None)
    service = standings.can_draw(db, event_id=last_round_paired, cut=4)
    tab.draw_cut.setValue(4)
    qtbot.waitUntil(lambda: tab.draws is not None and tab.draws.cut == 4)
    for table in service.tables:
        tab.select_player(table.players[0].player)
        text = tab.draw_label.text()
        assert text.startswith(f"Table {table.table}, round 3: ")
        assert {"safe": "Yes", "maybe": "Maybe", "out": "No"}[table.verdict] in text
        assert table.players[1].why in text
    window.resize(1366, 768)
    save_shot(window, "floor_can_draw_tab.png")


@pytest.mark.usefixtures("last_round_paired")
def test_the_cut_asked_about_is_the_events_until_the_to_picks_another(
    window: MainWindow, db: Database, last_round_paired: int, qtbot: QtBot
) -> None:
    """16 players are heading for a top 4 (Appendix E), which the players' page asks about:
    the tab asks the same until the TO sets another cut, which then stays."""
    tab = show_standings(window)
    qtbot.waitUntil(lambda: tab.draws is not None)
    assert tab.draws is not None and tab.draws.cut == 4 and tab.draw_cut.value() == 4
    tab.draw_cut.setValue(8)
    qtbot.waitUntil(lambda: tab.draws is not None and tab.draws.cut == 8)
    tab.refresh()
    qtbot.wait(200)
    assert tab.draw_cut.value() == 8 and tab.draws is not None and tab.draws.cut == 8
