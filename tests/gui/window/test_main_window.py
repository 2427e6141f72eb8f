"""The main window and Players tab driven like a TO at the counter: keys, dialogs, a CSV.

Real widgets on a real SQLite file. Dialogs are answered through the window's
`Prompts` (confirm, run_dialog, open_path, save_path, warn), which is how a
test stands in for the person; none of our logic is patched.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractButton, QApplication, QDialog, QLabel, QMenu
from pytestqt.qtbot import QtBot

from organizer.core.formats.catalog import format_info
from organizer.gui.clock.clock_tab import ClockTab
from organizer.gui.players.csv_import import ImportReportDialog
from organizer.gui.players.player_dialog import PlayerDialog
from organizer.gui.players.players_tab import PlayersTab
from organizer.gui.rounds.rounds_tab import RoundsTab
from organizer.gui.standings.standings_tab import StandingsTab
from organizer.gui.window.main_window import MainWindow
from organizer.gui.window.new_event_dialog import NewEventDialog
from organizer.services.event import events
from organizer.services.players import registration
from organizer.storage.database import Database
from tests.cli.helpers import organizer


def players_tab(window: MainWindow) -> PlayersTab:
    assert window.event_view is not None
    return window.event_view.players_tab


def names(tab: PlayersTab) -> list[str]:
    """The Name column as the TO sees it (after search and sorting)."""
    return [tab.proxy.index(r, 2).data() for r in range(tab.proxy.rowCount())]


def quick_add(qtbot: QtBot, tab: PlayersTab, *people: str) -> None:
    for name in people:
        qtbot.keyClicks(tab.quick_add_edit, name)
        qtbot.keyClick(tab.quick_add_edit, Qt.Key.Key_Return)


def select(tab: PlayersTab, name: str) -> None:
    (player,) = [
        tab.model.player_at(r)
        for r in range(tab.model.rowCount())
        if tab.model.player_at(r).name == name
    ]
    tab.select_player(player.registration_id)


class Answers:
    """What the person in front of the window answers; records what was asked."""

    def __init__(self, window: MainWindow, *, confirm: bool = True) -> None:
        self.questions: list[str] = []
        self.warnings: list[str] = []
        self.dialogs: list[QDialog] = []
        self.answer = confirm
        window.prompts.confirm = self._confirm
        window.prompts.warn = lambda _title, text: self.warnings.append(text)

    def _confirm(self, _title: str, text: str) -> bool:
        self.questions.append(text)
        return self.answer


def test_the_window_is_titled_with_the_database_and_starts_on_the_first_steps(
    window: MainWindow, db_path: Path
) -> None:
    assert window.windowTitle() == f"Organizer — {db_path.resolve()}"
    assert window.event_view is None
    assert window.stack.currentWidget() is window.first_steps  # no events yet
    assert not window.delete_selected.action.isEnabled()


def test_create_an_event_through_the_dialog(window: MainWindow, db: Database, qtbot: QtBot) -> None:
    seen: dict[str, object] = {}

    def fill(dialog: QDialog) -> int:
        assert isinstance(dialog, NewEventDialog)
        qtbot.keyClicks(dialog.name_edit, "Saturday Castle Wars")
        dialog.format_combo.setCurrentIndex(dialog.format_combo.findData("castle-wars"))
        seen["summary"] = dialog.summary_label.text()
        seen["defaults"] = (dialog.best_of_combo.currentData(), dialog.minutes_spin.value())
        dialog.minutes_spin.setValue(55)
        dialog.rounds_spin.setValue(4)
        dialog.accept()
        return dialog.result()

    window.prompts.run_dialog = fill
    window.new_event.action.trigger()

    assert seen["summary"] == format_info("castle-wars").summary
    assert seen["defaults"] == (3, 50)
    (event,) = events.list_events(db)
    assert (event.name, event.format_id, event.best_of, event.round_minutes) == (
        "Saturday Castle Wars",
        "castle-wars",
        3,
        55,
    )
    assert event.planned_rounds == 4
    assert window.event_view is not None and window.event_view.event_id == event.id
    assert window.event_view.title_label.text() == "Saturday Castle Wars"
    assert window.events_model.rowCount() == 1
    assert window.selected_event_id() == event.id
    tabs = window.event_view.tabs
    assert [tabs.tabText(i) for i in range(tabs.count())] == [
        "Players",
        "Decks",
        "Rounds",
        "Clock",
        "Standings",
        "Pods",
        "Penalties",
    ]
    assert isinstance(tabs.widget(0), PlayersTab)  # the tab shown is built
    assert isinstance(window.event_view.tab("Rounds"), RoundsTab)  # the others when asked for
    assert isinstance(tabs.widget(2), RoundsTab)
    assert isinstance(window.event_view.tab("Standings"), StandingsTab)
    assert isinstance(window.event_view.tab("Clock"), ClockTab)


def test_a_cancelled_new_event_dialog_creates_nothing(window: MainWindow, db: Database) -> None:
    window.prompts.run_dialog = lambda dialog: QDialog.DialogCode.Rejected
    window.new_event()
    assert events.list_events(db) == []


@pytest.mark.usefixtures("event_id")
def test_quick_add_registers_each_name_and_keeps_the_cursor(
    window: MainWindow, qtbot: QtBot
) -> None:
    tab = players_tab(window)
    tab.quick_add_edit.setFocus()
    quick_add(qtbot, tab, "Ada Byrne", "Bo Chen", "Cy Dorn")

    assert names(tab) == ["Ada Byrne", "Bo Chen", "Cy Dorn"]
    assert tab.quick_add_edit.text() == ""
    assert QApplication.focusWidget() is tab.quick_add_edit
    selected = tab.selected_player()
    assert selected is not None and selected.name == "Cy Dorn"
    assert tab.count_label.text() == "3 players"
    assert window.events_model.row_values(0).players == 3
    assert window.statusBar().currentMessage() == "Registered Cy Dorn as p3."
    assert tab.warning_label.isHidden()

    quick_add(qtbot, tab, "ada  BYRNE")
    assert not tab.warning_label.isHidden()
    assert "2 players are named 'Ada Byrne'" in tab.warning_label.text()


@pytest.mark.usefixtures("event_id")
def test_search_filters_as_you_type(window: MainWindow, qtbot: QtBot) -> None:
    tab = players_tab(window)
    quick_add(qtbot, tab, "Ada Byrne", "Bo Chen", "Cy Dorn", "Adam Ek")
    qtbot.keyClick(tab.table, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    assert QApplication.focusWidget() is tab.search_edit

    qtbot.keyClicks(tab.search_edit, "ADA")
    assert names(tab) == ["Ada Byrne", "Adam Ek"]
    assert tab.count_label.text() == "Showing 2 of 4 players"
    tab.search_edit.clear()
    qtbot.keyClicks(tab.search_edit, "p3")
    assert names(tab) == ["Cy Dorn"]
    tab.search_edit.clear()
    assert len(names(tab)) == 4


@pytest.mark.usefixtures("event_id")
def test_delete_key_drops_after_confirmation_and_undrop_needs_none(
    window: MainWindow, qtbot: QtBot
) -> None:
    tab = players_tab(window)
    answers = Answers(window, confirm=False)
    quick_add(qtbot, tab, "Ada Byrne", "Bo Chen")
    select(tab, "Ada Byrne")
    tab.table.setFocus()

    qtbot.keyClick(tab.table, Qt.Key.Key_Delete)
    assert answers.questions and "Drop Ada Byrne (p1)?" in answers.questions[0]
    assert tab.proxy.index(0, 5).data() == "Active"

    answers.answer = True
    qtbot.keyClick(tab.table, Qt.Key.Key_Delete)
    assert tab.proxy.index(0, 5).data() == "Dropped before round 1"
    assert tab.count_label.text() == "2 players, 1 dropped"
    assert not tab.drop_selected.action.isEnabled() and tab.undrop_selected.action.isEnabled()

    asked = len(answers.questions)
    tab.undrop_selected.button.click()
    assert tab.proxy.index(0, 5).data() == "Active"
    assert len(answers.questions) == asked


@pytest.mark.usefixtures("event_id")
def test_ctrl_z_undoes_the_last_registration_action(window: MainWindow, qtbot: QtBot) -> None:
    tab = players_tab(window)
    Answers(window, confirm=True)
    assert not tab.undo.action.isEnabled()
    quick_add(qtbot, tab, "Ada Byrne", "Bo Chen")
    select(tab, "Ada Byrne")
    tab.drop_selected.action.trigger()
    assert tab.undo.action.text() == "&Undo dropped Ada Byrne"
    assert tab.undo.button.text() == "&Undo dropped Ada Byrne"

    tab.table.setFocus()
    qtbot.keyClick(tab.table, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert tab.proxy.index(0, 5).data() == "Active"
    assert tab.undo.action.text() == "&Undo registered Bo Chen"

    # In the empty quick-add field Ctrl+Z is the tab's Undo too.
    tab.quick_add_edit.setFocus()
    qtbot.keyClick(tab.quick_add_edit, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert names(tab) == ["Ada Byrne"]
    assert window.statusBar().currentMessage() == "Undid: registered Bo Chen"


@pytest.mark.usefixtures("event_id")
def test_f2_edits_the_selected_player_and_a_refused_add_is_a_warning(
    window: MainWindow, qtbot: QtBot
) -> None:
    tab = players_tab(window)
    answers = Answers(window)
    quick_add(qtbot, tab, "Ada Byrne")

    def fill(dialog: QDialog) -> int:
        assert isinstance(dialog, PlayerDialog)
        assert dialog.id_edit.isReadOnly() and dialog.id_edit.text() == "p1"
        qtbot.keyClicks(dialog.email_edit, "ada@example.org")
        dialog.byes_spin.setValue(1)
        dialog.accept()
        return dialog.result()

    window.prompts.run_dialog = fill
    tab.table.setFocus()
    qtbot.keyClick(tab.table, Qt.Key.Key_F2)
    assert [tab.proxy.index(0, c).data() for c in (3, 4)] == ["ada@example.org", "1"]

    def add_taken_id(dialog: QDialog) -> int:
        assert isinstance(dialog, PlayerDialog)
        qtbot.keyClicks(dialog.name_edit, "Bo Chen")
        qtbot.keyClicks(dialog.id_edit, "p1")
        dialog.accept()
        return dialog.result()

    window.prompts.run_dialog = add_taken_id
    tab.add_with_details.action.trigger()
    assert answers.warnings == ["id 'p1' is already used in this event"]
    assert names(tab) == ["Ada Byrne"]


def write_players_csv(path: Path) -> list[int]:
    """300 players, three of them broken; the broken rows' line numbers."""
    lines = ["name,id,email,awarded_byes"]
    broken = {
        57: ",,nameless@example.org,0",
        150: "Bad Mail,,not-an-address,0",
        263: "Bad Byes,,,two",
    }
    for n in range(1, 301):
        line_number = n + 1
        lines.append(broken.get(line_number, f"Player {n:03d},,p{n:03d}@example.org,0"))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return sorted(broken)


@pytest.mark.usefixtures("event_id")
def test_csv_import_of_300_rows_with_3_broken_adds_297_and_reports_the_lines(
    window: MainWindow, tmp_path: Path
) -> None:
    tab = players_tab(window)
    csv_path = tmp_path / "players.csv"
    broken_lines = write_players_csv(csv_path)
    reports: list[QDialog] = []
    window.prompts.open_path = lambda _title, _filter: str(csv_path)

    def keep(dialog: QDialog) -> int:
        reports.append(dialog)
        return 0

    window.prompts.run_dialog = keep

    tab.import_csv.button.click()

    assert tab.model.rowCount() == 297
    (report,) = reports
    assert isinstance(report, ImportReportDialog)
    text = report.text()
    assert text.startswith("Added 297 players. 3 lines could not be imported.")
    for line in broken_lines:
        assert f"line {line}:" in text
    assert "line 57: the name is empty" in text
    assert "'not-an-address' is not an e-mail address" in text
    assert tab.undo.action.text() == "&Undo imported 297 players from a CSV"
    assert window.events_model.row_values(0).players == 297
    report.close()


def test_delete_event_asks_naming_it_and_its_players(
    window: MainWindow, db: Database, event_id: int
) -> None:
    for name in ("Ada", "Bo", "Cy"):
        registration.add_player(db, event_id=event_id, name=name)
    window.events_model.refresh()
    window.open_event(event_id)
    answers = Answers(window, confirm=False)

    window.delete_selected.action.trigger()
    assert "“Friday Skirmish” and its 3 players" in answers.questions[0]
    assert [e.id for e in events.list_events(db)] == [event_id]

    answers.answer = True
    window.delete_selected.action.trigger()
    assert events.list_events(db) == []
    assert window.events_model.rowCount() == 0
    assert window.event_view is None
    assert window.stack.currentWidget() is window.first_steps  # the last event went


def test_export_then_import_event_json(
    window: MainWindow, db: Database, event_id: int, tmp_path: Path
) -> None:
    for name in ("Ada", "Bo"):
        registration.add_player(db, event_id=event_id, name=name)
    window.events_model.refresh()
    window.open_event(event_id)
    target = tmp_path / "friday.json"
    suggested: list[str] = []

    def save(_title: str, name: str, _filter: str) -> str:
        suggested.append(name)
        return str(target)

    window.prompts.save_path = save
    window.export_json.action.trigger()
    assert suggested == ["friday-skirmish.json"]
    assert '"organizer-event/1"' in target.read_text(encoding="utf-8")

    window.prompts.open_path = lambda _title, _filter: str(target)
    window.import_json.action.trigger()
    imported = events.list_events(db)
    assert len(imported) == 2 and imported[0].player_count == 2
    assert window.event_view is not None and window.event_view.event_id == imported[0].id


def test_an_unreadable_json_file_is_a_warning(window: MainWindow, tmp_path: Path) -> None:
    answers = Answers(window)
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    window.import_json_file(str(bad))
    window.import_json_file(str(tmp_path / "missing.json"))
    assert len(answers.warnings) == 2
    assert "missing.json: cannot read it" in answers.warnings[1]


def test_the_app_names_a_hostile_event_file_as_the_command_line_does(
    window: MainWindow, tmp_path: Path
) -> None:
    answers = Answers(window)
    bad = tmp_path / "huge.json"
    rounds = [{"number": 1, "matches": [{"table": 10**30, "a": "p1", "b": None}]}]
    doc = {"players": [{"id": "p1", "name": "Ada", "awarded_byes": 10**19}], "rounds": rounds}
    bad.write_text(json.dumps(doc, indent=2), encoding="utf-8")
    window.import_json_file(str(bad))
    cli = organizer(tmp_path / "cli.sqlite3", "import", str(bad))
    assert cli.status == 2
    (warning,) = answers.warnings
    assert warning == cli.err.removeprefix("organizer import: ").strip()
    assert f"{bad}, line 3: 'awarded_byes' must be from 0 to 99" in warning
    assert "'table' must be from 1 to 9,999, not a 31-digit number" in warning


def mnemonic(text: str) -> str | None:
    """The letter after a single '&' ('&&' is a literal ampersand)."""
    i = text.replace("&&", "").find("&")
    return text.replace("&&", "")[i + 1].lower() if i >= 0 else None


@pytest.mark.usefixtures("event_id")
def test_everything_is_reachable_from_the_keyboard(window: MainWindow, qtbot: QtBot) -> None:
    tab = players_tab(window)
    texts = [m.title() for m in window.menuBar().findChildren(QMenu)]
    texts += [b.text() for b in window.findChildren(QAbstractButton) if b.isVisible()]
    texts += [lb.text() for lb in window.findChildren(QLabel) if lb.buddy() and lb.isVisible()]
    letters = [m for m in map(mnemonic, texts) if m]
    assert len(letters) >= 14
    assert len(letters) == len(set(letters)), sorted(letters)

    tab.table.setFocus()
    qtbot.keyClick(tab.table, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    assert QApplication.focusWidget() is tab.quick_add_edit
    tab.table.setFocus()
    qtbot.keyClick(tab.table, Qt.Key.Key_Insert)
    assert QApplication.focusWidget() is tab.quick_add_edit
    qtbot.keyClick(tab.quick_add_edit, Qt.Key.Key_3, Qt.KeyboardModifier.ControlModifier)
    assert window.event_view is not None and window.event_view.tabs.currentIndex() == 2


def test_the_events_list_counts_a_round_as_soon_as_it_is_paired(
    window: MainWindow, db: Database, event_id: int
) -> None:
    for name in ("Ada", "Bo", "Cy", "Di"):
        registration.add_player(db, event_id=event_id, name=name)
    window.events_model.refresh()
    window.open_event(event_id)
    assert window.event_view is not None
    rounds = window.event_view.rounds_tab
    window.event_view.tabs.setCurrentWidget(rounds)
    rounds.pair_next_round.button.click()
    row = window.events_model.row_of(event_id)
    assert row is not None
    assert window.events_model.index(row, 4).data() == "1"  # Rounds, without a restart
