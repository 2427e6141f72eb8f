"""People across events: search, history, edits guarded by a revision, merge and forget."""

from __future__ import annotations

import datetime as dt
import random

import pytest

from organizer.services.event import interchange
from organizer.services.event.finish import finish_event
from organizer.services.kit.errors import NotFoundError, RefusedError
from organizer.services.players import people, registration
from organizer.storage.database import Database
from tests.services.players.weekly_events import play_week

DAY = dt.date(2026, 3, 6)


def test_lukasz_finds_lukasz_most_recent_first(db: Database) -> None:
    rng = random.Random(1)
    play_week(
        db, rng, date=DAY, players=[("Łukasz Żółkiewski", "77"), ("Ann Lukas", "12")], rounds=1
    )
    later = [("Lukas Ann", "13"), ("Bo", "14")]
    play_week(db, rng, date=DAY + dt.timedelta(weeks=1), players=later, rounds=1)
    found = [p.name for p in people.list_people(db, query="lukas")]
    assert found == ["Lukas Ann", "Ann Lukas", "Łukasz Żółkiewski"]
    assert [p.name for p in people.list_people(db, query="lukasz")] == ["Łukasz Żółkiewski"]
    assert [p.name for p in people.list_people(db, query="77")] == ["Łukasz Żółkiewski"]
    assert people.list_people(db, query="l") == []


def test_a_new_name_one_typo_from_a_regular_is_pointed_out(db: Database) -> None:
    play_week(
        db, random.Random(2), date=DAY, players=[("Maria Kowalska", "5"), ("X Y", "6")], rounds=1
    )
    why = {d.why for d in people.duplicates_of(db, name="Maria Kowalsla", today=DAY)}
    assert why == {"one letter from"}
    assert people.duplicates_of(db, name="maria  KOWALSKA", today=DAY)[0].why == "same name"
    assert people.duplicates_of(db, name="Maria Kowalsla", today=DAY + dt.timedelta(days=400)) == []
    assert people.duplicates_of(db, name="Marta Nowak", today=DAY) == []


def test_registering_by_number_and_by_person_reuses_the_person(db: Database) -> None:
    week = play_week(db, random.Random(3), date=DAY, players=[("Ola", "9"), ("Ed", "10")], rounds=1)
    [ola] = people.list_people(db, query="ola")
    event = play_week(db, random.Random(4), date=DAY + dt.timedelta(weeks=1), players=[], rounds=0)
    by_number = registration.add_player(db, event_id=event.event_id, name="typo", number="9").value
    assert by_number.person_id == ola.id
    with pytest.raises(RefusedError, match="already registered"):
        registration.add_player(db, event_id=event.event_id, name="", person_id=ola.id)
    [ed] = people.list_people(db, query="ed")
    again = registration.add_player(db, event_id=event.event_id, name="", person_id=ed.id).value
    assert (again.person_id, again.name, again.player_number) == (ed.id, "Ed", "10")
    assert people.get_person(db, ola.id).events == 2
    assert [h.event_id for h in people.history(db, ola.id)] == [week.event_id, event.event_id]


def test_merge_joins_the_history_and_is_refused_for_two_players_of_one_event(db: Database) -> None:
    a = play_week(db, random.Random(5), date=DAY, players=[("Jo Smith", "1"), ("B", "2")])
    b = play_week(
        db,
        random.Random(6),
        date=DAY + dt.timedelta(weeks=1),
        players=[("Jo Smyth", None), ("C", "3")],
    )
    [keep] = people.list_people(db, query="jo smith")
    [other] = people.list_people(db, query="jo smyth")
    [b_person] = [p for p in people.list_people(db) if p.name == "B"]
    with pytest.raises(RefusedError, match="both play in event"):
        people.merge_people(db, keep=keep.id, other=b_person.id)
    merged = people.merge_people(db, keep=keep.id, other=other.id).value
    assert merged.events == 2
    assert [h.event_id for h in people.history(db, keep.id)] == [a.event_id, b.event_id]
    with pytest.raises(NotFoundError):
        people.get_person(db, other.id)


def test_an_edit_from_an_older_copy_is_refused_and_changes_nothing(db: Database) -> None:
    play_week(db, random.Random(7), date=DAY, players=[("Kim", "4"), ("Lee", "8")], rounds=1)
    [kim] = people.list_people(db, query="kim")
    people.edit_person(db, person_id=kim.id, revision=kim.revision, note="plays red")
    with pytest.raises(RefusedError, match="changed at another station"):
        people.edit_person(db, person_id=kim.id, revision=kim.revision, name="Kimberly")
    now = people.get_person(db, kim.id)
    assert (now.name, now.note, now.revision) == ("Kim", "plays red", kim.revision + 1)
    with pytest.raises(RefusedError, match="already person"):
        people.edit_person(db, person_id=kim.id, number="8")


def test_forget_changes_only_the_name_in_past_exports(db: Database) -> None:
    players = [("Zoë Quinn", "21"), ("Al", "22"), ("Bea", "23"), ("Cy", "24")]
    weeks = [
        play_week(db, random.Random(8 + w), date=DAY + dt.timedelta(weeks=w), players=players)
        for w in range(2)
    ]
    before = [interchange.export_event(db, event_id=w.event_id) for w in weeks]
    [zoe] = people.list_people(db, query="zoe")
    forgotten = people.forget_person(db, person_id=zoe.id).value
    assert (forgotten.name, forgotten.number, forgotten.email, forgotten.note) == (
        f"Forgotten player {zoe.id}",
        None,
        None,
        "",
    )
    after = [interchange.export_event(db, event_id=w.event_id) for w in weeks]
    for old, new in zip(before, after, strict=True):
        assert old != new
        assert old.replace("Zoë Quinn", f"Forgotten player {zoe.id}") == new
    with db.reading() as s:
        from organizer.storage import journal_repo

        journal = [e for e in journal_repo.entries_without_event(s) if "forgot" in e.summary]
    assert journal and all("Zo" not in repr(e) for e in journal)


def test_forget_is_refused_while_an_event_of_theirs_is_not_finished(db: Database) -> None:
    week = play_week(
        db, random.Random(9), date=DAY, players=[("Dee", "31"), ("Eve", "32")], rounds=1
    )
    unfinished = play_week(
        db, random.Random(10), date=DAY, players=[("Dee", "31"), ("Fay", "33")], rounds=0
    )
    [dee] = people.list_people(db, query="dee")
    with pytest.raises(RefusedError, match=f"event {unfinished.event_id}"):
        people.forget_person(db, person_id=dee.id)
    assert people.get_person(db, dee.id).name == "Dee"
    finish_event(db, event_id=unfinished.event_id)
    assert people.forget_person(db, person_id=dee.id).value.name.startswith("Forgotten")
    assert week.event_id != unfinished.event_id
