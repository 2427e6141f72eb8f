"""A 4,096-player event in the window: it opens with the event loop turning, a slip
changes one row without reading the event again, and the window keeps running while
the next round is paired.

The event is real (8 rounds stored in a SQLite file, `tests/big_events.py`).
Reads of the whole event are counted by wrapping the real service function
(every call still goes through to it); the event loop is watched with a
QTimer heartbeat that must keep ticking while the pairing runs.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QTableView
from pytestqt.qtbot import QtBot

from organizer.core.results import Score
from organizer.gui.kit.column_widths import ColumnWidths
from organizer.gui.kit.event_screen import EventScreen
from organizer.gui.rounds import pairings_model
from organizer.gui.standings import standings_model
from organizer.gui.window.app import start_window
from organizer.gui.window.main_window import MainWindow, create_main_window
from organizer.services.event import interchange
from organizer.services.rounds import pairing
from organizer.storage.database import Database
from tests.big_events import store_big_event
from tests.gui.answers import Answers, two_player
from tests.gui.heartbeat import Heartbeat
from tests.gui.qt_widths import qt_width


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("big") / "template.sqlite3"
    store_big_event(path)
    return path


@pytest.fixture
def big_db(template: Path, tmp_path: Path) -> Iterator[Database]:
    path = tmp_path / "big.sqlite3"
    shutil.copyfile(template, path)
    db = Database(f"sqlite:///{path}")
    yield db
    db.close()


def open_window(db: Database, qtbot: QtBot) -> MainWindow:
    win = create_main_window(db)
    qtbot.addWidget(win)
    win.resize(1280, 800)
    win.show()
    win.activateWindow()
    qtbot.waitExposed(win)
    assert win.event_view is not None
    win.event_view.tabs.setCurrentWidget(win.event_view.rounds_tab)
    return win


def counting(monkeypatch: pytest.MonkeyPatch, module: Any, calls: list[str]) -> None:
    """Count `module.load_event` calls; each still reads the real event."""
    real: Callable[..., Any] = module.load_event

    def load_event(*args: Any, **kwargs: Any) -> Any:
        calls.append(module.__name__)
        return real(*args, **kwargs)

    monkeypatch.setattr(module, "load_event", load_event)


@pytest.mark.slow
def test_a_slip_changes_its_row_and_the_standings_follow_without_reloading_the_rounds(
    big_db: Database, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    round_9 = pairing.pair_next(big_db, event_id=1, seed=9).value
    first = next(m for m in round_9.matches if m.table == 1)
    window = open_window(big_db, qtbot)
    assert window.event_view is not None
    tab = window.event_view.rounds_tab
    Answers(window)
    calls: list[str] = []
    counting(monkeypatch, pairings_model, calls)
    counting(monkeypatch, standings_model, calls)
    resets: list[int] = []
    tab.model.modelReset.connect(lambda: resets.append(1))

    tab.entry.table_edit.setText("1")  # the slip, as typed
    two_player(tab).score_edit.setText("2-0")
    tab.entry.record()

    row = tab.model.row_of_table(1)
    assert row is not None and tab.model.row_at(row).result == Score(2, 0)
    assert calls == [] and resets == []  # one row changed in place; the event was not read
    stored = interchange.load_event(big_db, event_id=1).rounds[-1].matches[0]
    assert stored.table == 1 and stored.wins == (2, 0)

    standings = window.event_view.standings_tab
    window.event_view.tabs.setCurrentWidget(standings)  # shown: worked out once, off the UI
    assert calls == ["organizer.gui.standings.standings_model"]
    winner = standings.model.row_of(first.players[0])
    assert winner is not None and standings.model.standing_at(winner).wins >= 1


@pytest.mark.slow
def test_the_event_loop_keeps_running_while_the_next_round_is_paired(
    big_db: Database, qtbot: QtBot
) -> None:
    window = open_window(big_db, qtbot)
    assert window.event_view is not None
    tab = window.event_view.rounds_tab
    Answers(window)
    ticks: list[int] = []
    heartbeat = QTimer()
    heartbeat.timeout.connect(lambda: ticks.append(tab.model.latest_round() or 0))
    heartbeat.start(10)
    tab.pair_next_round.button.click()  # returns once round 9 is stored
    heartbeat.stop()
    assert tab.model.latest_round() == 9
    assert ticks.count(8) >= 2  # the timer kept firing while round 9 was being paired
    shown = [tab.model.row_at(r) for r in range(tab.model.rowCount())]
    assert shown == tab.model.rows_by_table()  # in the view's order: by table, byes last


def test_the_window_keeps_running_while_the_big_event_opens(big_db: Database, qtbot: QtBot) -> None:
    """The heartbeat starts before the window exists; it must tick while the tabs read
    (each tab reads off the UI thread), and the event ends up shown with its data."""
    reading: list[bool] = []
    window = MainWindow(big_db)
    qtbot.addWidget(window)

    def beat() -> None:  # was any tab reading when the event loop turned?
        view = window.event_view
        reading.append(view is not None and any(t.reading for t in view.built_tabs()))

    heartbeat = Heartbeat(beat)
    start_window(window, None)  # as `run_app` does: shown, then the event opened
    qtbot.waitUntil(lambda: window.event_view is not None)
    view = window.event_view
    assert view is not None
    players = view.players_tab  # the tab an event opens on
    qtbot.waitUntil(lambda: not players.stale, timeout=30_000)
    view.tabs.setCurrentWidget(view.rounds_tab)  # the TO's tab at a big event: 2,000 tables
    assert not view.rounds_tab.stale  # read (off the UI thread) by the time the switch returns
    heartbeat.stop()

    assert reading.count(True) >= 1  # the heartbeat ticked while the event was being read
    assert players.model.rowCount() == 4096
    stored = interchange.load_event(big_db, event_id=1).rounds[-1]
    assert view.rounds_tab.model.latest_round() == stored.number == 8
    assert view.rounds_tab.model.rowCount() == len(stored.matches)


@pytest.mark.slow
def test_the_big_tables_columns_show_every_rows_text_whole(big_db: Database, qtbot: QtBot) -> None:
    """Players, Decks and Standings at 4,096 players: each column sized from a sample of
    rows (`ColumnWidths`) is as wide as Qt measures every row: a rank shared by tied
    players far down the standings, a status few players have."""
    window = open_window(big_db, qtbot)
    view = window.event_view
    assert view is not None
    for tab in (view.players_tab, view.tab("Decks"), view.standings_tab):
        view.tabs.setCurrentWidget(tab)

        def read(tab: EventScreen = tab) -> bool:
            return not tab.stale

        qtbot.waitUntil(read, timeout=30_000)
        (table,) = [t for t in tab.findChildren(QTableView) if t.model().rowCount() > 4000]
        fitted = table.findChild(ColumnWidths)
        assert fitted is not None
        header = table.horizontalHeader()
        shown = [c for c in fitted.columns() if not header.isSectionHidden(c)]
        assert len(shown) >= 2
        for column in shown:
            assert table.columnWidth(column) >= qt_width(table, column), (tab, column)
