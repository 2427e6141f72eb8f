"""A whole Warcaste Conquest event from the command line: tables, results, standings."""

from __future__ import annotations

import json
from itertools import combinations
from pathlib import Path

from tests.cli.helpers import organizer


def test_a_full_conquest_event(db_path: Path, tmp_path: Path) -> None:
    organizer(db_path, "new", "--name", "Conquest night", "--format", "warcaste-conquest")
    # the house option: the players still in draw at time, the others lose
    assert organizer(db_path, "settings", "conquest_time_draw", "still-in").status == 0
    for i in range(1, 14):
        organizer(db_path, "players", "add", f"Warlord {i}")
    shared: set[frozenset[str]] = set()
    expected_draws = 0
    for number in (1, 2, 3):
        paired = organizer(db_path, "pair", "--seed", str(number), "--json")
        assert paired.status == 0, paired.err
        doc = json.loads(paired.out)
        assert doc["round"] == number
        tables = doc["pairings"]
        assert sorted(len(t["seats"]) for t in tables) == [4, 4, 5]  # 13 players
        seated = [p for t in tables for p in t["seats"]]
        assert sorted(seated) == sorted(f"p{i}" for i in range(1, 14))
        for t in tables:
            shared |= {frozenset(pair) for pair in combinations(t["seats"], 2)}
        first, second, third = tables
        expected_draws += len(second["seats"]) + 2
        assert organizer(db_path, "result", str(first["table"]), first["seats"][0]).status == 0
        assert organizer(db_path, "result", str(second["table"]), "draw").status == 0
        still_in = ",".join(third["seats"][:2])
        drawn = organizer(db_path, "result", str(third["table"]), "draw", "--drawn", still_in)
        assert drawn.status == 0, drawn.err
    rows = json.loads(organizer(db_path, "standings", "--json").out)["standings"]
    assert len(rows) == 13 and rows[0]["points"] >= rows[-1]["points"]
    # three rounds of 3 points for a win, 1 for a draw: the points add up
    wins = sum(r["wins"] for r in rows)
    draws = sum(r["draws"] for r in rows)
    assert wins == 3 and draws == expected_draws
    assert sum(r["points"] for r in rows) == 3 * wins + draws
    assert {"omw", "oomw"} <= set(rows[0])
    bad = organizer(db_path, "result", "1", "p99")
    assert bad.status == 2 and "does not sit there" in bad.err
    out = tmp_path / "slips.pdf"
    assert organizer(db_path, "print", "slips", "-o", str(out)).status == 0
    exported = json.loads(organizer(db_path, "export", "-o", "-").out)
    last = exported["rounds"][-1]["matches"]
    assert any("drawn" in m for m in last) and any(m.get("winner") for m in last)


def test_points_and_table_sizes_are_event_settings(db_path: Path) -> None:
    organizer(db_path, "new", "--name", "Conquest night", "--format", "warcaste-conquest")
    shown = organizer(db_path, "settings", "points", "4,2,0")
    assert shown.status == 0, shown.err
    assert "points = 4, 2, 0    # match points for a win, a draw and a loss" in shown.out
    assert "tiebreakers = (the format's own)" in shown.out
    refused = organizer(db_path, "settings", "table_size", "6")
    assert refused.status == 2 and "table_size: 6 is not between 3 and 5" in refused.err
    values = json.loads(organizer(db_path, "settings", "--json").out)
    assert values["points"] == [4, 2, 0] and values["table_size"] == 4
