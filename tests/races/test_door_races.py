"""Two stations at the door at the same moment (issue 33): with one place left under the cap,
two registrations give exactly one place and one waiting-list place; a drop racing a
registration never lets the event past its cap; two check-ins of one player store one,
and the other station is told. On a real SQLite file and a real PostgreSQL server."""

from __future__ import annotations

import pytest

from organizer.services.event import events, settings
from organizer.services.players import registration
from organizer.storage.database import Database
from organizer.storage.journal_repo import Action
from tests.journal import journal_entries
from tests.races.stations import Stations, Task
from tests.races.test_concurrent_writes import RACES, db, no_crash, two, url

pytestmark = [pytest.mark.stress, pytest.mark.slow]
__all__ = ["db", "two", "url"]  # the shared fixtures, used by name


def full_but_one(db: Database) -> int:
    """An event with a cap of 4 and 3 registered."""
    event_id = events.create_event(db, name="Door race", format_id="castle-wars").value.id
    settings.set_setting(db, event_id=event_id, key="cap", value="4")
    for name in ("Ada", "Bo", "Cy"):
        registration.add_player(db, event_id=event_id, name=name)
    return event_id


def race_for_the_last_place(two: Stations, db: Database, tasks: list[Task]) -> None:
    """Each task registers one player (its "in" or "waiting" answer) where one place is left:
    one gets it, the other is first on the waiting list, whatever the order."""
    for _ in range(RACES):
        event_id = full_but_one(db)
        outcomes = two.race([(name, kwargs | {"event_id": event_id}) for name, kwargs in tasks])
        no_crash(outcomes)
        assert sorted(text for _, text in outcomes) == ["in", "waiting"], outcomes
        players = registration.list_players(db, event_id=event_id)
        assert sum(p.waiting is None for p in players) == 4
        assert [p.waiting for p in players if p.waiting is not None] == [1]


def test_two_registrations_for_the_last_place(two: Stations, db: Database) -> None:
    race_for_the_last_place(
        two, db, [("register", {"name": "Station A"}), ("register", {"name": "Station B"})]
    )


def test_a_drop_racing_a_registration_keeps_the_cap(two: Stations, db: Database) -> None:
    for _ in range(RACES):
        event_id = full_but_one(db)
        registration.add_player(db, event_id=event_id, name="Dee")
        registration.add_player(db, event_id=event_id, name="Eve")  # waiting, 1
        outcomes = two.race(
            [
                ("desk_drop", {"event_id": event_id, "code": "p1"}),
                ("register", {"event_id": event_id, "name": "Fay"}),
            ]
        )
        no_crash(outcomes)
        players = registration.list_players(db, event_id=event_id)
        holding = [p for p in players if p.waiting is None and not p.dropped]
        assert len(holding) == 4, [(p.name, p.waiting, p.dropped) for p in players]
        assert "Eve" in {p.name for p in holding}  # the first waiting came in, whoever won
        assert [p.name for p in players if p.waiting is not None] == ["Fay"]


def test_an_undone_drop_racing_a_registration_keeps_the_cap(two: Stations, db: Database) -> None:
    """Ada's drop let Eve in from the waiting list; the TO presses Undo as another station
    registers Fay. Undo takes back the latest change, whichever it is: the drop (Ada back,
    Eve first on the list again, Fay behind her) or, when Fay came first, her registration.
    Either way the event holds its 4 places, never 5."""
    for _ in range(RACES):
        event_id = full_but_one(db)
        registration.add_player(db, event_id=event_id, name="Dee")
        registration.add_player(db, event_id=event_id, name="Eve")  # waiting, 1
        ada = registration.list_players(db, event_id=event_id)[0]
        registration.set_dropped(
            db, event_id=event_id, registration_id=ada.registration_id, dropped=True
        )  # Eve comes in
        outcomes = two.race(
            [
                ("undo", {"event_id": event_id}),
                ("register", {"event_id": event_id, "name": "Fay"}),
            ]
        )
        no_crash(outcomes)
        players = registration.list_players(db, event_id=event_id)
        holding = sorted(p.name for p in players if p.waiting is None and not p.dropped)
        waiting = [p.name for p in sorted(players, key=lambda p: p.waiting or 0) if p.waiting]
        if outcomes[0][1].startswith("undid: dropped Ada"):
            assert outcomes[0][1].endswith("; Eve is back on the waiting list"), outcomes
            assert (holding, waiting) == (["Ada", "Bo", "Cy", "Dee"], ["Eve", "Fay"]), players
        else:
            assert outcomes[0][1].startswith("undid: registered Fay"), outcomes
            assert (holding, waiting) == (["Bo", "Cy", "Dee", "Eve"], []), players


def test_two_check_ins_of_one_player(two: Stations, db: Database) -> None:
    for _ in range(RACES):
        event_id = full_but_one(db)
        outcomes = two.race(
            [
                ("check_in", {"event_id": event_id, "code": "p2"}),
                ("check_in", {"event_id": event_id, "code": "p2"}),
            ]
        )
        no_crash(outcomes)
        assert sorted(kind for kind, _ in outcomes) == ["ok", "refused"], outcomes
        assert any("already checked in" in text for _, text in outcomes)
        assert registration.list_players(db, event_id=event_id)[1].checked_in


def test_a_phones_check_in_racing_the_to_closing_it(two: Stations, db: Database) -> None:
    """The TO turns `self_checkin` off as a player taps Check in: the tap is either stored
    before the setting changed or refused, never stored after it (the gate is read inside
    the check-in's own write)."""
    for _ in range(RACES):
        event_id = full_but_one(db)
        settings.set_setting(db, event_id=event_id, key="self_checkin", value="yes")
        outcomes = two.race(
            [
                ("self_check_in", {"event_id": event_id, "code": "p1"}),
                ("set_setting", {"event_id": event_id, "key": "self_checkin", "value": "no"}),
            ]
        )
        no_crash(outcomes)
        actions = [e.action for e in journal_entries(db, event_id=event_id)]
        last_setting = len(actions) - 1 - actions[::-1].index(Action.SETTINGS_SET)
        if outcomes[0][0] == "ok":
            assert actions.index(Action.PLAYER_CHECKIN) < last_setting, actions
        else:
            assert "checking in is done at the counter" in outcomes[0][1]
            assert Action.PLAYER_CHECKIN not in actions
