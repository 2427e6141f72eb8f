"""The Penalties tab under pytest-qt: typed from the keyboard like a slip, the log and history,
upgrades marked, a loss that changes a result, a disqualification asked first, removal."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from organizer.core.results import Score
from organizer.gui.penalties.penalties_model import PenaltiesModel
from organizer.gui.penalties.penalties_tab import PenaltiesTab
from organizer.gui.window.main_window import MainWindow, create_main_window
from organizer.services.event import interchange
from organizer.services.judging import penalties
from organizer.services.players import registration
from organizer.services.rounds.results import record_result
from organizer.storage.database import Database
from tests.gui.answers import Answers, focused, type_keys
from tests.services.event_builders import event_with_players, store_round


@pytest.fixture
def event(db: Database) -> int:
    event_id = event_with_players(db, "castle-wars", 5)
    store_round(db, event_id, 1, [("p1", "p2"), ("p3", "p4"), ("p5", None)])
    return event_id


@pytest.fixture
def window(db: Database, event: int, qtbot: QtBot) -> Iterator[MainWindow]:
    win = create_main_window(db)
    qtbot.addWidget(win)
    win.resize(1280, 800)
    win.show()
    win.activateWindow()
    qtbot.waitExposed(win)
    yield win
    win.close()


@pytest.fixture
def tab(window: MainWindow) -> PenaltiesTab:
    assert window.event_view is not None
    page = window.event_view.tab("Penalties")
    assert isinstance(page, PenaltiesTab)
    window.event_view.tabs.setCurrentWidget(page)
    return page


def scores(db: Database, event_id: int) -> list[object]:
    return [m.wins for m in interchange.load_event(db, event_id=event_id).rounds[0].matches]


def test_a_warning_typed_from_the_keyboard(
    window: MainWindow, tab: PenaltiesTab, db: Database, event: int, qtbot: QtBot
) -> None:
    entry = tab.entry
    assert focused() is entry.player_edit
    assert tab.log_label.text() == "Judge log: 0 penalties"
    type_keys(qtbot, "p3")
    assert entry.slip_label.text() == "Player 3 (p3): round 1, table 2 vs Player 4."
    assert tab.log_label.text() == "History of Player 3: 0 penalties"
    type_keys(qtbot, "\n")  # Enter moves on, as on a slip
    assert focused() is entry.category_box
    type_keys(qtbot, "Slow")  # a combo box is chosen by typing its first letters
    assert entry.category_box.currentText() == "Slow Play"
    qtbot.keyClick(focused(), Qt.Key.Key_Tab)
    assert focused() is entry.penalty_box and entry.penalty_box.currentText() == "Warning"
    qtbot.keyClick(focused(), Qt.Key.Key_Tab)
    type_keys(qtbot, "long turns")
    qtbot.keyClick(focused(), Qt.Key.Key_Tab)
    type_keys(qtbot, "Ana\n")
    (line,) = penalties.log(db, event_id=event)
    assert (line.record.code, line.record.category, line.record.penalty) == (
        "p3", "Slow Play", "Warning"
    )  # fmt: skip
    assert (line.record.note, line.record.judge) == ("long turns", "Ana")
    assert entry.slip_label.text() == "Recorded #1: Warning for Player 3 (Slow Play)."
    assert focused() is entry.player_edit and entry.player_edit.text() == ""
    assert entry.judge_edit.text() == "Ana"  # the judge stays for the next one
    assert tab.model.rowCount() == 1 and tab.log_label.text() == "Judge log: 1 penalty"
    assert window.statusBar().currentMessage() == "Recorded #1: Warning for Player 3."


def test_the_history_marks_an_upgrade(
    tab: PenaltiesTab, db: Database, event: int, qtbot: QtBot
) -> None:
    penalties.add_penalty(db, event_id=event, player="p1", category="Slow Play", penalty="Warning")
    penalties.add_penalty(db, event_id=event, player="p2", category="Tardiness", penalty="Warning")
    tab.refresh()
    entry = tab.entry
    entry.player_edit.setText("Player 1 (p1)")  # as the completer fills it in
    assert tab.model.rowCount() == 1  # only Player 1's history
    entry.category_box.setCurrentText("Slow Play")
    entry.player_edit.setFocus()
    type_keys(qtbot, "\n")
    entry.record()
    assert "this 2nd one is an upgrade" in entry.slip_label.text()
    assert tab.model.rowCount() == 3  # the whole log again
    second = tab.model.index(2, 6)
    assert second.data() == "Warning (2nd: upgrade)"
    assert second.data(Qt.ItemDataRole.ForegroundRole).color() == QColor("#9b1c1c")
    assert tab.model.index(1, 6).data() == "Warning"


def test_a_game_loss_changes_the_result_and_a_wrong_player_is_said_in_red(
    window: MainWindow, tab: PenaltiesTab, db: Database, event: int, qtbot: QtBot
) -> None:
    record_result(db, event_id=event, table=1, score=Score(2, 1))
    tab.refresh()
    entry = tab.entry
    type_keys(qtbot, "nobody\n")
    assert entry.error_label.isVisible()
    assert entry.error_label.text() == "No player 'nobody' in this event."
    entry.player_edit.clear()
    type_keys(qtbot, "Player 1")  # a name only one player has
    assert entry.player_code() == "p1"
    assert "result entered" in entry.slip_label.text()
    entry.category_box.setCurrentText("Cheating")
    entry.penalty_box.setCurrentText("Game Loss")
    entry.record()
    assert not entry.error_label.isVisible()
    assert scores(db, event)[0] == (1, 2)
    assert "table 1: 2-1 -> 1-2" in entry.slip_label.text()
    assert tab.model.index(0, 9).data() == "table 1: 2-1 -> 1-2"
    entry.player_edit.setText("p5")  # a bye has no game to lose: said in red, nothing written
    entry.penalty_box.setCurrentText("Match Loss")
    entry.record()
    assert entry.error_label.text().startswith("Player 5 has a bye in round 1")
    assert len(penalties.log(db, event_id=event)) == 1


def test_a_disqualification_is_asked_first(
    window: MainWindow, tab: PenaltiesTab, db: Database, event: int
) -> None:
    answers = Answers(window, confirm=False)
    entry = tab.entry
    entry.player_edit.setText("p4")
    entry.category_box.setCurrentText("Cheating")
    entry.penalty_box.setCurrentText("Disqualification")
    entry.record()
    assert answers.questions == [
        "Disqualify Player 4? They are dropped from the event, and an open match of theirs is lost."
    ]
    assert penalties.log(db, event_id=event) == []
    answers.confirm = True
    entry.record()
    assert registration.find_player(db, event_id=event, code="p4").dropped
    assert scores(db, event)[1] == (2, 0)


def test_remove_asks_why_and_show_removed_strikes_it_through(
    window: MainWindow, tab: PenaltiesTab, db: Database, event: int, qtbot: QtBot
) -> None:
    penalties.add_penalty(db, event_id=event, player="p2", category="Tardiness", penalty="Warning")
    tab.refresh()
    asked: list[str] = []

    def answer(_title: str, label: str) -> str:
        asked.append(label)
        return "wrong player"

    window.prompts.ask_text = answer
    assert not tab.remove_button.isEnabled()
    tab.table.selectRow(0)
    assert tab.remove_button.isEnabled()
    tab.table.setFocus()
    qtbot.keyClick(tab.table, Qt.Key.Key_Delete)
    assert asked and asked[0].startswith("Remove #1, the Warning for Player 2 (Tardiness)?")
    assert tab.model.rowCount() == 0
    assert window.statusBar().currentMessage() == "Removed #1: Warning for Player 2."
    tab.removed_box.setChecked(True)
    assert tab.model.rowCount() == 1
    assert tab.model.index(0, 9).data() == "removed: wrong player"
    assert tab.model.index(0, 4).data(Qt.ItemDataRole.FontRole).strikeOut()
    tab.table.selectRow(0)
    assert not tab.remove_button.isEnabled()  # removed already


def test_the_model_passes_the_model_tester(
    db: Database, event: int, qtmodeltester: ModelTester
) -> None:
    model = PenaltiesModel(db, event)
    qtmodeltester.check(model)
    penalties.add_penalty(db, event_id=event, player="p2", category="Tardiness", penalty="Warning")
    penalties.add_penalty(db, event_id=event, player="p2", category="Tardiness", penalty="Warning")
    model.refresh()
    qtmodeltester.check(model)
    assert [model.index(r, 6).data() for r in range(2)] == ["Warning", "Warning (2nd: upgrade)"]
    model.show_player("p1")
    assert model.rowCount() == 0


def test_following_a_player_filters_the_log_read_without_reading_again(
    db: Database, event: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    penalties.add_penalty(db, event_id=event, player="p1", category="Tardiness", penalty="Warning")
    penalties.add_penalty(db, event_id=event, player="p2", category="Tardiness", penalty="Warning")
    model = PenaltiesModel(db, event)

    def no_read() -> list[object]:
        raise AssertionError("read on the UI thread")

    monkeypatch.setattr(model, "read", no_read)
    model.show_player("p2")  # each keystroke in the player field: no read of the event
    assert [model.row_at(r).record.code for r in range(model.rowCount())] == ["p2"]
    model.show_player(None)
    model.set_show_removed(True)
    assert model.rowCount() == 2


def test_the_tab_reads_the_event_when_first_shown_not_when_it_opens(
    window: MainWindow, db: Database, event: int
) -> None:
    assert window.event_view is not None
    page = window.event_view.tab("Penalties")
    assert isinstance(page, PenaltiesTab)
    assert page.entry.players == {} and page.stale  # opening the event read nothing here
    penalties.add_penalty(db, event_id=event, player="p1", category="Tardiness", penalty="Warning")
    window.event_view.tabs.setCurrentWidget(page)
    assert sorted(page.entry.players) == ["p1", "p2", "p3", "p4", "p5"]
    assert page.model.rowCount() == 1 and not page.stale
