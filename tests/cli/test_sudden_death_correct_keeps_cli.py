"""`organizer sudden-death T correct N C` changes what it is given and nothing else (issue 36
item 2; Warcaste 1d; docs/rules.md "Sudden death (1d)"): the other player's recorded count
(`--other`) and a recorded lost territory (`--lost`) stay unless given, and the journal
says both players' counts before and after.
"""

from __future__ import annotations

import json
from pathlib import Path

from organizer.storage.database import Database
from tests.cli.helpers import ok, organizer
from tests.cli.test_sudden_death_both_players_cli import TRAP_NIGHT, at_time, walk
from tests.journal import journal_entries


def show(db: Path, table: int) -> dict[str, object]:
    data: dict[str, object] = json.loads(ok(db, "sudden-death", str(table), "--json", "show").out)
    return data


def test_correcting_the_active_count_keeps_the_traps_count(db_path: Path) -> None:
    table, p1, p4 = at_time(db_path)
    ok(db_path, "sudden-death", str(table), "active", p4, "--early")
    ok(db_path, "sudden-death", str(table), "turn", "2", "--other", "1")
    shown = ok(db_path, "sudden-death", str(table), "correct", "1", "3")
    assert "turn 1, P4's turn: P4 placed 3, P1 placed 1" in shown.out
    assert show(db_path, table)["totals"] == {p1: 1, p4: 3}
    database = Database(f"sqlite:///{db_path}")
    try:
        journal = journal_entries(database, event_id=1)
    finally:
        database.close()
    assert f"corrected turn 1 ({p4}'s): {p4} placed 2 -> 3, {p1} placed 1 -> 1" in (
        journal[-1].summary
    )
    # given, --other changes; --no-lost is refused beside --lost
    ok(db_path, "sudden-death", str(table), "correct", "1", "3", "--other", "0")
    assert show(db_path, table)["totals"] == {p1: 0, p4: 3}
    both = organizer(
        db_path, "sudden-death", str(table), "correct", "1", "3", "--lost", p1, "--no-lost"
    )
    assert both.status == 2


def test_correcting_the_active_count_after_six_turns_keeps_the_winner(db_path: Path) -> None:
    """TRAP_NIGHT is P4's 4-3 on P4's traps; fixing P1's own count on turn 1 keeps them."""
    table, p1, p4 = at_time(db_path)
    ok(db_path, "sudden-death", str(table), "active", p1)
    walk(db_path, table, TRAP_NIGHT)
    ok(db_path, "sudden-death", str(table), "correct", "1", "1", "--correct")
    data = show(db_path, table)
    assert data["totals"] == {p1: 3, p4: 4}
    assert data["outcome"]["winner"] == p4  # type: ignore[index]


def test_correcting_the_count_of_a_turn_that_ended_the_game_keeps_it_ended(
    db_path: Path,
) -> None:
    table, p1, p4 = at_time(db_path)
    ok(db_path, "sudden-death", str(table), "active", p1)
    ok(db_path, "sudden-death", str(table), "turn", "1")
    ok(db_path, "sudden-death", str(table), "turn", "2", "--lost", p1)
    assert show(db_path, table)["outcome"]["winner"] == p4  # type: ignore[index]
    shown = ok(db_path, "sudden-death", str(table), "correct", "2", "3", "--correct")
    assert "last territory of p1 destroyed" in shown.out and "P4 wins" in shown.out
    data = show(db_path, table)
    assert data["outcome"]["winner"] == p4  # type: ignore[index]
    standings = json.loads(ok(db_path, "standings", "--json").out)["standings"]
    points = {row["id"]: row["points"] for row in standings}
    assert points[p4] > points[p1]  # the result stands
    # --no-lost is how the judge takes the lost territory back
    ok(db_path, "sudden-death", str(table), "correct", "2", "3", "--no-lost", "--correct")
    assert show(db_path, table)["outcome"] is None


def test_after_a_game_loss_replaces_its_result_show_no_longer_credits_sudden_death(
    db_path: Path,
) -> None:
    """Issue 36 item 10: a Game Loss given after sudden death decided the table replaces
    its result; `show` says so, and further steps need --correct."""
    table, p1, p4 = at_time(db_path)
    ok(db_path, "sudden-death", str(table), "active", p1)
    before = walk(db_path, table, TRAP_NIGHT)
    assert "sudden death wrote the table's result" in before.out
    ok(db_path, "penalty", "add", p4, "Tardiness", "Game Loss")
    shown = ok(db_path, "sudden-death", str(table), "show")
    assert "sudden death wrote the table's result" not in shown.out
    assert "not what sudden death decided: it was replaced since" in shown.out
    refused = organizer(db_path, "sudden-death", str(table), "undo")
    assert refused.status == 1 and "--correct" in refused.err
