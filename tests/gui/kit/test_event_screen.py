"""`EventScreen`: a tab reads when first shown, off the UI thread, and stays stale while hidden;
`EventWork.write`: the GUI's one way to write, which redraws, says it, and broadcasts.

The screen here is the smallest subclass a tab can be: it reads the event's players
through the real service, and notes on which thread each part ran. The writes are
real service writes on the test's SQLite file.
"""

from __future__ import annotations

import threading

from PySide6.QtWidgets import QDialog, QTabWidget, QWidget
from pytestqt.qtbot import QtBot

from organizer.gui.kit.event_screen import EventPanel, EventScreen, EventWork
from organizer.gui.kit.prompts import Prompts
from organizer.services.kit.changes import Changes, Done
from organizer.services.players import registration
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


# --- the one write runner (`EventWork.write`) ----------------------------------------


class Recorder:
    """What a widget broadcast: its `changes_applied` and `status_reported`, in order."""

    def __init__(self, work: EventWork) -> None:
        self.heard: list[object] = []
        work.changes_applied.connect(lambda changes: self.heard.append(changes))
        work.status_reported.connect(lambda text: self.heard.append(text))


def test_a_write_redraws_then_says_it_then_broadcasts_its_changes(
    db: Database, event_id: int, qtbot: QtBot
) -> None:
    panel = EventPanel(db, event_id, Prompts(QWidget()))
    qtbot.addWidget(panel)
    heard = Recorder(panel).heard
    shown: list[str] = []

    def show(done: Done[PlayerRecord]) -> str:
        shown.append(done.value.name)
        assert heard == []  # redrawn before anything is broadcast
        return f"Registered {done.value.name}."

    done = panel.write(
        "Add player", lambda: registration.add_player(db, event_id=event_id, name="Ada"), show
    )

    assert done is not None and shown == ["Ada"]
    assert heard == ["Registered Ada.", done.changes] and done.changes.players
    assert [p.name for p in registration.list_players(db, event_id=event_id)] == ["Ada"]


def test_a_refused_write_is_a_warning_and_broadcasts_nothing(
    db: Database, event_id: int, qtbot: QtBot
) -> None:
    prompts = Prompts(QWidget())
    warnings: list[tuple[str, str]] = []
    prompts.warn = lambda title, text: warnings.append((title, text))
    panel = EventPanel(db, event_id, prompts)
    qtbot.addWidget(panel)
    heard = Recorder(panel).heard
    registration.add_player(db, event_id=event_id, name="Ada", player_id="p7")
    shown: list[object] = []

    done = panel.write(
        "Add player",
        lambda: registration.add_player(db, event_id=event_id, name="Bo", player_id="p7"),
        shown.append,
    )

    assert done is None and shown == [] and heard == []
    assert warnings == [("Add player", "id 'p7' is already used in this event")]
    assert [p.name for p in registration.list_players(db, event_id=event_id)] == ["Ada"]


def test_a_heavy_write_runs_off_the_ui_thread_and_a_declined_one_broadcasts_nothing(
    db: Database, event_id: int, qtbot: QtBot
) -> None:
    panel = EventPanel(db, event_id, Prompts(QWidget()))
    qtbot.addWidget(panel)
    heard = Recorder(panel).heard
    on_ui: list[bool] = []

    def add() -> Done[PlayerRecord]:
        on_ui.append(threading.current_thread() is threading.main_thread())
        return registration.add_player(db, event_id=event_id, name="Cy")

    done = panel.write("Add player", add, busy="Registering…")
    assert on_ui == [False] and done is not None and heard == [done.changes]

    assert panel.write("Add player", lambda: None) is None  # said why itself
    assert heard == [done.changes]


class ChecksDialog(EventWork, QDialog):
    """`EventWork` mixed into a dialog, as the deck checks dialog is."""


def test_event_work_mixed_into_a_dialog_writes_and_is_relayed_by_its_tab(
    db: Database, event_id: int, qtbot: QtBot
) -> None:
    tab = EventPanel(db, event_id, Prompts(QWidget()))
    qtbot.addWidget(tab)
    dialog = ChecksDialog(db, event_id, tab.prompts, tab)
    assert dialog.parent() is tab and dialog.db is db and dialog.event_id == event_id
    heard = Recorder(tab).heard
    tab.relay(dialog)

    done = dialog.write(
        "Add player",
        lambda: registration.add_player(db, event_id=event_id, name="Di"),
        lambda _done: "Registered Di.",
    )

    assert done is not None and heard == ["Registered Di.", done.changes]
