"""The sudden-death walk-through driven by a judge at the table, from the keyboard.

Real widgets on a real SQLite file. The dialog is opened with
`open_sudden_death`, the way the Clock and Rounds tabs open it; the test is the
judge, answering through `Prompts.run_dialog`. Keys go to whichever widget
has the focus, so the tests also check where the cursor goes. What was
recorded is read back through `services.interchange.load_event`.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QDialog, QWidget
from pytestqt.qtbot import QtBot

from organizer.core.event import Match
from organizer.gui.kit.event_screen import EventPanel
from organizer.gui.kit.prompts import Prompts
from organizer.gui.rounds.sudden_death_dialog import SuddenDeathDialog, open_sudden_death
from organizer.services.clock import clock, sudden_death
from organizer.services.event import interchange
from organizer.services.kit.changes import Changes
from organizer.storage.database import Database
from tests.gui.clock_events import T0, paired_event
from tests.journal import journal_entries

Walk = Callable[[SuddenDeathDialog], None]


AT_TIME = T0 + dt.timedelta(minutes=60)
"""The 60-minute round's time is up (the clock starts at T0)."""


@pytest.fixture
def event(db: Database) -> int:
    """Warcaste Skirmish, 4 players, round 1 paired: tables 1 and 2; its clock started at T0."""
    event_id = paired_event(db, players=4)
    clock.start(db, event_id=event_id, now=T0)
    return event_id


def focused() -> QWidget:
    widget = QApplication.focusWidget()
    assert widget is not None
    return widget


def type_keys(qtbot: QtBot, text: str) -> None:
    """Type into whichever widget has the focus ("\\n" Enter, "\\t" Tab, " " Space)."""
    special = {"\n": Qt.Key.Key_Return, "\t": Qt.Key.Key_Tab, " ": Qt.Key.Key_Space}
    for char in text:
        if char in special:
            qtbot.keyClick(focused(), special[char])
        else:
            qtbot.keyClicks(focused(), char)


def run(
    db: Database,
    event: int,
    prompts: Prompts,
    qtbot: QtBot,
    walk: Walk,
    table: int = 1,
    now: dt.datetime = AT_TIME,
) -> Changes | None:
    """Open the dialog for `table` and let `walk` be the judge, with the dialog active."""

    def judge(dialog: QDialog) -> int:
        assert isinstance(dialog, SuddenDeathDialog)
        dialog.now = lambda: now
        qtbot.addWidget(dialog)
        with qtbot.waitActive(dialog):
            dialog.show()
            dialog.activateWindow()
        walk(dialog)
        dialog.close()
        return dialog.result()

    prompts.run_dialog = judge
    return open_sudden_death(EventPanel(db, event, prompts, prompts.parent), table)


def match_at(db: Database, event: int, table: int) -> Match:
    data = interchange.load_event(db, event_id=event)
    return next(m for m in data.rounds[-1].matches if m.table == table)


def test_a_full_sudden_death_walked_from_the_keyboard_records_the_result(
    db: Database, event: int, prompts: Prompts, qtbot: QtBot
) -> None:
    match = match_at(db, event, 1)
    a, b = match.players
    seen: dict[str, object] = {}

    def walk(dialog: SuddenDeathDialog) -> None:
        names = dialog.names
        assert focused() is dialog.first_buttons[0]
        assert dialog.first_buttons[0].text() == names[a]
        assert not dialog.rows[0].spin.isEnabled()
        type_keys(qtbot, "\t ")  # B was the active player: turn 1 is B's
        assert dialog.first_buttons[1].isChecked()
        assert focused() is dialog.rows[0].spin
        assert dialog.rows[0].player_label.text() == f"{names[b]} — turn 1 of 3"
        assert dialog.rows[1].player_label.text() == f"{names[a]} — turn 1 of 3"

        # B 2, A 1, B 0, A 3, B 2, A 1: A wins 5-4.
        for number, counters in enumerate((2, 1, 0, 3, 2), start=1):
            type_keys(qtbot, f"{counters}\n")
            assert dialog.rows[number - 1].mark_label.text() == "✓"
            assert focused() is dialog.rows[number].spin
        assert dialog.totals_label.text() == f"Counters so far:  {names[a]} 4  ·  {names[b]} 4"
        assert dialog.outcome_label.isHidden()
        type_keys(qtbot, "1\n")
        seen["outcome"] = dialog.outcome_label.text()
        seen["visible"] = dialog.outcome_label.isVisibleTo(dialog)
        seen["enabled"] = [r.spin.isEnabled() for r in dialog.rows]
        seen["names"] = names

    changes = run(db, event, prompts, qtbot, walk)
    names = seen["names"]
    assert isinstance(names, dict)
    assert seen["outcome"] == f"{names[a]} wins 5\u20134 on counters"
    assert seen["visible"] is True
    assert seen["enabled"] == [True] * 6  # every recorded turn stays correctable
    assert changes is not None and changes.results
    recorded = match_at(db, event, 1)
    assert recorded.wins == (1, 0) and recorded.draws == 0
    state = sudden_death.load(db, event_id=event, table=1)
    assert [t.counters for t in state.record.turns] == [2, 1, 0, 3, 2, 1]


def test_a_last_territory_destroyed_ends_it_at_turn_three(
    db: Database, event: int, prompts: Prompts, qtbot: QtBot
) -> None:
    a, b = match_at(db, event, 2).players
    seen: dict[str, object] = {}

    def walk(dialog: SuddenDeathDialog) -> None:
        type_keys(qtbot, " ")  # A was the active player
        type_keys(qtbot, "1\n2\n")
        row = dialog.rows[2]
        assert focused() is row.spin
        assert row.whose_combo.currentData() == b  # the opponent's territory by default
        type_keys(qtbot, "3\t\t ")  # active 3, past the other player's box, tick
        assert row.territory_box.isChecked() and row.whose_combo.isEnabled()
        type_keys(qtbot, "\t\t ")  # past the combo to Record, and press it
        seen["outcome"] = dialog.outcome_label.text()
        seen["later"] = [r.spin.isEnabled() for r in dialog.rows[3:]]
        seen["next"] = dialog.next_label.text()
        seen["names"] = dict(dialog.names)

    run(db, event, prompts, qtbot, walk, table=2)
    names = seen["names"]
    assert isinstance(names, dict)
    assert seen["outcome"] == f"{names[a]} wins: {names[b]}'s last territory destroyed"
    assert seen["later"] == [False, False, False]
    assert seen["next"] == "Sudden death is over; the result is recorded for the match."
    recorded = match_at(db, event, 2)
    assert recorded.wins == (1, 0)
    turns = sudden_death.load(db, event_id=event, table=2).record.turns
    assert len(turns) == 3 and turns[-1].last_territory_lost_by == b


def test_negative_counters_are_refused_inline_and_nothing_is_recorded(
    db: Database, event: int, prompts: Prompts, qtbot: QtBot
) -> None:
    seen: dict[str, object] = {}

    def walk(dialog: SuddenDeathDialog) -> None:
        type_keys(qtbot, " ")
        type_keys(qtbot, "-3\n")
        seen["error"] = dialog.error_label.text()
        seen["shown"] = dialog.error_label.isVisibleTo(dialog)
        seen["turns"] = len(sudden_death.load(db, event_id=event, table=1).record.turns)
        assert focused() is dialog.rows[0].spin
        dialog.rows[0].spin.selectAll()
        type_keys(qtbot, "3\n")
        seen["after"] = dialog.error_label.isVisibleTo(dialog)

    run(db, event, prompts, qtbot, walk)
    assert "damage counters are a whole number 0 or more, not -3" in str(seen["error"])
    assert seen["shown"] is True
    assert seen["turns"] == 0
    assert seen["after"] is False
    turns = sudden_death.load(db, event_id=event, table=1).record.turns
    assert [t.counters for t in turns] == [3]


def test_undo_takes_the_last_turn_back_and_a_recorded_turn_is_corrected(
    db: Database, event: int, prompts: Prompts, qtbot: QtBot
) -> None:
    seen: dict[str, object] = {}

    def walk(dialog: SuddenDeathDialog) -> None:
        type_keys(qtbot, " ")
        type_keys(qtbot, "2\n4\n")
        qtbot.keyClick(focused(), Qt.Key.Key_U, Qt.KeyboardModifier.AltModifier)
        qtbot.waitUntil(lambda: not dialog.rows[2].spin.isEnabled())  # a mnemonic animates
        seen["after_undo"] = [r.button.text() for r in dialog.rows[:3]]
        assert focused() is dialog.rows[1].spin
        first = dialog.rows[0].spin
        first.setFocus()
        first.selectAll()
        type_keys(qtbot, "5\n")  # Enter on a recorded turn corrects it
        seen["totals"] = dialog.totals_label.text()
        seen["names"] = dict(dialog.names)
        seen["first"] = dialog.state.record.first

    run(db, event, prompts, qtbot, walk)
    assert seen["after_undo"] == ["Correct", "Record", "Record"]
    turns = sudden_death.load(db, event_id=event, table=1).record.turns
    assert [t.counters for t in turns] == [5]
    names = seen["names"]
    assert isinstance(names, dict)
    a, b = match_at(db, event, 1).players
    assert seen["first"] == a
    assert seen["totals"] == f"Counters so far:  {names[a]} 5  ·  {names[b]} 0"


def test_undoing_the_deciding_turn_asks_the_slips_question_then_takes_the_result_back(
    db: Database, event: int, prompts: Prompts, qtbot: QtBot
) -> None:
    asked: list[str] = []
    answers = [False, True]

    def confirm(_title: str, question: str) -> bool:
        asked.append(question)
        return answers.pop(0)

    prompts.confirm = confirm

    def walk(dialog: SuddenDeathDialog) -> None:
        type_keys(qtbot, " ")
        type_keys(qtbot, "1\n1\n1\n1\n1\n1\n")
        assert dialog.outcome_label.text() == "Draw 3\u20133 on counters"
        assert match_at(db, event, 1).draws == 1
        dialog.undo_button.click()  # answered No: nothing changes
        assert "already has 0-0-1 by sudden death" in dialog.error_label.text()
        assert match_at(db, event, 1).draws == 1 and dialog.outcome_label.isVisibleTo(dialog)
        dialog.undo_button.click()  # answered Yes: a correction
        assert dialog.outcome_label.isHidden()
        assert focused() is dialog.rows[5].spin

    changes = run(db, event, prompts, qtbot, walk)
    assert changes is not None and changes.results
    assert match_at(db, event, 1).wins is None
    assert len(asked) == 2 and asked[0].endswith("Replace it?")
    journal = journal_entries(db, event_id=event)
    assert any(e.action == "suddendeath.correct" for e in journal)


def test_a_trap_in_the_other_players_box_wins_it_for_her(
    db: Database, event: int, prompts: Prompts, qtbot: QtBot
) -> None:
    """Issue 25's done-when table from the keyboard: active, Tab, other, Enter."""
    a, b = match_at(db, event, 1).players
    seen: dict[str, object] = {}

    def walk(dialog: SuddenDeathDialog) -> None:
        type_keys(qtbot, " ")  # A was the active player
        type_keys(qtbot, "1\t")
        assert focused() is dialog.rows[0].other_spin
        type_keys(qtbot, "2\n")  # A placed 1, B's trap 2 during A's turn
        assert focused() is dialog.rows[1].spin
        type_keys(qtbot, "0\n1\t2\n0\n1\n0\n")
        seen["outcome"] = dialog.outcome_label.text()
        seen["totals"] = dialog.totals_label.text()
        seen["others"] = [r.other_spin.value() for r in dialog.rows]
        seen["names"] = dict(dialog.names)

    run(db, event, prompts, qtbot, walk)
    names = seen["names"]
    assert isinstance(names, dict)
    assert seen["outcome"] == f"{names[b]} wins 4\u20133 on counters"
    assert seen["totals"] == f"Counters so far:  {names[a]} 3  ·  {names[b]} 4"
    assert seen["others"] == [2, 0, 2, 0, 0, 0]
    assert match_at(db, event, 1).wins == (0, 1)
    turns = sudden_death.load(db, event_id=event, table=1).record.turns
    assert [(t.counters, t.other) for t in turns] == [
        (1, 2),
        (0, 0),
        (1, 2),
        (0, 0),
        (1, 0),
        (0, 0),
    ]


def test_a_table_that_does_not_exist_is_explained_and_opens_nothing(
    db: Database, event: int, prompts: Prompts
) -> None:
    warnings: list[str] = []
    prompts.warn = lambda _title, text: warnings.append(text)
    prompts.run_dialog = lambda dialog: pytest.fail("no dialog for a missing table")
    assert open_sudden_death(EventPanel(db, event, prompts, prompts.parent), 9) is None
    assert warnings == ["no table 9 in that round"]
