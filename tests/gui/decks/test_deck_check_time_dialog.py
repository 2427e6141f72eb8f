"""The Deck checks dialog times a check: Start check, then OK gives the table its minutes back."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from organizer.gui.decks.deck_checks_dialog import DeckChecksDialog
from organizer.gui.kit.prompts import Prompts
from organizer.services.clock import clock
from organizer.services.judging import deck_checks
from organizer.storage.database import Database
from tests.services.event_builders import event_with_players, store_round


def test_start_then_ok_adds_the_minutes_to_the_tables_clock(db: Database, qtbot: QtBot) -> None:
    event_id = event_with_players(db, "castle-wars", 8)
    store_round(db, event_id, 1, [("p1", "p2"), ("p3", "p4"), ("p5", "p6"), ("p7", "p8")])
    dialog = DeckChecksDialog(db, event_id, Prompts(None))  # type: ignore[arg-type]
    qtbot.addWidget(dialog)
    warnings: list[str] = []
    dialog.prompts.warn = lambda _title, text: warnings.append(text)
    statuses: list[str] = []
    dialog.status_reported.connect(statuses.append)
    dialog.share_spin.setValue(25)
    dialog.pick_button.click()
    assert statuses[-1].endswith("Checked so far: 1 of 4 tables (25 %), 2 of 8 players (25 %).")
    coverage = dialog.coverage_label.text()
    assert coverage.startswith("Players picked for a check so far: 2 of 8 (25 %)")
    check = dialog.selected_check()
    assert check is not None and dialog.start_button.isEnabled()
    dialog.start_button.click()
    started = dialog.selected_check()
    assert started is not None and started.time.startswith("started ")
    assert not dialog.start_button.isEnabled()  # once only
    dialog.ok_button.click()
    (stored,) = deck_checks.summary(db, event_id=event_id).checks
    minutes = stored.seconds_added // 60
    assert minutes >= 1  # part of a minute counts whole
    done = dialog.selected_check()
    assert done is not None and done.time == f"+{minutes} min on the clock"
    assert statuses[-1].endswith(f"deck check OK. +{minutes} min on the table's clock.")
    extensions = clock.status(db, event_id=event_id).facts.extensions_s
    assert extensions == ((check.table, stored.seconds_added),)
    assert warnings == []
