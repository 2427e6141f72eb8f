"""Two stations changing the same person at the same moment: one wins, the other is told.

Each station made its change from the copy it read (the person's revision);
the loser changes nothing and reads "changed at another station" (or that the
person is gone, merged away). Nothing is lost: every registration stays with
a person, and the winner's change is what is stored. On a real SQLite file
and a real PostgreSQL server, as the other races.
"""

from __future__ import annotations

import collections
import datetime as dt
import random

import pytest

from organizer.services.players import people
from organizer.storage import journal_repo
from organizer.storage.database import Database
from tests.races.stations import Stations
from tests.races.test_concurrent_writes import RACES, db, no_crash, two, url
from tests.services.players.weekly_events import play_week

pytestmark = [pytest.mark.stress, pytest.mark.slow]
__all__ = ["db", "two", "url"]  # the shared fixtures, used by name

_NEXT = iter(range(1, 1_000_000))


def fresh_people(db: Database, count: int) -> list[int]:
    """`count` new people, each in an event of their own (so any two may be merged)."""
    ids = []
    for _ in range(count):
        n = next(_NEXT)
        play_week(
            db, random.Random(n), date=dt.date(2026, 1, 1), players=[(f"Racer {n}", f"Q{n}")],
            rounds=0,
        )  # fmt: skip
        ids.append(people.list_people(db, query=f"Q{n}")[0].id)
    return ids


def merges(db: Database) -> int:
    with db.reading() as s:
        journal = journal_repo.entries_without_event(s, limit=100_000)
    return len([e for e in journal if e.action == "person.merge"])


def registrations(db: Database, ids: list[int]) -> int:
    return sum(p.events for p in people.list_people(db) if p.id in ids)


def test_two_stations_editing_one_person_from_one_copy_one_wins(
    two: Stations, db: Database
) -> None:
    winners: collections.Counter[int] = collections.Counter()
    for _ in range(RACES):
        [pid] = fresh_people(db, 1)
        rev = people.get_person(db, pid).revision
        outcomes = two.race(
            [
                ("edit_person", {"person_id": pid, "revision": rev, "name": "Station A"}),
                ("edit_person", {"person_id": pid, "revision": rev, "name": "Station B"}),
            ]
        )
        no_crash(outcomes)
        kinds = sorted(kind for kind, _ in outcomes)
        assert kinds == ["ok", "refused"], outcomes
        [told] = [text for kind, text in outcomes if kind == "refused"]
        assert "changed at another station" in told
        [won] = [k for k, (kind, _) in enumerate(outcomes) if kind == "ok"]
        winners[won] += 1
        assert people.get_person(db, pid).name == ("Station A", "Station B")[won]
        assert people.get_person(db, pid).revision == rev + 1
    print(f"person edit x2, {RACES} races: one edit kept, the other told; {dict(winners)}")


def test_two_stations_merging_one_person_into_two_others_one_wins(
    two: Stations, db: Database
) -> None:
    merged_before = merges(db)
    for _ in range(RACES):
        keep_a, keep_b, other = fresh_people(db, 3)
        rev = {p: people.get_person(db, p).revision for p in (keep_a, keep_b, other)}
        before = registrations(db, [keep_a, keep_b, other])
        outcomes = two.race(
            [
                ("merge_people", {"keep": k, "other": other, "keep_revision": rev[k],
                                  "other_revision": rev[other]})
                for k in (keep_a, keep_b)
            ]
        )  # fmt: skip
        no_crash(outcomes)
        assert sorted(kind for kind, _ in outcomes) == ["ok", "refused"], outcomes
        assert not any(p.id == other for p in people.list_people(db))
        assert registrations(db, [keep_a, keep_b]) == before  # no registration lost
        assert sorted(people.get_person(db, k).events for k in (keep_a, keep_b)) == [1, 2]
    assert merges(db) == merged_before + RACES  # journaled once per race
    print(f"merge x2, {RACES} races: one merge, the other told")


def test_an_edit_racing_a_merge_of_that_person_is_kept_or_told(two: Stations, db: Database) -> None:
    for _ in range(RACES):
        keep, other = fresh_people(db, 2)
        rk, ro = people.get_person(db, keep).revision, people.get_person(db, other).revision
        outcomes = two.race(
            [
                ("edit_person", {"person_id": other, "revision": ro, "note": "regular"}),
                ("merge_people", {"keep": keep, "other": other, "keep_revision": rk,
                                  "other_revision": ro}),
            ]
        )  # fmt: skip
        no_crash(outcomes)
        assert sorted(kind for kind, _ in outcomes) == ["ok", "refused"], outcomes
        kept = people.get_person(db, keep)
        if outcomes[0][0] == "ok":  # the edit won: the merge was told, both still there
            assert people.get_person(db, other).note == "regular"
            assert kept.events == 1
        else:
            assert kept.events == 2


def test_a_merge_racing_a_registration_of_the_kept_person_never_registers_them_twice(
    two: Stations, db: Database
) -> None:
    """OTHER plays in event E; at the same moment one station merges OTHER into KEEP and
    another registers KEEP in E. Either the registration comes first (the merge is refused:
    both play in E) or the merge does (the registration is refused: already registered);
    KEEP is never in E twice."""
    from organizer.services.event import events
    from organizer.services.players import registration

    for _ in range(RACES):
        keep, other = fresh_people(db, 2)
        event_id = events.create_event(db, name="Race night", format_id="castle-wars").value.id
        registration.add_player(db, event_id=event_id, name="", person_id=other)
        rev = {p: people.get_person(db, p).revision for p in (keep, other)}
        outcomes = two.race(
            [
                ("merge_people", {"keep": keep, "other": other, "keep_revision": rev[keep],
                                  "other_revision": rev[other]}),
                ("register_person", {"event_id": event_id, "person_id": keep}),
            ]
        )  # fmt: skip
        no_crash(outcomes)
        assert sorted(kind for kind, _ in outcomes) == ["ok", "refused"], outcomes
        in_event = [p.person_id for p in registration.list_players(db, event_id=event_id)]
        assert in_event.count(keep) + in_event.count(other) == len(in_event), in_event
        assert len(in_event) == len(set(in_event)), in_event
