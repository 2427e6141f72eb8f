"""Opening an event as the app starts (`start_window`): the window's making, the event's
opening and its first tab's read each on a turn of the event loop of their own, so that
what runs on timers (the clock, a repaint) runs between them and none of them is one long
freeze (issue 36, item 15: 60 to 90 ms at a 4,096-player event when they ran as one turn).

A zero-interval timer, started before the window is made, records at every turn of the
event loop how far the opening has come."""

from __future__ import annotations

from PySide6.QtCore import QTimer
from pytestqt.qtbot import QtBot

from organizer.gui.kit.event_screen import EventScreen
from organizer.gui.window.app import start_window
from organizer.gui.window.main_window import MainWindow
from organizer.storage.database import Database
from tests.gui.played_events import event_with_players


def stage(window: MainWindow) -> str:
    view = window.event_view
    if view is None:
        return "window"
    shown = view.tabs.currentWidget()
    if not isinstance(shown, EventScreen):
        return "opened"
    if shown.reading:
        return "reading"
    return "shown" if shown.stale else "read"


def test_the_window_the_event_and_its_first_read_come_on_turns_of_their_own(
    db: Database, qtbot: QtBot
) -> None:
    event_with_players(db, "castle-wars", 40)
    window = MainWindow(db)
    qtbot.addWidget(window)
    turns: list[str] = []
    every_turn = QTimer()
    every_turn.timeout.connect(lambda: turns.append(stage(window)))
    every_turn.start(0)

    start_window(window, None)
    qtbot.waitUntil(lambda: "read" in turns, timeout=10_000)
    every_turn.stop()

    assert turns[0] == "window"  # drawn, and a turn taken, before the event opens
    assert "shown" in turns  # the event's tab shown (and painted) before its read starts
    assert turns.index("shown") < turns.index("read")
