"""Rounds → "Go back to before this round…": the same diff as the command line, a
confirmation, then the event as before the round was paired."""

from __future__ import annotations

import pytest

from organizer.gui.window.main_window import MainWindow
from organizer.services.event import interchange
from organizer.services.rounds import rewind
from organizer.storage.database import Database
from tests.gui.answers import Answers
from tests.gui.played_events import event_with_players, play_round
from tests.gui.rounds.test_rounds_tab import rounds_tab
from tests.gui.shots import save_shot


@pytest.fixture
def three(db: Database) -> int:
    event_id = event_with_players(db, "castle-wars", 6, name="Three")
    for seed in (1, 2, 3):
        play_round(db, event_id, seed=seed)
    return event_id


@pytest.mark.usefixtures("three")
def test_going_back_asks_with_the_diff_then_goes_back(
    window: MainWindow, db: Database, three: int
) -> None:
    tab = rounds_tab(window)
    tab.show_round(2)
    assert tab.shown_round() == 2
    expected = rewind.plan(db, event_id=three, round_number=2).describe()

    answers = Answers(window, confirm=False)
    tab.go_back()
    assert answers.questions == ["\n".join(expected)]
    assert len(interchange.load_event(db, event_id=three).rounds) == 3  # said no

    answers.confirm = True
    tab.go_back()
    assert [r.number for r in interchange.load_event(db, event_id=three).rounds] == [1]
    assert tab.model.round_numbers() == [1]
    save_shot(window, "floor_go_back.png")

    assert window.event_view is not None
    players = window.event_view.players_tab
    players.undo()  # Ctrl+Z: the rewind is the newest thing to undo
    assert [r.number for r in interchange.load_event(db, event_id=three).rounds] == [1, 2, 3]
