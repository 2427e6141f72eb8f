"""Registering a regular in three keystrokes: "lukasz" offers last week's Łukasz Żółkiewski,
Enter registers him (the same person, with his number), searched off the UI thread."""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from organizer.core.people.search import Known
from organizer.gui.players.people_search import OffersModel
from organizer.gui.players.players_tab import PlayersTab
from organizer.gui.window.main_window import MainWindow, create_main_window
from organizer.services.event import events
from organizer.services.players import people, registration
from organizer.storage.database import Database
from tests.gui.shots import save_shot
from tests.services.players.weekly_events import play_week

"""Where to save the screens for a look (nothing is saved unless it is set)."""


@pytest.fixture
def window(db: Database, qtbot: QtBot) -> Iterator[MainWindow]:
    """Last Friday's event played (Łukasz among them), and tonight's new one open."""
    play_week(
        db,
        random.Random(1),
        date=dt.date.today() - dt.timedelta(days=7),
        players=[("Łukasz Żółkiewski", "4711"), ("Lukas Brandt", None), ("Ann", "12")],
        rounds=1,
    )
    events.create_event(db, name="Friday", format_id="castle-wars", date=dt.date.today())
    win = create_main_window(db)
    qtbot.addWidget(win)
    win.resize(1100, 700)
    win.show()
    qtbot.waitExposed(win)
    yield win
    win.close()


def tab_of(window: MainWindow) -> PlayersTab:
    assert window.event_view is not None
    return window.event_view.players_tab


def offered(tab: PlayersTab) -> list[str]:
    model = tab.offers_model
    return [model.index(r, 0).data() for r in range(model.rowCount())]


def test_lukasz_offers_lukasz_and_enter_registers_him_with_his_number(
    window: MainWindow, qtbot: QtBot, db: Database
) -> None:
    tab = tab_of(window)
    qtbot.waitUntil(lambda: not tab.stale)
    before = len(people.list_people(db))
    qtbot.keyClicks(tab.quick_add_edit, "lukasz")
    qtbot.waitUntil(lambda: tab.offers_view.isVisible() and tab.offers_model.typed == "lukasz")
    assert offered(tab)[0].startswith("Łukasz Żółkiewski  #4711")
    assert offered(tab)[-1] == "New player: lukasz"
    assert not any("Lukas Brandt" in o for o in offered(tab))  # "lukasz" is not in "lukas"
    save_shot(window, "registration_search.png")
    qtbot.keyClick(tab.quick_add_edit, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: tab.model.rowCount() == 1)
    [player] = registration.list_players(db, event_id=tab.event_id)
    assert (player.name, player.player_number) == ("Łukasz Żółkiewski", "4711")
    assert len(people.list_people(db)) == before  # the same person, none created
    assert not tab.offers_view.isVisible()


def test_down_chooses_the_next_offer_and_a_registered_one_is_not_offered_again(
    window: MainWindow, qtbot: QtBot, db: Database
) -> None:
    tab = tab_of(window)
    qtbot.waitUntil(lambda: not tab.stale)
    qtbot.keyClicks(tab.quick_add_edit, "luk")
    qtbot.waitUntil(lambda: tab.offers_model.typed == "luk" and tab.offers_view.isVisible())
    assert len(offered(tab)) == 3  # two Lukas, then the new name
    qtbot.keyClick(tab.quick_add_edit, Qt.Key.Key_Down)
    second = tab.offered_person()
    assert second is not None
    qtbot.keyClick(tab.quick_add_edit, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: tab.model.rowCount() == 1)
    qtbot.keyClicks(tab.quick_add_edit, "luk")
    qtbot.waitUntil(lambda: tab.offers_model.typed == "luk" and tab.offers_view.isVisible())
    assert len(offered(tab)) == 2 and second.name not in offered(tab)[0]


def test_a_name_one_typo_from_a_regular_is_pointed_out_before_it_is_created(
    window: MainWindow, qtbot: QtBot, db: Database
) -> None:
    tab = tab_of(window)
    qtbot.waitUntil(lambda: not tab.stale)
    asked: list[str] = []

    def decline(_title: str, text: str) -> bool:
        asked.append(text)
        return False

    tab.prompts.confirm = decline
    tab.people_search.known()  # read, as the first keystroke does
    qtbot.keyClicks(tab.quick_add_edit, "Ann")
    qtbot.waitUntil(lambda: tab.offers_model.typed == "Ann")
    qtbot.keyClick(tab.quick_add_edit, Qt.Key.Key_Up)  # nothing above the first offer
    tab.quick_add_edit.setText("Anm")
    qtbot.waitUntil(
        lambda: tab.offers_model.typed in ("Anm", "Ann") and not tab.offers_view.isVisible()
    )
    tab.quick_add()
    assert asked and "Ann #12 (one letter from)" in asked[0]
    assert tab.model.rowCount() == 0  # declined: nobody registered


def test_the_offers_model_answers_qt(qtmodeltester: object) -> None:
    model = OffersModel()
    model.show([Known(1, "Łukasz", "7", None, dt.date(2026, 1, 1))], "luk")
    qtmodeltester.check(model)  # type: ignore[attr-defined]
