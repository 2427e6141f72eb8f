"""Correcting a sudden-death turn changes only what the judge gives (issue 36, item 2):
`correct N COUNTERS` keeps the turn's recorded `--other` and `--lost`, so fixing the active
player's count never erases a trap's counters, never flips the winner, and never reopens a
game a destroyed last territory decided; the journal says both counts before and after."""

from __future__ import annotations

import json
from pathlib import Path

from organizer.storage.database import Database
from tests.cli.helpers import ok
from tests.cli.test_sudden_death_both_players_cli import TRAP_NIGHT, at_time, walk
from tests.journal import journal_entries


def turns(db: Path, table: int) -> list[tuple[int, int]]:
    data = json.loads(ok(db, "sudden-death", str(table), "--json", "show").out)
    return [(t["counters"], t["other"]) for t in data["turns"]]


def test_a_correction_keeps_the_traps_counters_and_the_winner(db_path: Path) -> None:
    table, p1, p4 = at_time(db_path)
    ok(db_path, "sudden-death", str(table), "active", p1)
    walk(db_path, table, TRAP_NIGHT)  # P4 wins 4-3 with the trap's counters
    before = json.loads(ok(db_path, "sudden-death", str(table), "--json", "show").out)
    assert before["outcome"]["winner"] == p4
    ok(db_path, "sudden-death", str(table), "correct", "1", "1", "--correct")
    after = json.loads(ok(db_path, "sudden-death", str(table), "--json", "show").out)
    assert turns(db_path, table)[0] == (1, 2)  # the trap's 2 is still there
    assert after["outcome"]["winner"] == p4 and after["totals"] == {p1: 3, p4: 4}
    ok(db_path, "sudden-death", str(table), "correct", "1", "2", "--correct")
    assert turns(db_path, table)[0] == (2, 2)
    database = Database(f"sqlite:///{db_path}")
    summary = journal_entries(database, event_id=1)[-1].summary
    database.close()
    assert "corrected turn 1: active player 1 -> 2, other player 2 -> 2" in summary


def test_only_the_active_players_count_is_fixed_before_the_game_ends(db_path: Path) -> None:
    table, p1, _ = at_time(db_path)
    ok(db_path, "sudden-death", str(table), "active", p1)
    ok(db_path, "sudden-death", str(table), "turn", "2", "--other", "1")
    ok(db_path, "sudden-death", str(table), "correct", "1", "3")
    shown = ok(db_path, "sudden-death", str(table), "show").out
    assert turns(db_path, table) == [(3, 1)]
    assert "placed 3" in shown and "placed 1" in shown
    ok(db_path, "sudden-death", str(table), "correct", "1", "3", "--other", "0")
    assert turns(db_path, table) == [(3, 0)]  # what is given is what is recorded


def test_a_game_a_lost_territory_decided_stays_decided(db_path: Path) -> None:
    table, p1, p4 = at_time(db_path)
    ok(db_path, "sudden-death", str(table), "active", p1)
    ok(db_path, "sudden-death", str(table), "turn", "1")
    ok(db_path, "sudden-death", str(table), "turn", "1", "--lost", p1)  # P4 destroys it
    decided = json.loads(ok(db_path, "sudden-death", str(table), "--json", "show").out)
    assert decided["outcome"]["winner"] == p4
    ok(db_path, "sudden-death", str(table), "correct", "2", "3", "--correct")
    still = json.loads(ok(db_path, "sudden-death", str(table), "--json", "show").out)
    assert still["outcome"]["winner"] == p4 and turns(db_path, table)[1] == (3, 0)
    standings = json.loads(ok(db_path, "standings", "--json").out)["standings"]
    assert {r["id"]: r["wins"] for r in standings}[p4] == 1  # the result was not taken back
    ok(db_path, "sudden-death", str(table), "correct", "2", "3", "--lost", "none", "--correct")
    reopened = json.loads(ok(db_path, "sudden-death", str(table), "--json", "show").out)
    assert reopened["outcome"] is None
