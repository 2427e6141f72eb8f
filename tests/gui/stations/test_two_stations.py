"""The window when another station is at work: a busy database offers Retry, a table
entered elsewhere a moment ago is shown (who, when, what) before anything is replaced."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from organizer.core.results import Score
from organizer.gui.window.main_window import MainWindow, create_main_window
from organizer.services.event import interchange
from organizer.services.rounds import results
from organizer.storage.database import Database
from organizer.storage.journal_repo import station
from tests.gui.answers import Answers, type_keys
from tests.gui.played_events import event_with_players
from tests.journal import journal_entries


@pytest.fixture
def shared_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("ORGANIZER_LOCK_WAIT", "0.2")  # before any connection is made
    return tmp_path / "shared.sqlite3"


@pytest.fixture
def counter(shared_file: Path, qtbot: QtBot) -> Iterator[tuple[MainWindow, Database, int]]:
    db = Database(f"sqlite:///{shared_file}")
    event_id = event_with_players(db, "castle-wars", 8, name="Two stations")
    win = create_main_window(db)
    qtbot.addWidget(win)
    win.resize(1280, 800)
    win.show()
    qtbot.waitExposed(win)
    assert win.event_view is not None
    win.event_view.tabs.setCurrentWidget(win.event_view.rounds_tab)
    yield win, db, event_id
    win.close()
    db.close()


def test_a_busy_database_offers_retry_and_the_window_stays_usable(
    counter: tuple[MainWindow, Database, int], shared_file: Path
) -> None:
    window, db, event_id = counter
    answers = Answers(window, choice=None)
    other = sqlite3.connect(shared_file, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    tab = window.event_view.rounds_tab if window.event_view else None
    assert tab is not None
    tab.pair_next_round.button.click()
    ((text, buttons),) = answers.choices
    assert "busy" in text and "Nothing was saved" in text and buttons == ("Retry",)
    assert not interchange.load_event(db, event_id=event_id).rounds
    assert window.isEnabled() and tab.pair_next_round.button.isEnabled()

    def other_station_lets_go(_title: str, _text: str, _choices: Sequence[str]) -> int:
        other.execute("ROLLBACK")
        return 0  # Retry

    window.prompts.choose = other_station_lets_go
    tab.pair_next_round.button.click()
    other.close()
    assert [r.number for r in interchange.load_event(db, event_id=event_id).rounds] == [1]
    assert tab.model.round_number == 1


def test_a_table_entered_elsewhere_is_shown_before_it_is_replaced(
    counter: tuple[MainWindow, Database, int], shared_file: Path, qtbot: QtBot
) -> None:
    window, db, event_id = counter
    assert window.event_view is not None
    tab = window.event_view.rounds_tab
    answers = Answers(window, confirm=False)
    tab.pair_next_round.button.click()
    judge = Database(f"sqlite:///{shared_file}")  # the second station, its own connections
    try:
        results.record_result(judge, event_id=event_id, table=1, score=Score(2, 0))
    finally:
        judge.close()
    assert tab.model.row_at(0).result is None  # this window has not looked again yet

    type_keys(qtbot, "1 0-2\n")
    (question,) = answers.questions
    assert question.startswith("Table 1 already has 2-0, entered ")
    assert question.endswith(f" at {station()}. Replace it?")
    match = interchange.load_event(db, event_id=event_id).rounds[0].matches[0]
    assert match.wins == (2, 0)  # declined: the other station's result stands
    assert tab.model.row_at(0).result == Score(2, 0)  # and this window now shows it

    answers.confirm = True
    type_keys(qtbot, "\n")  # the slip is still there: Enter asks again, now as a change
    assert answers.questions[-1].startswith("Table 1 has 2-0; change to 0-2?")
    match = interchange.load_event(db, event_id=event_id).rounds[0].matches[0]
    assert match.wins == (0, 2)
    actions = [e.action for e in journal_entries(db, event_id=event_id)]
    assert actions.count("result.record") == 1 and actions.count("result.correct") == 1
