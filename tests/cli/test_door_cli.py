"""The door on the command line: a cap with a waiting list, check-in before round 1, paid.

The issue's evening: 20 register for 16 places (4 wait), 3 never check in; round 1 waits
naming them, `--drop-absent` drops them and lets 3 waiting players in, and 16 are paired."""

from __future__ import annotations

import json
from pathlib import Path

from tests.cli.helpers import ok, organizer


def listed(db: Path) -> list[dict[str, object]]:
    players: list[dict[str, object]] = json.loads(ok(db, "players", "list", "--json").out)[
        "players"
    ]
    return players


def full_evening(db: Path) -> list[str]:
    """20 registered for a cap of 16 with check-in required; every id in order."""
    ok(db, "new", "--name", "Full Friday", "--format", "castle-wars")
    ok(db, "settings", "cap", "16")
    ok(db, "settings", "require_checkin", "yes")
    for i in range(1, 21):
        ok(db, "players", "add", f"Player {i}")
    return [str(p["id"]) for p in listed(db)]


def test_the_absent_hold_round_1_until_dropped_and_the_waiting_come_in(db_path: Path) -> None:
    ids = full_evening(db_path)
    players = listed(db_path)
    assert [p["waiting"] for p in players] == [False] * 16 + [True] * 4
    assert [p["waiting_place"] for p in players[16:]] == [1, 2, 3, 4]
    absent = {ids[2], ids[7], ids[11]}
    for player in ids[:16]:
        if player not in absent:
            ok(db_path, "checkin", player)
    assert all(p["checked_in"] == (p["id"] in set(ids[:16]) - absent) for p in listed(db_path))

    stopped = organizer(db_path, "pair")
    assert stopped.status == 1
    assert "3 not checked in (Player 3, Player 8, Player 12)" in stopped.err

    paired = json.loads(ok(db_path, "pair", "--drop-absent", "--json").out)["pairings"]
    seated = {seat for table in paired for seat in (table["a"], table["b"]) if seat}
    assert len(seated) == 16
    assert seated == (set(ids[:16]) - absent) | {ids[16], ids[17], ids[18]}
    after = {str(p["id"]): p for p in listed(db_path)}
    assert all(after[p]["dropped_after_round"] == 0 for p in absent)
    assert after[ids[19]]["waiting"] is True and after[ids[19]]["waiting_place"] == 4


def test_pairing_anyway_and_dropping_before_round_1(db_path: Path) -> None:
    ids = full_evening(db_path)
    ok(db_path, "players", "drop", ids[0])  # a place comes free: the first waiting comes in
    after = {str(p["id"]): p for p in listed(db_path)}
    assert after[ids[16]]["waiting"] is False and after[ids[17]]["waiting"] is True
    for player in ids[1:17]:
        ok(db_path, "checkin", player)
    ok(db_path, "checkin", ids[3], "--undo")
    paired = json.loads(ok(db_path, "pair", "--allow-absent", "--json").out)["pairings"]
    assert ids[3] in {seat for table in paired for seat in (table["a"], table["b"])}


def test_bad_input_at_the_door(db_path: Path) -> None:
    ids = full_evening(db_path)
    unknown = organizer(db_path, "checkin", "p999")
    assert unknown.status == 1 and "p999" in unknown.err
    answer = json.loads(ok(db_path, "checkin", ids[0], "--json").out)
    assert answer["checked_in"] is True
    assert answer["door"] == {"in": 16, "checked_in": 1, "paid": 0, "waiting": 4}
    again = organizer(db_path, "checkin", ids[0])
    assert again.status == 1 and "already checked in" in again.err
    too_low = organizer(db_path, "settings", "cap", "10")
    assert too_low.status != 0 and "16 players are in" in too_low.err
    assert json.loads(ok(db_path, "settings", "--json").out)["cap"] == 16


def test_paid_with_an_amount(db_path: Path) -> None:
    ok(db_path, "new", "--name", "Paid", "--format", "castle-wars")
    ok(db_path, "players", "add", "Ada Byrne")
    assert ok(db_path, "players", "paid", "p1", "--amount", "5,50").out == "Ada Byrne: paid 5.50\n"
    [ada] = listed(db_path)
    assert ada["paid"] is True and ada["paid_amount"] == "5.50"
    bad = organizer(db_path, "players", "paid", "p1", "--amount", "five")
    assert bad.status == 2 and "'five' is not a number" in bad.err
    ok(db_path, "players", "paid", "p1", "--undo")
    [ada] = listed(db_path)
    assert ada["paid"] is False and ada["paid_amount"] is None


def test_late_entry_closes_when_the_policy_says(db_path: Path) -> None:
    ok(db_path, "new", "--name", "Late", "--format", "castle-wars")
    for name in ("Ada", "Bo", "Cy", "Dee"):
        ok(db_path, "players", "add", name)
    ok(db_path, "settings", "late_entry_until", "2")
    ok(db_path, "pair")
    ok(db_path, "players", "add", "Eve")  # joins for round 2
    for table in (1, 2):
        ok(db_path, "result", str(table), "2-0")
    ok(db_path, "pair")
    closed = organizer(db_path, "players", "add", "Fay")
    assert closed.status == 1 and "round 2 is paired" in closed.err
    csv = db_path.parent / "late.csv"
    csv.write_text("name\nGil\n", encoding="utf-8")
    assert organizer(db_path, "players", "import", str(csv)).status == 1
    assert [p["name"] for p in listed(db_path)] == ["Ada", "Bo", "Cy", "Dee", "Eve"]


def test_a_late_entry_gets_a_bye_for_each_missed_round_when_the_policy_says(
    db_path: Path,
) -> None:
    ok(db_path, "new", "--name", "Late byes", "--format", "castle-wars")
    for name in ("Ada", "Bo", "Cy", "Dee"):
        ok(db_path, "players", "add", name)
    ok(db_path, "settings", "late_entry_byes", "yes")
    for _round in (1, 2):
        ok(db_path, "pair", "--seed", str(_round))
        for table in (1, 2):
            ok(db_path, "result", str(table), "2-0")
    eve = json.loads(ok(db_path, "players", "add", "Eve", "--json").out)["players"][0]["id"]
    rows = {r["id"]: r for r in json.loads(ok(db_path, "standings", "--json").out)["standings"]}
    assert (rows[eve]["wins"], rows[eve]["losses"], rows[eve]["points"]) == (2, 0, 6)
    paired = json.loads(ok(db_path, "pair", "--seed", "3", "--json").out)["pairings"]
    assert eve in {seat for table in paired for seat in (table["a"], table["b"]) if seat}


def test_raising_the_cap_at_the_door_lets_the_first_waiting_in(db_path: Path) -> None:
    full_evening(db_path)
    raised = ok(db_path, "settings", "cap", "18")
    assert raised.err.splitlines() == [
        "warning: Player 17 came in from the waiting list",
        "warning: Player 18 came in from the waiting list",
    ]
    assert [p["name"] for p in listed(db_path) if p["waiting"]] == [
        "Player 19",
        "Player 20",
    ]
