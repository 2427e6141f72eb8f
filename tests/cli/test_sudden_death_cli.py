"""`organizer sudden-death` at its edges (shared/spec/cli.md; formats.md "Decided here for
sudden death"): a level Warcaste semifinal plays on turn by turn to a champion; before time
only with `--early` (shown in the record); never in WARS; a stored result only with `--correct`.
"""

from __future__ import annotations

import json
from pathlib import Path

from tests.cli.helpers import ok, organizer


def event(db: Path, format_id: str, players: int) -> None:
    ok(db, "new", "--name", "Cut", "--format", format_id)
    for i in range(1, players + 1):
        ok(db, "players", "add", f"Player {i}", "--id", f"p{i}")


def time_up(db: Path) -> None:
    """Start the clock and take the whole round away: time is up at every table."""
    ok(db, "clock", "start")
    total_s = json.loads(ok(db, "clock", "status", "--json").out)["total_s"]
    ok(db, "clock", "add", "--", str(-total_s / 60))


def table_players(db: Path, table: int) -> list[str]:
    shown = json.loads(ok(db, "sudden-death", str(table), "--json", "show").out)
    return list(shown["players"])


def test_a_level_semifinal_reaches_a_champion_from_the_command_line(db_path: Path) -> None:
    event(db_path, "warcaste-skirmish-constructed", 8)
    for n in range(3):
        ok(db_path, "pair", "--seed", str(n + 1))
        for table in range(1, 5):
            ok(db_path, "result", str(table), "1-0")
    ok(db_path, "topcut", "4")
    time_up(db_path)
    a, b = table_players(db_path, 1)
    ok(db_path, "sudden-death", "1", "active", a)
    for _ in range(6):
        shown = ok(db_path, "sudden-death", "1", "turn", "1")
    assert "playoff: no draw" in shown.out and "playing on" in shown.out
    refused = organizer(db_path, "pair")
    assert refused.status == 1 and "missing" in refused.err
    ok(db_path, "sudden-death", "1", "turn", "0")
    shown = ok(db_path, "sudden-death", "1", "turn", "2")
    assert "turn 7" in shown.out and "extra turn" in shown.out
    assert f"Player {b[1:]} wins (more counters)" in shown.out
    ok(db_path, "result", "2", "1-0")
    final = json.loads(ok(db_path, "pair", "--json").out)["pairings"][0]
    assert b in (final["a"], final["b"])
    ok(db_path, "result", "1", "1-0" if final["a"] == b else "0-1")
    standings = json.loads(ok(db_path, "standings", "--final", "--json").out)
    assert standings["standings"][0]["id"] == b


def test_before_time_only_when_the_judge_calls_it_early(db_path: Path) -> None:
    event(db_path, "warcaste-skirmish-constructed", 2)
    ok(db_path, "pair", "--seed", "1")
    ok(db_path, "clock", "start")
    refused = organizer(db_path, "sudden-death", "1", "active", "p1")
    assert refused.status == 1 and "time is not up" in refused.err and "--early" in refused.err
    shown = ok(db_path, "sudden-death", "1", "active", "p1", "--early")
    assert "called early by the judge" in shown.out
    assert json.loads(ok(db_path, "sudden-death", "1", "--json", "show").out)["called_early"]


def test_wars_has_no_sudden_death(db_path: Path) -> None:
    event(db_path, "wars-constructed", 2)
    ok(db_path, "pair", "--seed", "1")
    ok(db_path, "result", "1", "1-2")
    time_up(db_path)
    refused = organizer(db_path, "sudden-death", "1", "active", "p1", "--early", "--correct")
    assert refused.status == 1 and "has no sudden death" in refused.err
    assert "1-2" in ok(db_path, "result", "1", "1-2", "--correct").out


def test_a_stored_result_needs_correct(db_path: Path) -> None:
    event(db_path, "warcaste-skirmish-constructed", 2)
    ok(db_path, "pair", "--seed", "1")
    ok(db_path, "result", "1", "1-0")
    time_up(db_path)
    a, _ = table_players(db_path, 1)
    refused = organizer(db_path, "sudden-death", "1", "active", a)
    assert refused.status == 1 and "already has 1-0" in refused.err
    shown = ok(db_path, "sudden-death", "1", "active", a, "--correct")
    assert "steps need --correct" in shown.out
    assert organizer(db_path, "sudden-death", "1", "turn", "1").status == 1
    ok(db_path, "sudden-death", "1", "turn", "1", "--correct")
