"""The first run: an empty database shows the first steps, and the demo event is one click away.

Real widgets on a real SQLite file, offscreen. The demo is made through the
panel's button, exactly as a first-time TO would; Help shows the rules page.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog
from pytestqt.qtbot import QtBot

from organizer.gui.window.main_window import MainWindow
from organizer.gui.window.new_event_dialog import NewEventDialog
from organizer.gui.window.rules_dialog import RulesDialog
from organizer.services.demo.demo import DEMO_PREFIX
from organizer.services.event import events
from organizer.storage.database import Database


def test_an_empty_database_opens_on_the_first_steps(window: MainWindow) -> None:
    assert window.event_view is None
    assert window.stack.currentWidget() is window.first_steps
    text = window.first_steps.steps_label.text()
    for step in ("Create an event", "Register players", "Pair", "Print"):
        assert step in text
    assert window.first_steps.demo_button.isVisible()


def test_a_fresh_station_is_told_it_can_join_a_hosted_event(window: MainWindow) -> None:
    panel = window.first_steps
    assert "Join a hosted event" in panel.join_label.text()
    assert panel.join_button.isVisible()
    asked: list[QDialog] = []

    def cancel(dialog: QDialog) -> int:  # the TO looks at the join dialog, then cancels
        asked.append(dialog)
        return QDialog.DialogCode.Rejected

    window.prompts.run_dialog = cancel
    panel.join_button.click()
    assert [type(d).__name__ for d in asked] == ["JoinDialog"]


def test_the_demo_button_makes_the_demo_and_shows_its_round_1(
    window: MainWindow, db: Database, qtbot: QtBot
) -> None:
    qtbot.mouseClick(window.first_steps.demo_button, Qt.MouseButton.LeftButton)

    (record,) = events.list_events(db)
    assert record.name.startswith(DEMO_PREFIX)
    assert window.events_model.rowCount() == 1
    assert window.events_model.row_values(0).name.startswith(DEMO_PREFIX)
    view = window.event_view
    assert view is not None and view.event_id == record.id
    assert view.tabs.tabText(view.tabs.currentIndex()) == "Rounds"
    rounds = view.rounds_tab
    assert rounds.shown_round() == 1
    assert rounds.round_combo.currentText() == "Round 1"
    assert rounds.model.rowCount() == 6  # 12 players, 6 tables
    assert "sudden death" in window.statusBar().currentMessage()


def test_the_demo_is_deleted_like_any_event_and_the_first_steps_come_back(
    window: MainWindow, db: Database
) -> None:
    window.create_demo_event.action.trigger()
    window.prompts.confirm = lambda _title, _text: True
    window.delete_selected.action.trigger()
    assert events.list_events(db) == []
    assert window.stack.currentWidget() is window.first_steps


def test_the_first_steps_new_event_button_opens_the_new_event_dialog(
    window: MainWindow, qtbot: QtBot
) -> None:
    seen: list[QDialog] = []

    def answer(dialog: QDialog) -> int:
        seen.append(dialog)
        return QDialog.DialogCode.Rejected

    window.prompts.run_dialog = answer
    qtbot.mouseClick(window.first_steps.new_button, Qt.MouseButton.LeftButton)
    assert len(seen) == 1 and isinstance(seen[0], NewEventDialog)


def test_help_shows_the_rules_page(window: MainWindow) -> None:
    seen: list[QDialog] = []

    def answer(dialog: QDialog) -> int:
        seen.append(dialog)
        return QDialog.DialogCode.Rejected

    window.prompts.run_dialog = answer
    window.show_rules.action.trigger()
    (dialog,) = seen
    assert isinstance(dialog, RulesDialog)
    shown = dialog.browser.toPlainText()
    assert "Rules and decisions" in shown and "Sudden death" in shown
    assert "decided here" in shown.lower()
