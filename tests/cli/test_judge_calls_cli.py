"""`organizer judges add|pin|list` and `organizer judge-calls [claim|resolve] [--json]`."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

from organizer.services.phones import judges, pins
from organizer.storage.database import Database
from tests.cli.helpers import ok, organizer
from tests.services.judging.phones import call_from_another_phone

NOW = dt.datetime(2026, 11, 26, 20, 0, tzinfo=dt.UTC)
CALL_KEYS = {"id", "table", "round", "player", "note", "state", "claimed_by", "waiting_s"}
"""A call's JSON, as issue 34 names it: exactly these keys (the CLI and the page alike)."""


def paired_event(db_path: Path) -> None:
    ok(db_path, "new", "--name", "Friday", "--format", "castle-wars")
    for name in ("Ada", "Bo", "Cy", "Dee"):
        ok(db_path, "players", "add", name)
    ok(db_path, "pair", "--seed", "3")


def test_judges_add_prints_a_pin_that_signs_the_judge_in(db_path: Path) -> None:
    paired_event(db_path)
    name, pin = ok(db_path, "judges", "add", "Zoë Ward").out.strip().split("\t")
    assert name == "Zoë Ward" and len(pin) == 6 and pin.isdigit()
    doc = json.loads(ok(db_path, "judges", "add", "Bo", "--json").out)
    assert doc["name"] == "Bo" and len(doc["pin"]) == 6
    twice = organizer(db_path, "judges", "add", "zoe ward")
    assert twice.status == 1 and "Zoë Ward is a judge of this event already" in twice.err
    assert json.loads(ok(db_path, "judges", "list", "--json").out) == {"judges": ["Bo", "Zoë Ward"]}
    db = Database(f"sqlite:///{db_path}")
    try:
        judge, _ = judges.sign_in(db, event_id=1, name="Zoë Ward", pin=pin, address="a", now=NOW)
        assert judge.name == "Zoë Ward"
        fresh = ok(db_path, "judges", "pin", "Zoë Ward").out.strip().split("\t")[1]
        for old_or_new, right in ((pin, pin == fresh), (fresh, True)):
            try:
                judges.sign_in(
                    db, event_id=1, name="Zoë Ward", pin=old_or_new, address="b", now=NOW
                )
                signed = True
            except pins.WrongPinError:
                signed = False
            assert signed is right
    finally:
        db.close()


def test_judge_calls_lists_claims_and_resolves(db_path: Path) -> None:
    paired_event(db_path)
    ok(db_path, "judges", "add", "Ana")
    assert "No call for a judge is waiting." in ok(db_path, "judge-calls").out
    call_from_another_phone(f"sqlite:///{db_path}", event_id=1, code="p1", note="rules question")
    doc = json.loads(ok(db_path, "judge-calls", "--json").out)
    (call,) = doc["calls"]
    assert set(doc) == {"calls"}
    assert set(call) == CALL_KEYS
    assert call["round"] == 1 and call["player"]["id"] == "p1"
    assert (call["note"], call["state"], call["claimed_by"]) == ("rules question", "open", None)
    assert isinstance(call["waiting_s"], int) and call["waiting_s"] >= 0
    line = ok(db_path, "judge-calls").out
    assert f"table {call['table']}" in line and "Ada (p1): rules question [open" in line

    refused = organizer(db_path, "judge-calls", "claim", str(call["id"]), "--judge", "Nobody")
    assert refused.status == 1 and "no judge named 'Nobody'" in refused.err
    claimed = ok(db_path, "judge-calls", "claim", str(call["id"]), "--judge", "ana")
    assert claimed.out.strip() == f"Ana takes table {call['table']}"
    listed = json.loads(ok(db_path, "judge-calls", "--json").out)["calls"][0]
    assert (listed["state"], listed["claimed_by"]) == ("claimed", "Ana")

    done = json.loads(ok(db_path, "judge-calls", "--json", "resolve", str(call["id"])).out)
    assert done["state"] == "resolved"  # --json before the step counts too
    assert json.loads(ok(db_path, "judge-calls", "--json").out) == {"calls": []}
    every = json.loads(ok(db_path, "judge-calls", "--all", "--json").out)["calls"]
    assert [c["state"] for c in every] == ["resolved"]
    again = organizer(db_path, "judge-calls", "resolve", str(call["id"]))
    assert again.status == 1 and "resolved already" in again.err
    missing = organizer(db_path, "judge-calls", "resolve", "0")
    assert missing.status == 2  # argparse: not a judge call id


def test_the_to_opens_a_call_for_a_table_and_a_phone_then_finds_it_taken(db_path: Path) -> None:
    """A player asks at the counter: the TO calls a judge to their table; that table's
    phones are then told a judge is called already, and a table not in play is refused."""
    paired_event(db_path)
    doc = json.loads(
        ok(db_path, "judge-calls", "open", "2", "--note", "at the counter", "--json").out
    )
    assert set(doc) == CALL_KEYS
    assert (doc["table"], doc["round"], doc["player"], doc["note"]) == (
        2,
        1,
        None,
        "at the counter",
    )
    listed = json.loads(ok(db_path, "judge-calls", "--json").out)["calls"]
    assert [(c["table"], c["state"]) for c in listed] == [(2, "open")]
    again = organizer(db_path, "judge-calls", "open", "2")
    assert again.status == 1 and "table 2 has called a judge already" in again.err
    missing = organizer(db_path, "judge-calls", "open", "9")
    assert missing.status != 0 and "round 1 has no table 9" in missing.err
