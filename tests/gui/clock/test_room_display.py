"""The room display: readable across a hall, the tables still playing at time, non-modal.

Real widgets on a real SQLite file; the display's `now` is a `Now` the test
sets, and the clock is started and extended through `services.clock`.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QApplication, QLabel
from pytestqt.qtbot import QtBot

from organizer.core.results import Score
from organizer.gui.clock.clock_tab import ClockTab
from organizer.gui.clock.room_display import RoomDisplay
from organizer.gui.window.main_window import MainWindow
from organizer.services.clock import clock
from organizer.services.rounds import pairing, results
from organizer.storage.database import Database
from tests.gui.clock_events import T0, Now, paired_event
from tests.gui.played_events import event_with_players


def shown(label: QLabel) -> str:
    """A label's text with its no-break spaces (which keep one table's note together) plain."""
    return label.text().replace("\u00a0", " ")


@pytest.fixture
def event(db: Database) -> int:
    return paired_event(db)


def display_on(db: Database, event_id: int, qtbot: QtBot, now: Now) -> RoomDisplay:
    display = RoomDisplay(db, event_id, event_name="Friday Skirmish")
    qtbot.addWidget(display)
    display.now = now
    with qtbot.waitActive(display):
        display.show()
        display.activateWindow()
    display.redraw()
    return display


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)])
def test_the_digits_are_at_least_a_fifth_of_the_window_high(
    db: Database, event: int, qtbot: QtBot, size: tuple[int, int]
) -> None:
    clock.start(db, event_id=event, now=T0)
    display = display_on(db, event, qtbot, Now().at(17 * 60 + 5))
    display.resize(*size)
    QApplication.processEvents()

    assert display.size().toTuple() == size
    assert display.time_label.text() == "42:55"
    assert display.digit_height() >= size[1] / 5
    metrics = QFontMetrics(display.time_label.font())
    assert metrics.horizontalAdvance("42:55") <= display.time_label.width()
    assert metrics.height() <= display.time_label.height()
    assert display.round_label.text() == "Friday Skirmish  ·  Round 1"
    assert display.phase_label.text() == "Playing"
    assert display.tables_label.text() == ""


def test_at_time_it_lists_the_tables_still_playing_with_their_extensions(
    db: Database, event: int, qtbot: QtBot
) -> None:
    clock.start(db, event_id=event, now=T0)
    clock.extend_table(db, event_id=event, table=3, seconds=13 * 60)
    results.record_result(db, event_id=event, table=1, score=Score(1, 0))
    display = display_on(db, event, qtbot, Now().at(61 * 60 + 30))
    display.resize(1280, 720)

    assert display.time_label.text() == "00:00"
    assert display.phase_label.text() == "Sudden death"
    assert shown(display.tables_label) == (
        "Tables still playing:  2  ·  3 (+13:00, 11:30 left)  ·  4"
    )
    results.record_result(db, event_id=event, table=2, score=Score(0, 1))
    display.redraw()
    assert shown(display.tables_label) == "Tables still playing:  3 (+13:00, 11:30 left)  ·  4"


def test_before_a_round_it_waits(db: Database, event_id: int, qtbot: QtBot) -> None:
    display = display_on(db, event_id, qtbot, Now().at(0))
    assert display.time_label.text() == "--:--"
    assert display.phase_label.text().startswith("there is no round yet")


def test_f11_toggles_full_screen_and_esc_leaves_it(db: Database, event: int, qtbot: QtBot) -> None:
    display = display_on(db, event, qtbot, Now().at(0))
    qtbot.keyClick(display, Qt.Key.Key_F11)
    assert display.isFullScreen()
    qtbot.keyClick(display, Qt.Key.Key_Escape)
    assert not display.isFullScreen()
    display.toggle_full_screen()
    assert display.isFullScreen()
    display.toggle_full_screen()
    assert not display.isFullScreen()


@pytest.mark.usefixtures("event")
def test_ctrl_d_opens_it_from_any_tab_and_the_main_window_stays_usable(
    window: MainWindow, qtbot: QtBot
) -> None:
    assert window.event_view is not None
    clock_tab = window.event_view.tab("Clock")
    assert isinstance(clock_tab, ClockTab)
    clock_tab.now = Now().at(0)
    players = window.event_view.players_tab
    window.event_view.tabs.setCurrentWidget(players)
    players.quick_add_edit.setFocus()

    qtbot.keyClick(players.quick_add_edit, Qt.Key.Key_D, Qt.KeyboardModifier.ControlModifier)
    display = clock_tab.room_display
    assert display is not None and display.isVisible()
    assert display.isWindow() and not display.isModal()
    assert QApplication.activeModalWidget() is None
    assert display.time_label.text() == "60:00"

    window.activateWindow()
    players.quick_add_edit.setFocus()
    qtbot.keyClicks(players.quick_add_edit, "Late Comer")
    qtbot.keyClick(players.quick_add_edit, Qt.Key.Key_Return)
    assert window.statusBar().currentMessage().startswith("Registered Late Comer")

    clock_tab.open_room_display()
    assert clock_tab.room_display is display  # one display per event, raised again


def test_a_long_list_of_tables_still_playing_fits_in_smaller_type(
    db: Database, qtbot: QtBot
) -> None:
    event = event_with_players(db, "warcaste-skirmish-constructed", 64, name="Big Skirmish")
    pairing.pair_next(db, event_id=event, seed=3)
    clock.start(db, event_id=event, now=T0)
    for table in range(1, 33, 4):
        clock.extend_table(db, event_id=event, table=table, seconds=600)
    display = display_on(db, event, qtbot, Now().at(60 * 60 + 5))
    display.resize(1280, 720)
    QApplication.processEvents()

    label = display.tables_label
    assert label.text().count("·") == 31
    flags = int(Qt.TextFlag.TextWordWrap)
    needed = label.fontMetrics().boundingRect(label.contentsRect(), flags, label.text())
    assert needed.height() <= label.contentsRect().height()
    assert display.digit_height() >= 720 / 5
