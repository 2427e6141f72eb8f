"""The Rounds tab driven like a TO at the counter: pair, then type slip after slip.

Real widgets on a real SQLite file. Keys go to whatever widget has the focus,
as on a real keyboard, so the tests also check where the cursor goes. What
the TO answers (confirmations, the tie breaker, the swap dialog) is given
through the window's `Prompts`; what was recorded is read back through
`services.interchange.load_event`.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt, QTimer
from PySide6.QtWidgets import QApplication, QDialog, QMessageBox
from pytestqt.qtbot import QtBot

from organizer.core.event import EventData, Match
from organizer.core.names import sort_key
from organizer.gui.rounds.rounds_tab import RoundsTab
from organizer.gui.rounds.sudden_death_dialog import SuddenDeathDialog
from organizer.gui.rounds.swap_dialog import SwapDialog
from organizer.gui.window.main_window import MainWindow
from organizer.services.event import interchange
from organizer.services.players import registration
from organizer.storage.database import Database
from tests.gui.answers import Answers, focused, two_player, type_keys
from tests.gui.played_events import event_with_players, play_round


def rounds_tab(window: MainWindow) -> RoundsTab:
    assert window.event_view is not None
    tab = window.event_view.rounds_tab
    window.event_view.tabs.setCurrentWidget(tab)
    return tab


def load(db: Database, event_id: int) -> EventData:
    return interchange.load_event(db, event_id=event_id)


def match_at(event: EventData, round_number: int, table: int) -> Match:
    return next(m for m in event.rounds[round_number - 1].matches if m.table == table)


@pytest.fixture
def castle(db: Database) -> int:
    """Castle Wars (best of 3, draws allowed) with 9 players: 4 tables and a bye."""
    return event_with_players(db, "castle-wars", 9, name="Castle night")


@pytest.fixture
def wars(db: Database) -> int:
    """WARS TCG Constructed: best of 3, no drawn games."""
    return event_with_players(db, "wars-constructed", 4, name="WARS night")


@pytest.mark.usefixtures("castle")
def test_pair_round_one_and_type_every_slip_from_the_keyboard(
    window: MainWindow, db: Database, castle: int, qtbot: QtBot
) -> None:
    tab = rounds_tab(window)
    answers = Answers(window)
    assert tab.status_label.text().startswith("No rounds yet")
    assert not tab.entry.isEnabled()
    assert QApplication.focusWidget() is tab.pair_next_round.button

    qtbot.keyClick(focused(), Qt.Key.Key_P, Qt.KeyboardModifier.ControlModifier)
    assert tab.model.round_number == 1
    assert tab.round_combo.currentText() == "Round 1"
    assert tab.status_label.text() == "Round 1: 4 of 4 results missing (tables 1, 2, 3, 4)"
    assert window.statusBar().currentMessage() == "Paired round 1: 4 tables, 1 bye."
    assert QApplication.focusWidget() is tab.entry.table_edit

    event = load(db, castle)
    names = {p.id: p.name for p in event.players}
    scores = {1: "2-1", 2: "0-2", 3: "1-1-1", 4: "2-0"}
    for table, score in scores.items():
        type_keys(qtbot, str(table))
        # The slip check: the row is highlighted and both names are shown.
        (selected,) = tab.table.selectionModel().selectedRows()
        assert selected.data() == str(table)
        match = match_at(event, 1, table)
        a, b = (names[p] for p in match.players)
        assert f"Table {table}:  {a} (0)  vs  {b} (0)" == tab.entry.slip_label.text()
        type_keys(qtbot, " ")  # Space moves on to the score
        assert QApplication.focusWidget() is two_player(tab).score_edit
        type_keys(qtbot, f"{score}\n")
        assert tab.entry.table_edit.text() == two_player(tab).score_edit.text() == ""
        assert QApplication.focusWidget() is tab.entry.table_edit
        assert tab.entry.slip_label.text().startswith(f"✓ Table {table}: recorded {score}")

    recorded = load(db, castle).rounds[0]
    assert {m.table: (m.wins, m.draws) for m in recorded.matches if m.table} == {
        1: ((2, 1), 0),
        2: ((0, 2), 0),
        3: ((1, 1), 1),
        4: ((2, 0), 0),
    }
    assert tab.status_label.text() == "Round 1: all 4 results in."
    assert [tab.model.index(r, 3).data() for r in range(5)] == [*scores.values(), "bye"]
    assert answers.questions == answers.warnings == []


@pytest.mark.usefixtures("castle")
def test_enter_after_the_table_moves_on_and_a_wrong_table_is_an_inline_error(
    window: MainWindow, db: Database, castle: int, qtbot: QtBot
) -> None:
    tab = rounds_tab(window)
    answers = Answers(window)
    tab.pair_next_round.button.click()

    type_keys(qtbot, "40")
    assert tab.entry.slip_label.text() == "No table 40 in round 1."
    assert not tab.table.selectionModel().hasSelection()
    type_keys(qtbot, "\n")
    assert tab.entry.error_label.isVisible()
    assert tab.entry.error_label.text() == "Round 1 has no table 40."
    assert "c00000" in tab.entry.error_label.styleSheet()  # red
    assert QApplication.focusWidget() is tab.entry.table_edit
    assert answers.warnings == []  # no modal box

    type_keys(qtbot, "2")  # typing again replaces the selected number and clears the error
    assert tab.entry.table_edit.text() == "2"
    assert tab.entry.error_label.isHidden()
    type_keys(qtbot, "\n")
    assert QApplication.focusWidget() is two_player(tab).score_edit
    type_keys(qtbot, "1-0\n")
    assert match_at(load(db, castle), 1, 2).wins == (1, 0)


@pytest.mark.usefixtures("castle")
def test_an_impossible_score_is_an_inline_error_and_records_nothing(
    window: MainWindow, db: Database, castle: int, qtbot: QtBot
) -> None:
    tab = rounds_tab(window)
    answers = Answers(window)
    tab.pair_next_round.button.click()

    type_keys(qtbot, "1 3-0\n")
    assert tab.entry.error_label.text() == (
        "Table 1: 3-0: in a best-of-3 match nobody wins more than 2 games."
    )
    assert QApplication.focusWidget() is two_player(tab).score_edit
    assert tab.entry.table_edit.text() == "1"  # the slip stays to be fixed

    two_player(tab).score_edit.selectAll()
    type_keys(qtbot, "two-one\n")
    assert tab.entry.error_label.text().startswith("'two-one' is not a score")
    assert match_at(load(db, castle), 1, 1).wins is None
    assert answers.warnings == []

    two_player(tab).score_edit.selectAll()
    type_keys(qtbot, "2-1\n")
    assert tab.entry.error_label.isHidden()
    assert match_at(load(db, castle), 1, 1).wins == (2, 1)


@pytest.mark.usefixtures("wars")
def test_a_draw_in_wars_asks_who_won_the_tie_breaker(
    window: MainWindow, db: Database, wars: int, qtbot: QtBot
) -> None:
    tab = rounds_tab(window)
    answers = Answers(window, choice=None)
    tab.pair_next_round.button.click()
    event = load(db, wars)
    names = {p.id: p.name for p in event.players}
    a, b = (names[p] for p in match_at(event, 1, 1).players)

    type_keys(qtbot, "1 1-0-1\n")  # cancelled: nothing recorded, the slip stays
    ((question, choices),) = answers.choices
    assert "Table 1: 1-0-1 has a drawn game" in question
    assert "Who won the tie breaker of the drawn game?" in question
    assert choices == (a, b)
    assert match_at(load(db, wars), 1, 1).wins is None

    answers.choice = 1
    type_keys(qtbot, "\n")
    assert match_at(load(db, wars), 1, 1).wins == (1, 1)  # B takes the drawn game: level
    assert tab.entry.slip_label.text() == (
        f"✓ Table 1: recorded 1-1  ({a} vs {b}); tie breaker to {b}. Next slip."
    )

    type_keys(qtbot, "2 0-0\n")  # impossible: said before any question
    assert len(answers.choices) == 2
    assert tab.entry.error_label.text().startswith("Table 2: 0-0: no game finished")
    assert "enter 0-0-1 (one drawn game)" in tab.entry.error_label.text()  # issue 36 item 7
    two_player(tab).score_edit.selectAll()
    type_keys(qtbot, "2-0\n")  # not a draw: no question
    assert len(answers.choices) == 2
    assert match_at(load(db, wars), 1, 2).wins == (2, 0)


@pytest.mark.usefixtures("castle")
def test_a_correction_asks_first_and_then_warns_about_later_rounds(
    window: MainWindow, db: Database, castle: int, qtbot: QtBot
) -> None:
    tab = rounds_tab(window)
    answers = Answers(window, confirm=False)
    tab.pair_next_round.button.click()
    type_keys(qtbot, "1 2-1\n2 2-0\n3 0-2\n4 2-1\n")
    tab.pair_next_round.button.click()
    assert tab.model.round_number == 2

    tab.show_round(1)
    assert tab.status_label.text() == "Round 1: all 4 results in."
    tab.entry.focus_table()
    type_keys(qtbot, "1 0-2\n")
    assert answers.questions[-1].startswith("Table 1 has 2-1; change to 0-2?")
    assert match_at(load(db, castle), 1, 1).wins == (2, 1)
    assert tab.warning_label.isHidden()

    answers.confirm = True
    two_player(tab).score_edit.selectAll()
    type_keys(qtbot, "0-2\n")
    assert match_at(load(db, castle), 1, 1).wins == (0, 2)
    assert tab.warning_label.isVisible()
    assert tab.warning_label.text() == (
        "⚠ Round 1 table 1 changed from 2-1 to 0-2: round(s) 2 were paired from the old result."
    )
    assert window.statusBar().currentMessage() == "Round 1 table 1: changed from 2-1 to 0-2."
    assert tab.model.round_number == 1  # still on the round being corrected

    asked = len(answers.questions)
    type_keys(qtbot, "2 2-0\n")  # the same score again: nothing to ask, nothing changed
    assert len(answers.questions) == asked
    assert tab.entry.slip_label.text() == "Table 2 already has 2-0: nothing changed."


@pytest.mark.usefixtures("castle")
def test_the_drop_box_drops_the_player_after_this_round(
    window: MainWindow, db: Database, castle: int, qtbot: QtBot
) -> None:
    tab = rounds_tab(window)
    Answers(window)
    tab.pair_next_round.button.click()
    event = load(db, castle)
    b_id = match_at(event, 1, 3).players[1]
    b_name = event.player(b_id).name

    type_keys(qtbot, "3 2-0")
    assert two_player(tab).drop_b.text() == f"&B drops: {b_name}"
    qtbot.keyClick(focused(), Qt.Key.Key_B, Qt.KeyboardModifier.AltModifier)
    qtbot.waitUntil(two_player(tab).drop_b.isChecked)  # a mnemonic clicks with a short animation
    assert not two_player(tab).drop_a.isChecked()
    assert QApplication.focusWidget() is two_player(tab).score_edit  # Enter still records
    type_keys(qtbot, "\n")

    dropped = {
        p.code: p.dropped_after_round for p in registration.list_players(db, event_id=castle)
    }
    assert dropped[b_id] == 1
    assert [v for v in dropped.values() if v is not None] == [1]
    assert not two_player(tab).drop_b.isChecked()
    row = tab.model.row_of_table(3)
    assert row is not None and tab.model.index(row, 2).data().endswith("· drops")
    # The Players tab heard about it too.
    assert window.event_view is not None
    players = window.event_view.players_tab
    window.event_view.tabs.setCurrentWidget(players)  # a hidden tab reads when shown
    assert players.count_label.text() == "9 players, 1 dropped"


@pytest.mark.usefixtures("castle")
def test_pair_next_is_refused_with_the_reason_while_results_are_missing(
    window: MainWindow, db: Database, castle: int, qtbot: QtBot
) -> None:
    tab = rounds_tab(window)
    answers = Answers(window)
    tab.pair_next_round.button.click()
    type_keys(qtbot, "2 2-0\n")

    qtbot.keyClick(focused(), Qt.Key.Key_P, Qt.KeyboardModifier.ControlModifier)
    (warning,) = answers.warnings
    assert warning.startswith("round 1 still has 3 result(s) missing (table 1, 3, 4)")
    assert len(load(db, castle).rounds) == 1
    assert tab.round_combo.count() == 1


@pytest.mark.usefixtures("castle")
def test_pair_again_asks_naming_the_results_it_throws_away(
    window: MainWindow, db: Database, castle: int, qtbot: QtBot
) -> None:
    tab = rounds_tab(window)
    answers = Answers(window, confirm=False)
    tab.pair_next_round.button.click()
    seed = load(db, castle).rounds[0].seed
    type_keys(qtbot, "1 2-0\n2 2-1\n")

    tab.pair_again.button.click()
    assert answers.questions[-1].startswith(
        "Round 1 already has 2 results. Pairing it again throws them away."
    )
    assert [m.wins for m in load(db, castle).rounds[0].matches[:2]] == [(2, 0), (2, 1)]

    answers.confirm = True
    tab.pair_again.button.click()
    again = load(db, castle).rounds
    assert len(again) == 1 and again[0].seed != seed
    assert all(m.wins is None for m in again[0].matches if not m.is_bye)
    assert tab.status_label.text() == "Round 1: 4 of 4 results missing (tables 1, 2, 3, 4)"
    assert window.statusBar().currentMessage() == "Paired again round 1: 4 tables, 1 bye."


@pytest.fixture
def round_two_paired(db: Database, castle: int) -> int:
    """`castle` with round 1 played and round 2 paired, no results yet."""
    play_round(db, castle, seed=3)
    play_round(db, castle, seed=4, leave_open={1, 2, 3, 4})
    return castle


@pytest.mark.usefixtures("round_two_paired")
def test_swap_players_through_the_dialog_names_the_rematch_it_makes(
    window: MainWindow, db: Database, castle: int
) -> None:
    tab = rounds_tab(window)
    assert tab.model.round_number == 2
    answers = Answers(window)
    event = load(db, castle)
    # x plays z in round 2; swapping z with x's round 1 opponent w makes a rematch.
    first = next(m for m in event.rounds[0].matches if not m.is_bye)
    x, w = first.players
    second = next(m for m in event.rounds[1].matches if x in m.players)
    z = next(p for p in second.players if p != x)
    assert w not in second.players

    def swap(dialog: QDialog) -> int:
        assert isinstance(dialog, SwapDialog)
        assert dialog.first_combo.count() == 9
        dialog.select(z, w)
        assert dialog.ok_button.isEnabled()
        dialog.accept()
        return dialog.result()

    window.prompts.run_dialog = swap
    tab.swap.button.click()
    after = load(db, castle).rounds[1]
    swapped = next(m for m in after.matches if x in m.players)
    assert w in swapped.players
    assert tab.warning_label.isVisible()
    assert f"Rematch at table {swapped.table}" in tab.warning_label.text()
    assert answers.warnings == []


@pytest.mark.usefixtures("castle")
def test_a_click_on_a_header_sorts_and_the_selected_table_stays_selected(
    window: MainWindow, db: Database, castle: int, qtbot: QtBot
) -> None:
    tab = rounds_tab(window)
    Answers(window)
    tab.pair_next_round.button.click()
    header = tab.table.horizontalHeader()
    type_keys(qtbot, "3")
    assert tab.selected_table() == 3

    middle = header.height() // 2
    qtbot.mouseClick(
        header.viewport(),
        Qt.MouseButton.LeftButton,
        pos=QPoint(header.sectionViewportPosition(1) + 10, middle),
    )
    assert header.sortIndicatorSection() == 1
    names = [tab.model.row_at(r).names[0] for r in range(tab.model.rowCount())]
    assert names == sorted(names, key=sort_key)
    (selected,) = tab.table.selectionModel().selectedRows()
    assert selected.data() == "3"  # the row moved; the selection went with it
    assert tab.table.visualRect(selected).intersects(tab.table.viewport().rect())

    tab.entry.focus_table()  # back to the slip, as the TO clicks into it
    type_keys(qtbot, "3 1-1-1\n")  # the slip finds its row wherever it is
    assert match_at(load(db, castle), 1, 3).wins == (1, 1)
    type_keys(qtbot, "1")
    (selected,) = tab.table.selectionModel().selectedRows()
    assert selected.data() == "1"
    assert tab.table.selectionModel().currentIndex().row() == selected.row()

    result = tab.model.columnCount() - 1  # wide enough for what it holds, measured once
    for column in (0, result):
        assert tab.table.columnWidth(column) >= tab.table.sizeHintForColumn(column)


@pytest.mark.usefixtures("castle")
def test_double_clicking_a_pairing_starts_its_slip(
    window: MainWindow, db: Database, castle: int, qtbot: QtBot
) -> None:
    tab = rounds_tab(window)
    Answers(window)
    tab.pair_next_round.button.click()
    index = tab.model.index(2, 1)
    rect = tab.table.visualRect(index)
    qtbot.mouseClick(tab.table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.mouseDClick(tab.table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert tab.entry.table_edit.text() == "3"
    assert QApplication.focusWidget() is two_player(tab).score_edit
    type_keys(qtbot, "0-2\n")
    assert match_at(load(db, castle), 1, 3).wins == (0, 2)


def test_the_tie_breaker_question_has_a_button_per_player(window: MainWindow, qtbot: QtBot) -> None:
    """The real message box behind `Prompts.choose`: the button clicked is the answer."""
    answers: list[int | None] = []

    def click(label: str) -> None:
        box = QApplication.activeModalWidget()
        assert isinstance(box, QMessageBox)
        (button,) = [b for b in box.buttons() if b.text() == label]
        button.click()

    for label, expected in (("Bo Chen", 1), ("Ada Byrne", 0), ("Cancel", None)):
        QTimer.singleShot(0, lambda label=label: click(label))
        answers.append(window.prompts.choose("Tie breaker", "Who won?", ["Ada Byrne", "Bo Chen"]))
        assert answers[-1] == expected


def test_sudden_death_opens_for_the_selected_table_of_a_warcaste_round(
    window: MainWindow, db: Database, qtbot: QtBot
) -> None:
    skirmish = event_with_players(db, "warcaste-skirmish-constructed", 4, name="Skirmish")
    window.open_event(skirmish)
    tab = rounds_tab(window)
    Answers(window)
    tab.pair_next_round.button.click()
    assert tab.sudden_death.button.isVisible()
    assert not tab.sudden_death.action.isEnabled()  # no table selected yet

    opened: list[SuddenDeathDialog] = []

    def walk_through(dialog: QDialog) -> int:
        assert isinstance(dialog, SuddenDeathDialog)
        opened.append(dialog)
        return int(QDialog.DialogCode.Rejected)

    window.prompts.run_dialog = walk_through
    type_keys(qtbot, "2")  # the slip's table selects its row
    assert tab.selected_table() == 2 and tab.sudden_death.action.isEnabled()
    qtbot.keyClick(
        focused(),
        Qt.Key.Key_D,
        Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
    )
    (dialog,) = opened
    assert dialog.table == 2 and dialog.round_number == 1


@pytest.mark.usefixtures("castle")
def test_castle_wars_has_no_sudden_death(window: MainWindow, qtbot: QtBot) -> None:
    tab = rounds_tab(window)
    tab.pair_next_round.button.click()
    type_keys(qtbot, "1")
    assert tab.sudden_death.button.isHidden()
    assert not tab.sudden_death.action.isEnabled()
