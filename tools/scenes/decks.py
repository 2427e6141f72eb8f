"""Scenes of deck lists: the Decks tab, a sideboard check, lists and locks from phones."""

from __future__ import annotations

import contextlib
import datetime as dt

from PySide6.QtCore import QItemSelectionModel
from PySide6.QtWidgets import QApplication, QSplitter

from organizer.gui.decks.decks_tab import DecksTab
from organizer.gui.decks.sideboard_check_dialog import SideboardCheckDialog
from organizer.gui.players.players_tab import PlayersTab
from organizer.gui.rounds.rounds_tab import RoundsTab
from organizer.services.clock.clock import utcnow
from organizer.services.decks import cardpools, decks
from organizer.services.kit.resources import resources_dir, sample_pool_path
from organizer.services.phones import phone_lists, pins, self_service
from organizer.services.players import registration
from organizer.storage.database import Database
from scenes.support import NAMES, Session, new_event, show_tab

# --- decks ---------------------------------------------------------------------------
FORMAT_decks = "warcaste-skirmish-constructed"


def legal_list() -> str:
    return (resources_dir() / "decklists" / f"sample-{FORMAT_decks}.txt").read_text(
        encoding="utf-8"
    )


def illegal_list() -> str:
    """31 cards, with a fourth Kiln Warden and a misspelt card."""
    return (
        legal_list()
        .replace("3 Kiln Warden", "4 Kiln Warden")
        .replace("2 Scorched Advance", "2 Scorched Advanse")
    )


def short_list() -> str:
    return legal_list().replace("1 Pyre Titan\n", "")


def decks_event(db: Database) -> int:
    text = sample_pool_path("warcaste").read_text(encoding="utf-8")
    cardpools.import_pool(db, text=text, source="sample-warcaste.csv")
    event_id = new_event(
        db, name="Friday Night Skirmish", format_id=FORMAT_decks, date=dt.date(2025, 5, 2)
    )
    ids = [
        registration.add_player(db, event_id=event_id, name=name).value.registration_id
        for name in NAMES[:16]
    ]
    lists = {
        0: legal_list(),
        1: legal_list(),
        2: illegal_list(),
        3: legal_list(),
        5: short_list(),
        6: legal_list(),
        7: legal_list(),
        9: legal_list(),
        10: short_list(),
        12: legal_list(),
        13: legal_list(),
    }
    for index, text in lists.items():
        decks.submit_deck(
            db, event_id=event_id, registration_id=ids[index], text=text, store_illegal=True
        )
    decks.submit_deck(
        db,
        event_id=event_id,
        registration_id=ids[14],
        text=short_list(),
        accept_reason="judge: printed list lost a line; deck box has 30 cards",
    )
    return event_id


def decks_shots(shots: Session) -> None:
    """Decks tab, for the docs and for review."""
    window = shots.open_window(decks_event(shots.db))
    splitter = window.centralWidget()
    if isinstance(splitter, QSplitter):  # the events list narrow, as a TO would drag it
        splitter.setSizes([250, 1030])
    tab = show_tab(window, "Decks", DecksTab)
    chosen = next(
        tab.model.deck_at(r)
        for r in range(tab.model.rowCount())
        if tab.model.deck_at(r).name == "Cyrus Dorn"
    )
    tab.select_player(chosen.registration_id)
    QApplication.processEvents()
    findings = tab.editor.findings_view
    flags = (
        QItemSelectionModel.SelectionFlag.ClearAndSelect | QItemSelectionModel.SelectionFlag.Rows
    )
    row = next(
        r
        for r in range(tab.editor.findings_model.rowCount())
        if tab.editor.findings_model.finding_at(r).rule_id == "card-unknown"
    )
    findings.selectionModel().setCurrentIndex(tab.editor.findings_model.index(row, 0), flags)
    findings.setFocus()
    shots.save(window, "decks-tab.png")


# --- sideboard_check -----------------------------------------------------------------
FORMAT_sideboard_check = "warcaste-skirmish-constructed"


def sideboard_check_shots(shots: Session) -> None:
    """Deck check between games ("After sideboarding…" in the Decks tab)."""
    db = shots.db
    cardpools.import_pool(
        db, text=sample_pool_path("warcaste").read_text(encoding="utf-8"), source="sample"
    )
    event_id = new_event(
        db, name="Friday Skirmish", format_id=FORMAT_sideboard_check, date=dt.date(2025, 5, 9),
        players=NAMES[:4],
    )  # fmt: skip
    text = (resources_dir() / "decklists" / f"sample-{FORMAT_sideboard_check}.txt").read_text(
        "utf-8"
    )
    player = registration.list_players(db, event_id=event_id)[0]
    decks.submit_deck(db, event_id=event_id, registration_id=player.registration_id, text=text)
    status = decks.deck_statuses(db, event_id=event_id)[0]
    window = shots.open_window(event_id)
    dialog = SideboardCheckDialog(db, event_id, status, text, window)
    now = text.replace("3 Ashfall Raider", "2 Ashfall Raider\n2 Smoke Runner")
    dialog.text_edit.setPlainText(
        now.replace("3 Smoke Runner\n", "1 Smoke Runner\n1 Ashfall Raider\n")
    )
    dialog.check()
    shots.save_dialog(dialog, "sideboard-check.png")


# --- self_service --------------------------------------------------------------------
FORMAT_self_service = "warcaste-skirmish-constructed"


def self_service_event(db: Database) -> int:
    text = sample_pool_path("warcaste").read_text(encoding="utf-8")
    cardpools.import_pool(db, text=text, source="sample-warcaste.csv")
    event_id = new_event(
        db, name="Friday Night Skirmish", format_id=FORMAT_self_service, date=dt.date(2026, 11, 27)
    )
    players = [registration.add_player(db, event_id=event_id, name=n).value for n in NAMES[:16]]
    issued = pins.issue_pins(
        db, event_id=event_id, registration_ids=[p.registration_id for p in players]
    ).value
    now = utcnow()
    for index in (0, 1, 3, 6):
        decks.submit_deck(
            db, event_id=event_id, registration_id=players[index].registration_id, text=legal_list()
        )
    for index in (2, 5, 7, 9, 10, 12):
        self_service.submit_list(
            db,
            event_id=event_id,
            player=players[index],
            text=illegal_list() if index == 5 else legal_list(),
            now=now,
        )
    phone_lists.set_locked(
        db, event_id=event_id, registration_id=players[7].registration_id, locked_=True
    )
    wrong = f"{(int(issued[4].pin) + 1) % 10**6:06d}"
    for _ in range(pins.TRIES):
        with contextlib.suppress(pins.WrongPinError):
            pins.check_pin(
                db,
                event_id=event_id,
                who=issued[4].code,
                pin=wrong,
                address="192.168.1.57",
                now=now,
            )
    return event_id


def self_service_shots(shots: Session) -> None:
    """What the TO sees of the players' own part, for the docs and for review."""
    window = shots.open_window(self_service_event(shots.db))
    splitter = window.centralWidget()
    if isinstance(splitter, QSplitter):
        splitter.setSizes([250, 1030])
    show_tab(window, "Rounds", RoundsTab)
    shots.save(window, "self-service-rounds-gate.png")
    show_tab(window, "Decks", DecksTab)
    shots.save(window, "self-service-decks-from.png")
    show_tab(window, "Players", PlayersTab)
    shots.save(window, "self-service-players-locks.png")
