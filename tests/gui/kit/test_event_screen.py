"""`EventScreen`: a tab reads when first shown, off the UI thread, and stays stale while hidden.

The screen here is the smallest subclass a tab can be: it reads the event's players
through the real service, and notes on which thread each part ran.
"""

from __future__ import annotations

import threading

from PySide6.QtWidgets import QTabWidget, QWidget
from pytestqt.qtbot import QtBot

from organizer.gui.kit.event_screen import EventScreen
from organizer.gui.kit.prompts import Prompts
from organizer.services import registration
from organizer.services.changes import Changes
from organizer.storage.database import Database
from organizer.storage.records import PlayerRecord


class NamesScreen(EventScreen):
    title = "Names"
    touched_by = frozenset({"players"})

    def __init__(self, db: Database, event_id: int, prompts: Prompts) -> None:
        super().__init__(db, event_id, prompts)
        self.reads: list[bool] = []  # per read: was it on the UI thread?
        self.shown_names: list[str] = []
        self.shows_on_ui: list[bool] = []

    def read(self) -> list[PlayerRecord]:
        self.reads.append(threading.current_thread() is threading.main_thread())
        return registration.list_players(self.db, event_id=self.event_id)

    def show_read(self, read: list[PlayerRecord]) -> None:
        self.shows_on_ui.append(threading.current_thread() is threading.main_thread())
        self.shown_names = [p.name for p in read]


def tabs_with(db: Database, event_id: int, qtbot: QtBot) -> tuple[QTabWidget, NamesScreen]:
    tabs = QTabWidget()
    qtbot.addWidget(tabs)
    tabs.addTab(QWidget(), "First")
    screen = NamesScreen(db, event_id, Prompts(tabs))
    tabs.addTab(screen, "Names")
    tabs.show()
    qtbot.waitExposed(tabs)
    return tabs, screen


def test_a_screen_reads_only_once_shown_and_off_the_ui_thread(
    db: Database, event_id: int, qtbot: QtBot
) -> None:
    registration.add_player(db, event_id=event_id, name="Ada Byrne")
    tabs, screen = tabs_with(db, event_id, qtbot)
    qtbot.wait(20)
    assert screen.reads == [] and screen.stale  # hidden: nothing read yet

    tabs.setCurrentWidget(screen)
    qtbot.waitUntil(lambda: not screen.stale)
    assert screen.reads == [False]  # on a worker thread
    assert screen.shows_on_ui == [True] and screen.shown_names == ["Ada Byrne"]


def test_a_hidden_screen_is_stale_until_shown_and_ignores_what_it_does_not_show(
    db: Database, event_id: int, qtbot: QtBot
) -> None:
    tabs, screen = tabs_with(db, event_id, qtbot)
    tabs.setCurrentWidget(screen)
    qtbot.waitUntil(lambda: not screen.stale)
    screen.refresh_for(Changes(clock=True))  # not what it shows
    assert len(screen.reads) == 1 and not screen.stale

    tabs.setCurrentIndex(0)
    registration.add_player(db, event_id=event_id, name="Bo Chen")
    screen.refresh_for(Changes(players=True, event_id=event_id))
    assert len(screen.reads) == 1 and screen.stale  # hidden: read later, not now

    tabs.setCurrentWidget(screen)
    qtbot.waitUntil(lambda: not screen.stale)
    assert len(screen.reads) == 2 and screen.shown_names == ["Bo Chen"]

    registration.add_player(db, event_id=event_id, name="Cy Dorn")
    screen.refresh_for(Changes(players=True, event_id=event_id))  # shown: read at once
    assert len(screen.reads) == 3 and screen.shown_names == ["Bo Chen", "Cy Dorn"]
