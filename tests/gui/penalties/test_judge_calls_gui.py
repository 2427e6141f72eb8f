"""Judge calls in the app: a call from a phone (a second `Database` on the file, as the
players' page writes) rings at the TO's station and shows in the status bar through the
live watch; the queue window lists it, claims it as a judge and resolves it; its model
passes Qt's model tester."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from organizer.gui.penalties.judge_call_alert import JudgeCallAlert
from organizer.gui.penalties.judge_calls_model import WAITING, JudgeCallsModel
from organizer.gui.window.main_window import create_main_window
from organizer.services.judging import judge_calls
from organizer.services.phones import judges
from organizer.services.rounds import pairing
from organizer.storage.database import Database
from tests.gui.played_events import event_with_players
from tests.services.judging.phones import call_from_another_phone


def test_a_phones_call_rings_and_the_queue_claims_and_resolves_it(
    db: Database, db_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = f"sqlite:///{db_path}"
    event_id = event_with_players(db, "castle-wars", 8)
    paired = pairing.pair_next(db, event_id=event_id, seed=2).value
    caller = paired.matches[2].players[0]
    judges.add_judge(db, event_id=event_id, name="Ana")
    beeps: list[int] = []
    monkeypatch.setattr(QApplication, "beep", lambda: beeps.append(1))  # Qt's, not ours
    win = create_main_window(db, event_id=event_id)
    qtbot.addWidget(win)
    win.show()
    dialog = win.judge_desk.show_calls()
    assert dialog is not None and dialog.model.rowCount() == 0 and dialog.empty.isVisibleTo(dialog)

    call_from_another_phone(url, event_id=event_id, code=caller, note="rules question")
    qtbot.waitUntil(lambda: "calls a judge" in win.statusBar().currentMessage(), timeout=5000)
    assert win.statusBar().currentMessage() == "Table 3 (round 1) calls a judge: rules question."
    assert beeps == [1]
    qtbot.waitUntil(lambda: dialog.model.rowCount() == 1, timeout=3000)
    call = dialog.model.call_at(0)
    assert (call.table, call.player_code, call.state) == (3, caller, "open")
    assert dialog.model.data(dialog.model.index(0, 6)) == "nobody yet"

    dialog.table.selectRow(0)
    assert dialog.claim_button.isEnabled() and dialog.judge.currentText() == "Ana"
    dialog.claim_button.click()
    assert dialog.model.data(dialog.model.index(0, 6)) == "Ana"
    assert not dialog.claim_button.isEnabled() and dialog.resolve_button.isEnabled()
    dialog.resolve_button.click()
    assert dialog.model.rowCount() == 0
    (stored,) = judge_calls.list_calls(db, event_id=event_id, resolved=True)
    assert (stored.state, stored.claimed_by) == ("resolved", "Ana")
    dialog.show_resolved.setChecked(True)
    assert dialog.model.data(dialog.model.index(0, 6)) == "resolved"
    assert beeps == [1]  # the station's own steps ring nothing
    win.close()


def test_the_queue_adds_a_judge_and_shows_the_pin_once(db: Database, qtbot: QtBot) -> None:
    event_id = event_with_players(db, "castle-wars", 4)
    win = create_main_window(db, event_id=event_id)
    qtbot.addWidget(win)
    said: list[str] = []
    win.prompts.ask_text = lambda _title, _label: "Bo"
    win.prompts.warn = lambda _title, text: said.append(text)
    dialog = win.judge_desk.show_calls()
    assert dialog is not None and dialog.judge.count() == 0
    dialog.add_judge_button.click()
    assert dialog.judge.currentText() == "Bo"
    (text,) = said
    pin = text.split("PIN is ")[1][:6]
    judge, _ = judges.sign_in(
        db, event_id=event_id, name="Bo", pin=pin, address="gui-test", now=dt.datetime.now(dt.UTC)
    )
    assert judge.name == "Bo"
    win.close()


def test_the_model_passes_the_model_tester_and_its_waiting_times_tick(
    db: Database, qtmodeltester: ModelTester, qtbot: QtBot
) -> None:
    event_id = event_with_players(db, "castle-wars", 8)
    pairing.pair_next(db, event_id=event_id, seed=2)
    judge_calls.call_judge(db, event_id=event_id, table=1, note="slow play?")
    judge_calls.call_judge(db, event_id=event_id, table=2)
    model = JudgeCallsModel(db, event_id)
    assert model.rowCount() == 2
    qtmodeltester.check(model)
    waited = model.index(0, WAITING).data()
    model.now = lambda: dt.datetime.now(dt.UTC) + dt.timedelta(minutes=7)
    with qtbot.waitSignal(model.dataChanged) as repainted:
        model.tick()
    assert [i.column() for i in repainted.args[:2]] == [WAITING, WAITING]
    assert model.index(0, WAITING).data() != waited


def test_the_ring_names_every_new_table(db: Database, qtbot: QtBot) -> None:
    event_id = event_with_players(db, "castle-wars", 8)
    pairing.pair_next(db, event_id=event_id, seed=2)
    alert = JudgeCallAlert()
    said: list[str] = []
    alert.rang.connect(said.append)
    judge_calls.call_judge(db, event_id=event_id, table=2)
    judge_calls.call_judge(db, event_id=event_id, table=4, note="dice?")
    assert [c.table for c in alert.check(db, event_id)] == [2, 4]
    assert alert.check(db, event_id) == []  # each call rings once
    judge_calls.call_judge(db, event_id=event_id, table=1, note="dice?")
    alert.check(db, event_id)
    assert said == [
        "Tables 2 and 4 (round 1) call a judge.",
        "Table 1 (round 1) calls a judge: dice?",
    ]


def test_the_to_calls_a_judge_to_a_table_from_the_queue(db: Database, qtbot: QtBot) -> None:
    event_id = event_with_players(db, "castle-wars", 4)
    pairing.pair_next(db, event_id=event_id, seed=1)
    win = create_main_window(db, event_id=event_id)
    qtbot.addWidget(win)
    warned: list[str] = []
    win.prompts.warn = lambda _title, text: warned.append(text)
    dialog = win.judge_desk.show_calls()
    assert dialog is not None
    typed = iter(("two", "2 life totals disagree"))
    win.prompts.ask_text = lambda _title, _label: next(typed)
    for _ in range(2):
        dialog.open_button.click()
    assert warned == ["'two' is not a table number."]
    calls = [dialog.model.call_at(r) for r in range(dialog.model.rowCount())]
    assert [(c.table, c.note, c.player_code) for c in calls] == [(2, "life totals disagree", None)]
    win.close()
