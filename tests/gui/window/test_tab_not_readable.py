"""A tab that cannot be read when first shown says so in the status bar, and the app
goes on: no crash handler, the placeholder stays, showing it again tries again.

Seen on the event-day walk (tools/walk_event_day.py): a joined station whose host
stopped sharing clicked Rounds, never shown before, and the tab's first read raised
out of the click. Here the same path is taken with another station (a second
`Database` on the same SQLite file) deleting the event while this window has it open.
"""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from organizer.gui.kit.event_screen import EventScreen
from organizer.gui.window.event_view import TABS
from organizer.gui.window.main_window import MainWindow, create_main_window
from organizer.services.event import events
from organizer.storage.database import Database


def test_a_tab_whose_event_is_gone_is_said_in_one_line_and_tried_again(
    db: Database, event_id: int, qtbot: QtBot
) -> None:
    win: MainWindow = create_main_window(db, event_id=event_id)
    qtbot.addWidget(win)
    win.resize(1280, 800)
    win.show()
    view = win.event_view
    assert view is not None
    rounds = list(TABS).index("Rounds")
    assert not isinstance(view.tabs.widget(rounds), EventScreen)  # not built yet
    width = win.width()

    other = Database(db.url)  # another station on the same file
    try:
        events.delete_event(other, event_id)
    finally:
        other.close()
    view.tabs.setCurrentIndex(rounds)  # the TO clicks Rounds

    said = win.statusBar().currentMessage()
    assert said.startswith("The Rounds tab could not be read: ")
    assert "\n" not in said and str(event_id) in said
    assert not isinstance(view.tabs.widget(rounds), EventScreen)  # still a placeholder
    assert win.width() == width

    view.tabs.setCurrentIndex(0)
    win.statusBar().clearMessage()
    view.tabs.setCurrentIndex(rounds)  # shown again: tried again, said again
    assert win.statusBar().currentMessage() == said
