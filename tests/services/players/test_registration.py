"""Registration through the services: what a TO does at the counter."""

from __future__ import annotations

import pytest

from organizer.services.event import events
from organizer.services.kit.errors import InputError, NotFoundError, RefusedError
from organizer.services.players import csv_import, registration
from organizer.storage.database import Database


@pytest.fixture
def event_id(db: Database) -> int:
    record = events.create_event(db, name="Friday", format_id="warcaste-skirmish-constructed").value
    return record.id


def names(db: Database, event_id: int) -> list[str]:
    return [p.name for p in registration.list_players(db, event_id=event_id)]


def test_add_gives_ids_in_order_and_cleans_names(db: Database, event_id: int) -> None:
    a = registration.add_player(db, event_id=event_id, name="  Ada   Byrne ")
    b = registration.add_player(db, event_id=event_id, name="Bo", player_id="DCI-7")
    c = registration.add_player(db, event_id=event_id, name="Cy")
    assert (a.value.code, b.value.code, c.value.code) == ("p1", "DCI-7", "p2")
    assert names(db, event_id) == ["Ada Byrne", "Bo", "Cy"]
    assert a.changes.players and not a.changes.results


def test_duplicate_name_is_allowed_with_a_warning(db: Database, event_id: int) -> None:
    registration.add_player(db, event_id=event_id, name="Ada Byrne")
    second = registration.add_player(db, event_id=event_id, name="ada byrne")
    assert len(second.warnings) == 1 and "2 players" in second.warnings[0]


def test_a_name_that_folds_to_another_is_a_duplicate(db: Database, event_id: int) -> None:
    registration.add_player(db, event_id=event_id, name="Łukasz")
    second = registration.add_player(db, event_id=event_id, name="lukasz")
    assert second.warnings == ("2 players are named 'Łukasz': check they are different people",)
    assert registration.add_player(db, event_id=event_id, name="Lukas").warnings == ()


def test_a_used_id_or_an_empty_name_is_refused(db: Database, event_id: int) -> None:
    registration.add_player(db, event_id=event_id, name="Ada", player_id="x")
    with pytest.raises(RefusedError, match="already used"):
        registration.add_player(db, event_id=event_id, name="Bo", player_id="x")
    with pytest.raises(InputError):
        registration.add_player(db, event_id=event_id, name="   ")
    with pytest.raises(NotFoundError):
        registration.add_player(db, event_id=event_id + 99, name="Cy")
    assert names(db, event_id) == ["Ada"]


def test_a_person_plays_many_events(db: Database, event_id: int) -> None:
    other = events.create_event(db, name="Saturday", format_id="castle-wars").value
    one = registration.add_player(db, event_id=event_id, name="Ada", player_id="N-1")
    two = registration.add_player(db, event_id=other.id, name="Ada", player_id="N-1")
    assert one.value.person_id == two.value.person_id
    assert one.value.registration_id != two.value.registration_id


def test_drop_and_undrop(db: Database, event_id: int) -> None:
    p = registration.add_player(db, event_id=event_id, name="Ada").value
    registration.set_dropped(db, event_id=event_id, registration_id=p.registration_id, dropped=True)
    (after,) = registration.list_players(db, event_id=event_id)
    assert after.dropped and after.dropped_after_round == 0
    with pytest.raises(RefusedError, match="already dropped"):
        registration.set_dropped(
            db, event_id=event_id, registration_id=p.registration_id, dropped=True
        )
    registration.set_dropped(
        db, event_id=event_id, registration_id=p.registration_id, dropped=False
    )
    assert not registration.list_players(db, event_id=event_id)[0].dropped


def test_edit_changes_name_email_byes(db: Database, event_id: int) -> None:
    p = registration.add_player(db, event_id=event_id, name="Ada").value
    result = registration.edit_player(
        db,
        event_id=event_id,
        registration_id=p.registration_id,
        name="Ada Byrne",
        email="a@b.co",
        awarded_byes=2,
    )
    assert (result.value.name, result.value.email, result.value.awarded_byes) == (
        "Ada Byrne",
        "a@b.co",
        2,
    )


def players_csv(rows: int, broken: dict[int, str]) -> str:
    """A CSV with `rows` data rows; row i (1-based) replaced by broken[i] when given."""
    lines = ["name,id,email"]
    for i in range(1, rows + 1):
        lines.append(broken.get(i, f"Player {i:03d},id{i},p{i}@example.org"))
    return "\n".join(lines) + "\n"


def test_import_300_rows_with_3_broken(db: Database, event_id: int) -> None:
    text = players_csv(300, {10: ",id10,", 150: "Someone,id1,", 299: "X,id299,not-mail"})
    seen: list[tuple[int, int]] = []
    report = registration.import_players_csv(
        db, event_id=event_id, text=text, progress=lambda d, t: seen.append((d, t))
    )
    assert report.value.added == 297
    assert [p.line for p in report.value.problems] == [11, 151, 300]
    assert len(registration.list_players(db, event_id=event_id)) == 297
    assert seen and seen[-1] == (297, 297)  # progress counts the rows being added


def test_import_warns_about_names_already_registered(db: Database, event_id: int) -> None:
    registration.add_player(db, event_id=event_id, name="Ada")
    report = registration.import_players_csv(db, event_id=event_id, text="name\nADA\nBo\n")
    assert report.value.added == 2 and len(report.warnings) == 1


def test_an_import_registers_a_known_player_number_as_that_person(
    db: Database, event_id: int
) -> None:
    other = events.create_event(db, name="Saturday", format_id="castle-wars").value
    known = registration.add_player(db, event_id=other.id, name="Ada", player_id="N-1").value
    text = "name,id,email\nAda Byrne,N-1,\nBo,N-2,bo@example.org\nCy,,\n"
    report = registration.import_players_csv(db, event_id=event_id, text=text)
    assert report.value.added == 3
    ada, bo, cy = registration.list_players(db, event_id=event_id)
    assert ada.person_id == known.person_id and ada.code == "N-1"
    assert (bo.name, bo.email, bo.code, bo.player_number) == ("Bo", "bo@example.org", "N-2", "N-2")
    assert len({ada.person_id, bo.person_id, cy.person_id}) == 3
    again = registration.add_player(db, event_id=other.id, name="Bo", player_id="N-2").value
    assert again.person_id == bo.person_id  # the person the import made is found by number


def test_a_big_import_reports_progress_in_steps_and_keeps_the_order(
    db: Database, event_id: int
) -> None:
    rows = 2 * csv_import.IMPORT_CHUNK + 5
    seen: list[tuple[int, int]] = []
    report = registration.import_players_csv(
        db, event_id=event_id, text=players_csv(rows, {}), progress=lambda d, t: seen.append((d, t))
    )
    assert report.value.added == rows
    step = csv_import.IMPORT_CHUNK
    assert seen == [(step, rows), (2 * step, rows), (rows, rows)]
    listed = registration.list_players(db, event_id=event_id)
    assert [p.position for p in listed] == list(range(1, rows + 1))
    assert [p.code for p in listed[:3]] == ["id1", "id2", "id3"]


def test_a_player_of_another_event_is_neither_edited_nor_dropped(
    db: Database, event_id: int
) -> None:
    """A write takes the lock of the event it names, so it refuses anyone else's player."""
    other = events.create_event(db, name="Other", format_id="castle-wars").value.id
    ada = registration.add_player(db, event_id=other, name="Ada").value
    with pytest.raises(NotFoundError, match=f"no registration {ada.registration_id} in event"):
        registration.edit_player(
            db, event_id=event_id, registration_id=ada.registration_id, name="Eve"
        )
    with pytest.raises(NotFoundError, match=f"no registration {ada.registration_id} in event"):
        registration.set_dropped(
            db, event_id=event_id, registration_id=ada.registration_id, dropped=True
        )
    (stored,) = registration.list_players(db, event_id=other)
    assert (stored.name, stored.dropped) == ("Ada", False)
