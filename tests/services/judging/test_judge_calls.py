"""Calls for a judge: one open call per table (the service's refusal and, under it, the
unique index), claim and resolve with who has it, the caller's table in the latest round,
each step journaled; judges sign in with a PIN under the players' lock-out."""

from __future__ import annotations

import datetime as dt

import pytest

from organizer.services.judging import judge_calls
from organizer.services.judging.judge_calls import NoTableError, TableHasOpenCallError
from organizer.services.kit.errors import InputError, NotFoundError, RefusedError
from organizer.services.phones import judges, pins
from organizer.services.players import registration
from organizer.services.rounds import pairing, rewind
from organizer.storage import judges_repo
from organizer.storage.database import Database
from organizer.storage.db_errors import DatabaseConflictError
from organizer.storage.journal_repo import Action
from organizer.storage.records import PlayerRecord
from organizer.storage.tables import JudgeCallRow
from tests.journal import journal_entries
from tests.services.event_builders import event_with_players, store_round

NOW = dt.datetime(2026, 11, 26, 20, 0, tzinfo=dt.UTC)


def five_paired(db: Database) -> int:
    """Five players, round 1: p1-p2 at table 1, p3-p4 at table 2, p5 has the bye."""
    event_id = event_with_players(db, "castle-wars", 5)
    store_round(db, event_id, 1, [("p1", "p2"), ("p3", "p4"), ("p5", None)])
    return event_id


def player(db: Database, event_id: int, code: str) -> PlayerRecord:
    return registration.find_player(db, event_id=event_id, code=code)


def test_a_player_calls_a_judge_to_their_table_once(db: Database) -> None:
    event_id = five_paired(db)
    made = judge_calls.call_judge(
        db,
        event_id=event_id,
        player=player(db, event_id, "p3"),
        note="  rules\n question ",
        now=NOW,
    )
    call = made.value
    assert (call.round, call.table, call.player_code, call.note) == (1, 2, "p3", "rules question")
    assert call.state == "open" and call.claimed_by is None
    assert made.changes.judge_calls
    with pytest.raises(TableHasOpenCallError, match="table 2 has called a judge already"):
        judge_calls.call_judge(db, event_id=event_id, player=player(db, event_id, "p4"))
    other = judge_calls.call_judge(db, event_id=event_id, player=player(db, event_id, "p1"))
    assert other.value.table == 1
    shown = judge_calls.list_calls(db, event_id=event_id)
    assert [(c.table, c.state) for c in shown] == [(2, "open"), (1, "open")]
    assert shown[0].as_json(NOW + dt.timedelta(seconds=75)) == {
        "id": call.id,
        "table": 2,
        "round": 1,
        "player": {"id": "p3", "name": "Player 3"},
        "note": "rules question",
        "state": "open",
        "claimed_by": None,
        "waiting_s": 75,
    }
    actions = [e.action for e in journal_entries(db, event_id=event_id)]
    assert actions.count(Action.JUDGE_CALL) == 2


def test_claim_then_resolve_and_the_table_may_call_again(db: Database) -> None:
    event_id = five_paired(db)
    judges.add_judge(db, event_id=event_id, name="Zoë Ward")
    judges.add_judge(db, event_id=event_id, name="Bo")
    call = judge_calls.call_judge(
        db, event_id=event_id, player=player(db, event_id, "p1"), now=NOW
    ).value
    claimed = judge_calls.claim_call(
        db, event_id=event_id, call_id=call.id, judge="zoe ward", now=NOW
    ).value
    assert (claimed.state, claimed.claimed_by) == ("claimed", "Zoë Ward")
    with pytest.raises(RefusedError, match="Zoë Ward's already"):
        judge_calls.claim_call(db, event_id=event_id, call_id=call.id, judge="Bo")
    with pytest.raises(TableHasOpenCallError, match="Zoë Ward is on the way"):
        judge_calls.call_judge(db, event_id=event_id, player=player(db, event_id, "p2"))
    later = NOW + dt.timedelta(minutes=3)
    resolved = judge_calls.resolve_call(db, event_id=event_id, call_id=call.id, now=later).value
    assert resolved.state == "resolved" and resolved.waiting_s(later + dt.timedelta(hours=1)) == 180
    with pytest.raises(RefusedError, match="resolved already"):
        judge_calls.resolve_call(db, event_id=event_id, call_id=call.id)
    with pytest.raises(RefusedError, match="resolved already"):
        judge_calls.claim_call(db, event_id=event_id, call_id=call.id, judge="Bo")
    assert judge_calls.list_calls(db, event_id=event_id) == []
    assert len(judge_calls.list_calls(db, event_id=event_id, resolved=True)) == 1
    again = judge_calls.call_judge(db, event_id=event_id, player=player(db, event_id, "p2"))
    assert again.value.table == 1 and again.value.id != call.id


def test_refusals_name_the_problem(db: Database) -> None:
    event_id = event_with_players(db, "castle-wars", 5)
    with pytest.raises(NoTableError, match="no round is paired yet"):
        judge_calls.call_judge(db, event_id=event_id, player=player(db, event_id, "p1"))
    store_round(db, event_id, 1, [("p1", "p2"), ("p3", "p4"), ("p5", None)])
    with pytest.raises(NoTableError, match="you have a bye in round 1"):
        judge_calls.call_judge(db, event_id=event_id, player=player(db, event_id, "p5"))
    with pytest.raises(InputError, match="at most 200"):
        judge_calls.call_judge(
            db, event_id=event_id, player=player(db, event_id, "p1"), note="x" * 201
        )
    with pytest.raises(NoTableError, match="round 1 has no table 9"):
        judge_calls.call_judge(db, event_id=event_id, table=9)
    with pytest.raises(NotFoundError, match="no judge named 'Al'"):
        judge_calls.claim_call(db, event_id=event_id, call_id=1, judge="Al")
    with pytest.raises(NotFoundError, match="no judge call 99"):
        judge_calls.resolve_call(db, event_id=event_id, call_id=99)
    assert judge_calls.list_calls(db, event_id=event_id, resolved=True) == []
    by_to = judge_calls.call_judge(db, event_id=event_id, table=2).value
    assert by_to.player_code is None and by_to.as_json(NOW)["player"] is None
    signed_in = player(db, event_id, "p1")  # as the phone's session read it …
    registration.set_dropped(
        db, event_id=event_id, registration_id=signed_in.registration_id, dropped=True
    )  # … before the player dropped at the desk
    with pytest.raises(RefusedError, match="Player 1 has dropped"):
        judge_calls.call_judge(db, event_id=event_id, player=signed_in)


def test_the_unique_index_refuses_a_second_open_call_the_service_did_not_see(
    db: Database,
) -> None:
    """Two phones at the same moment: whichever writes second meets the index."""
    event_id = five_paired(db)
    judge_calls.call_judge(db, event_id=event_id, table=1)
    with pytest.raises(DatabaseConflictError, match="UNIQUE"), db.transaction() as s:
        s.add(JudgeCallRow(event_id=event_id, round_number=1, table_number=1))
        s.flush()
    with db.transaction() as s:  # the repository answers None, and the write goes on
        lost = judges_repo.open_call(
            s,
            event_id=event_id,
            round_number=1,
            table_number=1,
            registration_id=None,
            note="",
            now=NOW,
        )
        assert lost is None
        s.add(JudgeCallRow(event_id=event_id, round_number=1, table_number=1, state="resolved"))
    assert [c.state for c in judge_calls.list_calls(db, event_id=event_id, resolved=True)] == [
        "open",
        "resolved",
    ]


def test_a_judge_signs_in_with_the_pin_and_wrong_pins_lock_as_a_players_do(
    db: Database,
) -> None:
    event_id = five_paired(db)
    pin = judges.add_judge(db, event_id=event_id, name="Ana").value.pin
    assert len(pin) == 6 and pin.isdigit()
    with pytest.raises(RefusedError, match="Ana is a judge of this event already"):
        judges.add_judge(db, event_id=event_id, name=" ana ")
    judge, token = judges.sign_in(
        db, event_id=event_id, name="ANA", pin=pin, address="10.0.0.5", now=NOW
    )
    assert judge.name == "Ana"
    assert judges.signed_in(db, event_id=event_id, token=token) == judge
    wrong = f"{(int(pin) + 1) % 10**6:06d}"
    for _ in range(pins.TRIES):
        with pytest.raises(pins.WrongPinError):
            judges.sign_in(db, event_id=event_id, name="Ana", pin=wrong, address="9.9.9.9", now=NOW)
    with pytest.raises(pins.SignInLockedError):
        judges.sign_in(db, event_id=event_id, name="Ana", pin=pin, address="9.9.9.9", now=NOW)
    subjects = {lock.subject for lock in pins.locks(db, event_id=event_id, now=NOW)}
    assert subjects == {"address:9.9.9.9", f"judge:{judge.id}"}
    judge_lock = next(
        x for x in pins.locks(db, event_id=event_id, now=NOW) if x.subject.startswith("judge:")
    )
    assert judge_lock.until - NOW <= dt.timedelta(seconds=pins.MAX_PLAYER_LOCK_S)
    # a clean address with the right PIN still gets in, as a player's does
    judges.sign_in(db, event_id=event_id, name="Ana", pin=pin, address="10.0.0.6", now=NOW)
    fresh = judges.new_pin(db, event_id=event_id, name="ana").value.pin
    assert judges.signed_in(db, event_id=event_id, token=token) is None  # signed out by it
    with pytest.raises(pins.WrongPinError):
        judges.sign_in(db, event_id=event_id, name="Ana", pin=pin, address="10.0.0.7", now=NOW)
    judges.sign_in(db, event_id=event_id, name="Ana", pin=fresh, address="10.0.0.7", now=NOW)
    judges.end_session(db, token=token)
    assert [j.name for j in judges.list_judges(db, event_id=event_id)] == ["Ana"]


def test_a_round_paired_again_or_rewound_takes_its_open_calls_with_it(db: Database) -> None:
    event_id = event_with_players(db, "castle-wars", 4)
    pairing.pair_next(db, event_id=event_id, seed=1)
    judge_calls.call_judge(db, event_id=event_id, table=1, note="before the re-pair")
    pairing.repair_current(db, event_id=event_id, seed=2)
    (old,) = judge_calls.list_calls(db, event_id=event_id, resolved=True)
    assert old.state == "resolved" and old.resolved_at is not None
    again = judge_calls.call_judge(db, event_id=event_id, table=1).value  # not refused
    assert again.state == "open"
    rewind.rewind(db, event_id=event_id, round_number=1)
    assert judge_calls.list_calls(db, event_id=event_id) == []
