"""The Rounds tab and the players' own part: the deck gate before round 1, disagreeing reports."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QLabel
from pytestqt.qtbot import QtBot

from organizer.gui.rounds import rounds_tab as rounds_tab_module
from organizer.gui.rounds.rounds_tab import RoundsTab
from organizer.gui.window.main_window import MainWindow, create_main_window
from organizer.services.decks import cardpools, decks
from organizer.services.event import settings
from organizer.services.kit.changes import Changes
from organizer.services.kit.resources import resources_dir, sample_pool_path
from organizer.services.phones import self_service
from organizer.services.players import registration
from organizer.services.rounds import pairing
from organizer.storage.database import Database
from tests.gui.answers import Answers
from tests.gui.played_events import event_with_players, play_round
from tests.journal import journal_entries

FORMAT = "warcaste-skirmish-constructed"


def rounds_tab(window: MainWindow) -> RoundsTab:
    assert window.event_view is not None
    tab = window.event_view.rounds_tab
    window.event_view.tabs.setCurrentWidget(tab)
    return tab


def notice(tab: RoundsTab) -> QLabel:
    label = tab.findChild(QLabel, "players_part")
    assert isinstance(label, QLabel)
    return label


def gated_event(db: Database) -> int:
    cardpools.import_pool(
        db, text=sample_pool_path("warcaste").read_text(encoding="utf-8"), source="sample"
    )
    event_id = event_with_players(db, FORMAT, 4, name="Gate night")
    text = (resources_dir() / "decklists" / f"sample-{FORMAT}.txt").read_text(encoding="utf-8")
    first = registration.list_players(db, event_id=event_id)[0]
    decks.submit_deck(db, event_id=event_id, registration_id=first.registration_id, text=text)
    return event_id


def opened(db: Database, qtbot: QtBot) -> MainWindow:
    """The main window on `db` with its newest event, shown (as the `window` fixture)."""
    window = create_main_window(db)
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    return window


def test_the_gate_is_counted_and_asked_before_round_1(db: Database, qtbot: QtBot) -> None:
    event_id = gated_event(db)
    window = opened(db, qtbot)
    tab = rounds_tab(window)
    label = notice(tab)
    assert label.isVisible()
    assert "3 list(s) missing (Player 2, Player 3, Player 4)" in label.text()
    answers = Answers(window, confirm=False)
    tab.pair_next_round()
    assert "Pair anyway?" in answers.questions[0] and "Player 2" in answers.questions[0]
    assert not decks.lists_locked(db, event_id=event_id)
    answers.confirm = True
    tab.pair_next_round()
    qtbot.waitUntil(lambda: decks.lists_locked(db, event_id=event_id))
    assert [e.action for e in journal_entries(db, event_id=event_id)][-2:] == [
        "round.pair",
        "round.pair_past_deck_gate",
    ]
    qtbot.waitUntil(lambda: not label.isVisible())


def test_disagreeing_reports_are_named_in_the_tab_and_the_status_bar(
    db: Database, qtbot: QtBot
) -> None:
    event_id = event_with_players(db, "castle-wars", 4, name="Report night")
    settings.set_setting(db, event_id=event_id, key="self_report", value="on")
    round_ = pairing.pair_next(db, event_id=event_id, seed=5).value
    window = opened(db, qtbot)
    tab = rounds_tab(window)
    match = next(m for m in round_.matches if m.table is not None)
    a, b = (registration.find_player(db, event_id=event_id, code=c) for c in match.players)
    self_service.report_result(db, event_id=event_id, player=a, result="2-0")
    self_service.report_result(db, event_id=event_id, player=b, result="2-1")
    tab.refresh_for(Changes(results=True, event_id=event_id))
    label = notice(tab)
    assert label.isVisible()
    assert f"table {match.table}" in label.text() and a.name in label.text()
    assert f"disagree at table {match.table}" in window.statusBar().currentMessage()


def test_the_players_part_is_read_with_the_pairings_not_at_each_redraw(
    db: Database, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    event_id = event_with_players(db, "castle-wars", 4, name="Two rounds")
    settings.set_setting(db, event_id=event_id, key="self_report", value="on")
    play_round(db, event_id, seed=5)
    pairing.pair_next(db, event_id=event_id, seed=6)
    window = opened(db, qtbot)
    tab = rounds_tab(window)
    qtbot.waitUntil(lambda: tab.model.round_number == 2)
    reads: list[int] = []

    def counted(db: Database, *, event_id: int) -> tuple[()]:
        reads.append(event_id)
        return ()

    monkeypatch.setattr(rounds_tab_module, "flagged_tables", counted)
    tab.show_round(1)  # another round's rows: the latest round's reports are as they were
    assert tab.model.round_number == 1
    assert reads == []
    tab.refresh_for(Changes(results=True, event_id=event_id))
    assert reads == [event_id]  # once, with the pairings read on the worker
