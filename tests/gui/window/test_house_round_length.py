"""A Warcaste Skirmish event with another round length (issue 25 item 7; 1d: one hour): the
New event dialog asks whether it is a house rule, and the Clock tab states it, as does the
event's heading once the Clock tab made one."""

from __future__ import annotations

import datetime as dt

from PySide6.QtWidgets import QDialog
from pytestqt.qtbot import QtBot

from organizer.gui.clock.clock_dialogs import MinutesDialog
from organizer.gui.clock.clock_tab import ClockTab
from organizer.gui.window.main_window import MainWindow
from organizer.gui.window.new_event_dialog import NewEventDialog
from organizer.services.event import events
from organizer.services.players import registration
from organizer.services.rounds import pairing
from organizer.storage.database import Database

T0 = dt.datetime(2026, 5, 2, 10, 0, tzinfo=dt.UTC)


def open_dialog(window: MainWindow, qtbot: QtBot, minutes: int) -> None:
    def fill(dialog: QDialog) -> int:
        assert isinstance(dialog, NewEventDialog)
        qtbot.keyClicks(dialog.name_edit, "Short Skirmish")
        index = dialog.format_combo.findData("warcaste-skirmish-constructed")
        dialog.format_combo.setCurrentIndex(index)
        dialog.minutes_spin.setValue(minutes)
        dialog.accept()
        return dialog.result()

    window.prompts.run_dialog = fill
    window.new_event.action.trigger()


def test_declining_the_house_rule_creates_nothing(
    window: MainWindow, db: Database, qtbot: QtBot
) -> None:
    asked: list[str] = []

    def decline(_title: str, text: str) -> bool:
        asked.append(text)
        return False

    window.prompts.confirm = decline
    open_dialog(window, qtbot, 50)
    assert asked and "rounds last 1 hour (Warcaste 1d)" in asked[0] and "house rule" in asked[0]
    assert events.list_events(db) == []


def test_a_house_rule_round_shows_on_the_clock(
    window: MainWindow, db: Database, qtbot: QtBot
) -> None:
    window.prompts.confirm = lambda _t, _text: True
    open_dialog(window, qtbot, 50)
    (event,) = events.list_events(db)
    assert event.settings.house_round_minutes == 50
    registration.import_players_csv(db, event_id=event.id, text="name\nAda\nBo\n")
    pairing.pair_next(db, event_id=event.id, seed=1)
    window.open_event(event.id)
    assert window.event_view is not None
    tab = window.event_view.tab("Clock")
    assert isinstance(tab, ClockTab)
    tab.now = lambda: T0
    window.event_view.tabs.setCurrentWidget(tab)
    tab.redraw()
    assert tab.length_label.text() == (
        "Round of 50:00  ·  House rule: 50-minute rounds (Warcaste 1d: 1 hour)"
    )


def test_the_heading_says_the_round_length_the_clock_tab_made_a_house_rule(
    window: MainWindow, db: Database, qtbot: QtBot
) -> None:
    window.prompts.confirm = lambda _t, _text: True
    open_dialog(window, qtbot, 60)  # the rulebook's hour: no house rule yet
    (event,) = events.list_events(db)
    registration.import_players_csv(db, event_id=event.id, text="name\nAda\nBo\n")
    pairing.pair_next(db, event_id=event.id, seed=1)
    window.open_event(event.id)
    view = window.event_view
    assert view is not None and "60-minute rounds" in view.details_label.text()
    tab = view.tab("Clock")
    assert isinstance(tab, ClockTab)
    view.tabs.setCurrentWidget(tab)

    def forty(dialog: QDialog) -> int:
        assert isinstance(dialog, MinutesDialog)
        dialog.minutes_spin.setValue(40)
        return QDialog.DialogCode.Accepted.value

    window.prompts.run_dialog = forty
    tab.set_length.action.trigger()

    assert events.get_event(db, event.id).settings.house_round_minutes == 40
    assert "40-minute rounds" in view.details_label.text()
    assert window.statusBar().currentMessage() == "This round lasts 40 minutes."
