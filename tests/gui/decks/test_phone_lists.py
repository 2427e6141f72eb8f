"""The Decks tab shows which lists came from phones, and locks them against the page."""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from organizer.gui.decks.deck_status_model import FROM_COLUMN
from organizer.gui.decks.decks_tab import DecksTab
from organizer.gui.kit.table_views import select_row
from organizer.gui.window.main_window import create_main_window
from organizer.services.clock.clock import utcnow
from organizer.services.kit.changes import Changes
from organizer.services.phones import pins, self_service
from organizer.services.players import registration
from organizer.storage.database import Database
from organizer.web.app import PlayersPage
from organizer.web.server import PageServer
from tests.gui.decks.test_decks_tab import illegal_text, import_sample_pool
from tests.gui.played_events import event_with_players
from tests.web.self_service.players import Player, SelfServed


def open_decks_tab(db: Database, qtbot: QtBot) -> DecksTab:
    """The main window on `db`'s event, shown, with its Decks tab open."""
    window = create_main_window(db)
    qtbot.addWidget(window)
    window.show()
    assert window.event_view is not None
    tab = window.event_view.tab("Decks")
    assert isinstance(tab, DecksTab)
    window.event_view.tabs.setCurrentWidget(tab)
    return tab


def test_a_phone_list_is_marked_and_the_to_locks_it(db: Database, qtbot: QtBot) -> None:
    import_sample_pool(db)
    event_id = event_with_players(db, "warcaste-skirmish-constructed", 3, name="Phones")
    ada = registration.find_player(db, event_id=event_id, code="p2")
    before = utcnow()
    self_service.submit_list(db, event_id=event_id, player=ada, text=illegal_text(), now=before)
    after = utcnow()
    tab = open_decks_tab(db, qtbot)
    row = tab.model.row_of(ada.registration_id)
    assert row is not None
    sent = tab.model.index(row, FROM_COLUMN).data()
    assert sent in {t.astimezone().strftime("%H:%M") for t in (before, after)}
    assert tab.model.index(row, 2).data() == "Illegal"
    select_row(tab.table, tab.proxy.mapFromSource(tab.model.index(row, 0)))
    assert tab.toggle_lock.action.isEnabled() and tab.toggle_lock.action.text() == "&Lock list"
    tab.toggle_lock.action.trigger()
    assert tab.model.index(row, FROM_COLUMN).data() == f"{sent}, locked"
    assert tab.toggle_lock.action.text() == "Un&lock list"
    with pytest.raises(self_service.ForbiddenError, match="locked"):
        self_service.submit_list(db, event_id=event_id, player=ada, text=illegal_text(), now=after)
    tab.toggle_lock.action.trigger()
    self_service.submit_list(db, event_id=event_id, player=ada, text=illegal_text(), now=after)
    tab.refresh_for(Changes(decks=True, event_id=event_id))
    assert ":" in tab.model.index(row, FROM_COLUMN).data()


def test_a_list_sent_to_the_page_this_window_serves_shows_live(db: Database, qtbot: QtBot) -> None:
    """The GUI serves the page from its own process and database: a phone's list is
    still another station's write, so the live watch shows it without a click."""
    import_sample_pool(db)
    event_id = event_with_players(db, "warcaste-skirmish-constructed", 2, name="Live")
    ada = registration.find_player(db, event_id=event_id, code="p1")
    (pin,) = pins.issue_pins(db, event_id=event_id, registration_ids=[ada.registration_id]).value
    tab = open_decks_tab(db, qtbot)
    server = PageServer(PlayersPage(db, event_id), "127.0.0.1", 0).start()
    try:
        site = SelfServed(db, event_id, server, {"p1": pin.pin}, [])
        phone = Player(site, "p1")
        assert phone.sign_in().status == 200
        assert phone.api("POST", "/api/me/deck", {"list": illegal_text()}).status == 200
        row = tab.model.row_of(ada.registration_id)
        assert row is not None
        qtbot.waitUntil(lambda: tab.model.index(row, 2).data() == "Illegal", timeout=10_000)
        assert ":" in tab.model.index(row, FROM_COLUMN).data()
    finally:
        server.stop()
