"""`organizer sudden-death … turn N --other M` (issue 25 items 1-2; Warcaste 1d): counters the
other player places during a turn (a trap) count for them, and a result sudden death wrote is
only changed with `--correct`, journaled as a correction.
"""

from __future__ import annotations

import json
from pathlib import Path

from organizer.storage.database import Database
from tests.cli.helpers import Outcome, ok, organizer
from tests.journal import journal_entries


def at_time(db: Path) -> tuple[int, str, str]:
    """A Warcaste event of four, round 1 paired, time up: (p1's table, p1, p1's opponent)."""
    ok(db, "new", "--name", "Trap night", "--format", "warcaste-skirmish-constructed")
    for i in range(1, 5):
        ok(db, "players", "add", f"P{i}", "--id", f"p{i}")
    pairings = json.loads(ok(db, "pair", "--seed", "1", "--json").out)["pairings"]
    ok(db, "clock", "start")
    total_s = json.loads(ok(db, "clock", "status", "--json").out)["total_s"]
    ok(db, "clock", "add", "--", str(-total_s / 60))
    table = next(p for p in pairings if "p1" in (p["a"], p["b"]))
    return table["table"], "p1", table["b"] if table["a"] == "p1" else table["a"]


def walk(db: Path, table: int, steps: list[list[str]]) -> Outcome:
    done = ok(db, "sudden-death", str(table), "turn", *steps[0])
    for step in steps[1:]:
        done = ok(db, "sudden-death", str(table), "turn", *step)
    return done


TRAP_NIGHT = [["1", "--other", "2"], ["0"], ["1", "--other", "2"], ["0"], ["1"], ["0"]]
"""P1 active at time places 1 on each of his turns; the opponent's trap places 2 during P1's
first and third turns; she places none on her own."""


def test_a_trap_during_the_active_players_turns_wins_it_four_to_three(db_path: Path) -> None:
    table, p1, p4 = at_time(db_path)
    ok(db_path, "sudden-death", str(table), "active", p1)
    shown = walk(db_path, table, TRAP_NIGHT)
    assert "turn 1, P1's turn: P1 placed 1, P4 placed 2" in shown.out
    data = json.loads(ok(db_path, "sudden-death", str(table), "--json", "show").out)
    assert [(t["counters"], t["other"]) for t in data["turns"]] == [
        (1, 2),
        (0, 0),
        (1, 2),
        (0, 0),
        (1, 0),
        (0, 0),
    ]
    assert data["totals"] == {p1: 3, p4: 4}
    assert data["outcome"]["winner"] == p4 and data["outcome"]["totals"] == {p1: 3, p4: 4}
    standings = json.loads(ok(db_path, "standings", "--json").out)["standings"]
    points = {row["id"]: row["points"] for row in standings}
    assert points[p4] > points[p1]


def test_the_same_night_without_the_trap_is_p1s(db_path: Path) -> None:
    """The other player's counters are what decides it: without them P1 wins 3-0."""
    table, p1, _ = at_time(db_path)
    ok(db_path, "sudden-death", str(table), "active", p1)
    walk(db_path, table, [["1"], ["0"], ["1"], ["0"], ["1"], ["0"]])
    data = json.loads(ok(db_path, "sudden-death", str(table), "--json", "show").out)
    assert data["outcome"]["winner"] == p1


def test_a_result_sudden_death_wrote_changes_only_as_a_journaled_correction(
    db_path: Path,
) -> None:
    table, p1, p4 = at_time(db_path)
    ok(db_path, "sudden-death", str(table), "active", p1)
    walk(db_path, table, TRAP_NIGHT)
    refused = organizer(db_path, "sudden-death", str(table), "correct", "1", "1")
    assert refused.status == 1
    assert "already has 0-1 by sudden death" in refused.err and "--correct" in refused.err
    refused = organizer(db_path, "sudden-death", str(table), "undo")
    assert refused.status == 1 and "--correct" in refused.err
    unchanged = json.loads(ok(db_path, "sudden-death", str(table), "--json", "show").out)
    assert unchanged["outcome"]["winner"] == p4 and len(unchanged["turns"]) == 6

    # the trap's counters were misheard: no trap on turn 3 -> 3-2, P1 wins
    shown = ok(
        db_path, "sudden-death", str(table), "correct", "3", "1", "--other", "0", "--correct"
    )
    assert "P1 wins" in shown.out
    data = json.loads(ok(db_path, "sudden-death", str(table), "--json", "show").out)
    assert data["totals"] == {p1: 3, p4: 2} and data["outcome"]["winner"] == p1
    ok(db_path, "sudden-death", str(table), "undo", "--correct")
    reopened = json.loads(ok(db_path, "sudden-death", str(table), "--json", "show").out)
    assert reopened["outcome"] is None and len(reopened["turns"]) == 5
    database = Database(f"sqlite:///{db_path}")
    try:
        journal = journal_entries(database, event_id=1)
    finally:
        database.close()
    corrections = [e.summary for e in journal if e.action == "suddendeath.correct"]
    assert len(corrections) == 2 and all("correction:" in c for c in corrections)
    assert any("the result 1-0 is taken back" in c for c in corrections)
    assert any(
        e.action == "result.correct" and "corrected 0-1 to 1-0" in e.summary for e in journal
    )


def test_a_negative_other_count_is_refused(db_path: Path) -> None:
    table, p1, _ = at_time(db_path)
    ok(db_path, "sudden-death", str(table), "active", p1)
    refused = organizer(db_path, "sudden-death", str(table), "turn", "1", "--other", "-2")
    assert refused.status == 2
    assert json.loads(ok(db_path, "sudden-death", str(table), "--json", "show").out)["turns"] == []
