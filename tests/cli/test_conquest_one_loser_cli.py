"""A Conquest game with one loser (issue 36 item 8; Warcaste 1d; docs/rules.md, "Conquest"):
a concession or a destroyed last territory ends the game and that player loses; everyone
else at the table draws, whatever the event's end-of-round rule for time."""

from __future__ import annotations

import json
from pathlib import Path

from tests.cli.helpers import ok, organizer


def first_table(db: Path) -> tuple[str, list[str]]:
    ok(db, "new", "--name", "Conquest", "--format", "warcaste-conquest")
    for i in range(1, 9):
        ok(db, "players", "add", f"Warlord {i}")
    table = json.loads(ok(db, "pair", "--seed", "1", "--json").out)["pairings"][0]
    return str(table["table"]), list(table["seats"])


def test_one_loser_loses_and_the_others_draw_under_the_default_rule(db_path: Path) -> None:
    table, seats = first_table(db_path)
    assert "conquest_time_draw" in ok(db_path, "settings").out  # the default: everyone
    done = ok(db_path, "result", table, "--loser", seats[1])
    assert done.out == f"round 1 table {table}: {seats[1]} lost, the others draw\n"
    exported = db_path.with_suffix(".json")
    ok(db_path, "export", "-o", str(exported))
    match = next(
        m
        for m in json.loads(exported.read_text())["rounds"][0]["matches"]
        if m.get("table") == int(table)
    )
    assert sorted(match["drawn"]) == sorted(s for s in seats if s != seats[1])
    points = {r["id"]: r for r in json.loads(ok(db_path, "standings", "--json").out)["standings"]}
    assert points[seats[1]]["points"] == 0
    assert [points[s]["points"] for s in seats if s != seats[1]] == [1, 1, 1]


def test_a_loser_with_a_winner_or_outside_the_table_is_refused(db_path: Path) -> None:
    table, seats = first_table(db_path)
    both = organizer(db_path, "result", table, seats[0], "--loser", seats[1])
    assert both.status == 2 and "--loser" in both.err  # bad input
    stranger = next(f"p{i}" for i in range(1, 9) if f"p{i}" not in seats)
    away = organizer(db_path, "result", table, "--loser", stranger)
    assert away.status != 0 and f"{stranger} does not sit there" in away.err
    nothing = organizer(db_path, "result", table)
    assert nothing.status == 2 and "--loser ID" in nothing.err
