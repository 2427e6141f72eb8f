"""A Warcaste playoff game drawn by a mandatory loop (6e; issue 25 item 8) is recorded as drawn
and the match continues with another game, instead of being refused."""

from __future__ import annotations

import json
from pathlib import Path

from tests.cli.helpers import ok, organizer


def test_a_drawn_semifinal_game_is_kept_and_the_match_goes_on(db_path: Path) -> None:
    ok(db_path, "new", "--name", "Cut", "--format", "warcaste-skirmish-constructed")
    for i in range(1, 9):
        ok(db_path, "players", "add", f"Player {i}", "--id", f"p{i}")
    for n in range(3):
        ok(db_path, "pair", "--seed", str(n + 1))
        for table in range(1, 5):
            ok(db_path, "result", str(table), "1-0")
    semis = json.loads(ok(db_path, "topcut", "4", "--break-ties", "name", "--json").out)
    drawn = ok(db_path, "result", "1", "0-0-1")
    assert "the match continues with another game" in drawn.err
    refused = organizer(db_path, "pair")
    assert refused.status == 1 and "missing" in refused.err  # not finished: no winner yet
    ok(db_path, "result", "1", "0-1")  # the second game's winner
    ok(db_path, "result", "2", "1-0")
    exported = json.loads(ok(db_path, "export", "-o", "-").out)
    first = next(m for m in exported["rounds"][-1]["matches"] if m["table"] == 1)
    assert (first["a_wins"], first["b_wins"], first["draws"]) == (0, 1, 1)  # the drawn game kept
    final = json.loads(ok(db_path, "pair", "--json").out)["pairings"][0]
    assert semis["pairings"][0]["b"] in (final["a"], final["b"])
    assert organizer(db_path, "result", "1", "1-1").status == 2  # a level final is still refused
