"""A Warcaste playoff game drawn by a mandatory loop (6e; issue 25 item 8), typed on a slip in
the Rounds tab: the drawn game is kept, the match stays open, the next game's winner ends it."""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from organizer.core.results import Score
from organizer.gui.rounds.rounds_tab import RoundsTab
from organizer.gui.window.main_window import MainWindow
from organizer.services.event import interchange
from organizer.services.rounds import topcut
from organizer.storage.database import Database
from tests.gui.answers import Answers, type_keys
from tests.gui.played_events import event_with_players, play_round


@pytest.fixture
def semifinals(db: Database) -> int:
    """Eight Warcaste players, three Swiss rounds (player A wins), then a top 4."""
    event_id = event_with_players(db, "warcaste-skirmish-constructed", 8, name="Cut night")
    for seed in (1, 2, 3):
        play_round(db, event_id, seed=seed, rule=lambda _t: Score(1, 0))
    topcut.start(db, event_id=event_id, size=4, break_ties="name")
    return event_id


def rounds_tab(window: MainWindow, qtbot: QtBot) -> RoundsTab:
    """The Rounds tab shown, once it has read the round (the slip then takes the keyboard)."""
    assert window.event_view is not None
    tab = window.event_view.rounds_tab
    window.event_view.tabs.setCurrentWidget(tab)
    qtbot.waitUntil(lambda: not tab.stale and tab.entry.table_edit.hasFocus())
    return tab


@pytest.mark.usefixtures("semifinals")
def test_a_drawn_semifinal_game_keeps_the_match_open(
    window: MainWindow, db: Database, semifinals: int, qtbot: QtBot
) -> None:
    tab = rounds_tab(window, qtbot)
    answers = Answers(window)
    type_keys(qtbot, "1 0-0-1\n")
    assert "game drawn" in tab.entry.slip_label.text()
    assert "continues with another game" in tab.entry.slip_label.text()
    assert "continues with another game" in tab.warning_label.text()
    match = interchange.load_event(db, event_id=semifinals).rounds[-1].matches[0]
    assert match.wins is None  # no result yet: the bracket waits
    assert tab.status_label.text() == "Round 4: 2 of 2 results missing (tables 1, 2)"
    type_keys(qtbot, "1 0-1\n")
    match = interchange.load_event(db, event_id=semifinals).rounds[-1].matches[0]
    assert (match.wins, match.draws) == ((0, 1), 1)
    assert answers.warnings == []
