"""`PlayersModel` and its search filter over real registrations, checked with qtmodeltester."""

from __future__ import annotations

import pytest
from pytestqt.modeltest import ModelTester

from organizer.gui.players.players_model import PlayersFilter, PlayersModel
from organizer.services.players import registration
from organizer.storage.database import Database


@pytest.fixture
def model(db: Database, event_id: int) -> PlayersModel:
    registration.add_player(db, event_id=event_id, name="Ada Byrne", email="ada@example.org")
    bo = registration.add_player(db, event_id=event_id, name="Bo Chen", player_id="DCI-7")
    registration.add_player(db, event_id=event_id, name="Cy Dorn", awarded_byes=2)
    registration.set_dropped(
        db, event_id=event_id, registration_id=bo.value.registration_id, dropped=True
    )
    return PlayersModel(db, event_id)


def rows(model: PlayersModel | PlayersFilter) -> list[list[str]]:
    return [
        [model.index(r, c).data() for c in range(model.columnCount())]
        for r in range(model.rowCount())
    ]


def test_players_model_passes_the_model_tester(
    model: PlayersModel, qtmodeltester: ModelTester
) -> None:
    qtmodeltester.check(model)
    assert rows(model) == [
        ["1", "p1", "Ada Byrne", "ada@example.org", "0", "Active", "", "", ""],
        ["2", "DCI-7", "Bo Chen", "", "0", "Dropped before round 1", "", "", ""],
        ["3", "p2", "Cy Dorn", "", "2", "Active", "", "", ""],
    ]
    assert model.dropped_count() == 1


def test_search_matches_name_id_and_email_ignoring_case(
    model: PlayersModel, qtmodeltester: ModelTester
) -> None:
    proxy = PlayersFilter()
    proxy.setSourceModel(model)
    qtmodeltester.check(proxy)
    for text, names in (
        ("ADA", ["Ada Byrne"]),
        ("dci-7", ["Bo Chen"]),
        ("example.ORG", ["Ada Byrne"]),
        ("  cy   DORN ", ["Cy Dorn"]),
        ("nobody", []),
        ("", ["Ada Byrne", "Bo Chen", "Cy Dorn"]),
    ):
        proxy.set_search(text)
        assert [r[2] for r in rows(proxy)] == names, text
    qtmodeltester.check(proxy)


def test_refresh_picks_up_a_new_player(
    db: Database, event_id: int, model: PlayersModel, qtmodeltester: ModelTester
) -> None:
    qtmodeltester.check(model)
    registration.add_player(db, event_id=event_id, name="Di Evans")
    model.refresh()
    assert model.rowCount() == 4 and model.player_at(3).name == "Di Evans"


def test_names_sort_as_people_read_them_not_by_character_code(
    db: Database, event_id: int, model: PlayersModel
) -> None:
    registration.add_player(db, event_id=event_id, name="al Rashid")
    model.refresh()
    proxy = PlayersFilter()
    proxy.setSourceModel(model)
    proxy.sort(2)
    assert [r[2] for r in rows(proxy)] == ["Ada Byrne", "al Rashid", "Bo Chen", "Cy Dorn"]


def test_letters_without_a_decomposition_are_found_and_sorted_by_collation(
    db: Database, event_id: int, model: PlayersModel
) -> None:
    more = ("Zoë Castellanos", "Łukasz Żółkiewski", "Øyvind Berg", "Đặng Thu", "Jürgen Straße")
    for name in more:
        registration.add_player(db, event_id=event_id, name=name)
    model.refresh()
    proxy = PlayersFilter()
    proxy.setSourceModel(model)
    for text, names in (
        ("lukasz", ["Łukasz Żółkiewski"]),
        ("oyvind", ["Øyvind Berg"]),
        ("dang", ["Đặng Thu"]),
        ("strasse", ["Jürgen Straße"]),
        ("ŁUKASZ zolk", ["Łukasz Żółkiewski"]),
    ):
        proxy.set_search(text)
        assert [r[2] for r in rows(proxy)] == names, text
    proxy.set_search("")
    proxy.sort(2)
    assert [r[2] for r in rows(proxy)] == [
        "Ada Byrne",
        "Bo Chen",
        "Cy Dorn",
        "Đặng Thu",
        "Jürgen Straße",
        "Łukasz Żółkiewski",
        "Øyvind Berg",
        "Zoë Castellanos",
    ]
    proxy.sort(0)  # numbers stay numbers
    assert [r[0] for r in rows(proxy)] == [str(n) for n in range(1, 9)]
