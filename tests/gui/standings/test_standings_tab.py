"""The Standings tab: tie ranges, the breakdown of a selected player, refresh when shown.

Real widgets on a real SQLite file; the expected values come from
`services.standings.standings`, the same call the command line makes.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from organizer.core.results import Score
from organizer.gui.standings.breakdown_model import MEAN_LABEL
from organizer.gui.standings.standings_model import percent
from organizer.gui.standings.standings_tab import StandingsTab
from organizer.gui.window.main_window import MainWindow
from organizer.services.event import settings
from organizer.services.rounds import standings
from organizer.storage.database import Database
from tests.gui.played_events import event_with_players, play_round


def two_nil(_table: int) -> Score:
    return Score(2, 0)


@pytest.fixture
def tied(db: Database) -> int:
    """8 players after one round of 2-0s: ranks 1-4 and 5-8 are exact ties."""
    event_id = event_with_players(db, "castle-wars", 8, name="Tied night")
    play_round(db, event_id, seed=21, rule=two_nil)
    return event_id


@pytest.fixture
def three_rounds(db: Database) -> int:
    """11 players (a bye each round), three rounds, two results of round 3 missing."""
    event_id = event_with_players(db, "castle-wars", 11, name="Three rounds")
    play_round(db, event_id, seed=31, rule=lambda t: Score(2, t % 2))
    play_round(db, event_id, seed=32, rule=lambda t: Score(t % 2, 2))
    play_round(db, event_id, seed=33, rule=lambda t: Score(2, 1), leave_open={2, 5})
    return event_id


def show_standings(window: MainWindow) -> StandingsTab:
    assert window.event_view is not None
    tab = window.event_view.standings_tab
    window.event_view.tabs.setCurrentWidget(tab)
    return tab


def column(tab: StandingsTab, c: int) -> list[str]:
    return [tab.model.index(r, c).data() for r in range(tab.model.rowCount())]


@pytest.mark.usefixtures("tied")
def test_exact_ties_share_a_rank_range(window: MainWindow, db: Database, tied: int) -> None:
    tab = show_standings(window)
    assert column(tab, 0) == ["1\u20134"] * 4 + ["5\u20138"] * 4
    assert tab.heading_label.text() == "Standings after round 1  ·  8 players"
    tab.select_player(tab.model.standing_at(5).player)
    assert tab.tie_label.text() == (
        "4 players have 0 points (ranks 5\u20138); among them OMW %, then GW %, then OGW % decides."
    )
    assert "(tied 5\u20138)" in tab.summary_label.text()


@pytest.mark.usefixtures("tied")
def test_a_new_tiebreaker_order_is_the_one_the_tie_line_names(
    window: MainWindow, db: Database, tied: int
) -> None:
    tab = show_standings(window)
    assert window.event_view is not None
    done = settings.set_setting(db, event_id=tied, key="tiebreakers", value="points,gw,omw")
    window.event_view.apply_changes(done.changes)  # as the Event settings dialog does

    tab.select_player(tab.model.standing_at(5).player)
    assert tab.tie_label.text() == (
        "4 players have 0 points (ranks 5\u20138); among them GW %, then OMW % decides."
    )


@pytest.mark.usefixtures("three_rounds")
def test_the_breakdown_of_a_selected_player_matches_the_service(
    window: MainWindow, db: Database, three_rounds: int, qtbot: QtBot
) -> None:
    tab = show_standings(window)
    assert tab.heading_label.text() == (
        "Standings after round 3 (2 results still missing)  ·  11 players"
    )
    service = standings.standings(db, event_id=three_rounds)
    assert column(tab, 1) == [r.name for r in service]

    ninth = service[8]
    tab.table.setFocus()
    tab.select_player(service[0].player)
    for _ in range(8):  # arrow down to the ninth player, as the TO would
        qtbot.keyClick(tab.table, Qt.Key.Key_Down)
    assert tab.selected_standing() == ninth

    lines = [
        [tab.breakdown.index(r, c).data() for c in range(4)]
        for r in range(tab.breakdown.rowCount())
    ]
    assert lines[:-1] == [
        [str(o.round), o.name, percent(o.mwp), percent(o.gwp)] for o in ninth.opponents
    ]
    assert lines[-1] == ["", MEAN_LABEL, percent(ninth.values.omw), percent(ninth.values.ogw)]
    assert tab.summary_label.text().startswith(f"{ninth.name}: rank {ninth.rank} of 11")
    assert f"{ninth.points} points ({ninth.wins}-{ninth.losses}-{ninth.draws})" in (
        tab.summary_label.text()
    )


@pytest.mark.usefixtures("three_rounds")
def test_find_selects_the_player_named(
    window: MainWindow, db: Database, three_rounds: int, qtbot: QtBot
) -> None:
    tab = show_standings(window)
    tab.table.setFocus()
    qtbot.keyClick(tab.table, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    assert QApplication.focusWidget() is tab.find_edit
    qtbot.keyClicks(tab.find_edit, "player 10")
    selected = tab.selected_standing()
    assert selected is not None and selected.name == "Player 10"
    assert tab.breakdown.standing == selected


@pytest.mark.usefixtures("three_rounds")
def test_standings_are_computed_when_shown_after_a_result(
    window: MainWindow, db: Database, three_rounds: int, qtbot: QtBot
) -> None:
    assert window.event_view is not None
    tab = window.event_view.standings_tab
    assert tab.stale and tab.model.rowCount() == 0  # nothing computed while never shown
    show_standings(window)
    assert not tab.stale
    before = tab.model.rows()

    rounds = window.event_view.rounds_tab
    window.event_view.tabs.setCurrentWidget(rounds)
    rounds.entry.table_edit.setFocus()
    qtbot.keyClicks(rounds.entry.table_edit, "2")
    qtbot.keyClick(rounds.entry.table_edit, Qt.Key.Key_Return)
    qtbot.keyClicks(rounds.entry.score_edit, "0-2")
    qtbot.keyClick(rounds.entry.score_edit, Qt.Key.Key_Return)
    assert tab.stale and tab.model.rows() == before  # hidden: not recomputed yet

    show_standings(window)
    assert not tab.stale
    assert tab.model.rows() == standings.standings(db, event_id=three_rounds) != before
    assert "(1 result still missing)" in tab.heading_label.text()
