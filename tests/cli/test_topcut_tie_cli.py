"""`organizer topcut N` with a tie across the cut line (issue 25 item 3): refused with the
tie shown until `--break-ties random|name` or `--order ID,ID,...` says how to break it."""

from __future__ import annotations

import json
from pathlib import Path

from tests.cli.helpers import ok, organizer


def three_winners(db: Path) -> None:
    """Six players, one round, three 2-0 winners equal on everything: a top 2 cuts them."""
    ok(db, "new", "--name", "Cut night", "--format", "castle-wars")
    for name, code in (("Ada", "p1"), ("Bo", "p2"), ("Cy", "p3"), ("Di", "p4"), ("Ed", "p5")):
        ok(db, "players", "add", name, "--id", code)
    ok(db, "players", "add", "Flo", "--id", "p6")
    for p in json.loads(ok(db, "pair", "--seed", "3", "--json").out)["pairings"]:
        ok(db, "result", str(p["table"]), "2-0")


def winners(db: Path) -> list[str]:
    rows = json.loads(ok(db, "standings", "--json").out)["standings"]
    return [r["id"] for r in rows if r["points"] == 3]


def test_the_cut_is_refused_with_the_tie_shown(db_path: Path) -> None:
    three_winners(db_path)
    refused = organizer(db_path, "topcut", "2")
    assert refused.status == 1
    assert "a tie across the cut line: ranks 1-3" in refused.err
    assert "the same points 3" in refused.err and "2 of them make the top 2" in refused.err
    for code in winners(db_path):
        assert f"({code})" in refused.err
    assert "--break-ties random" in refused.err and "--order" in refused.err
    assert "Round 2" not in ok(db_path, "standings").out  # nothing was stored
    assert organizer(db_path, "topcut", "2").status == 1


def test_an_order_chosen_by_the_to_seeds_the_final(db_path: Path) -> None:
    three_winners(db_path)
    a, b, c = winners(db_path)
    bad = organizer(db_path, "topcut", "2", "--order", f"{a},{b}")
    assert bad.status == 2 and f"missing: {c}" in bad.err  # bad input: exit status 2
    cut = json.loads(ok(db_path, "topcut", "2", "--order", f"{c},{a},{b}", "--json").out)
    assert (cut["pairings"][0]["a"], cut["pairings"][0]["b"]) == (c, a)


def test_a_random_draw_replays_from_its_seed(db_path: Path, tmp_path: Path) -> None:
    three_winners(db_path)
    cut = json.loads(
        ok(db_path, "topcut", "2", "--break-ties", "random", "--seed", "7", "--json").out
    )
    other = tmp_path / "again.sqlite3"
    three_winners(other)
    again = json.loads(
        ok(other, "topcut", "2", "--break-ties", "random", "--seed", "7", "--json").out
    )
    assert cut["pairings"] == again["pairings"]
    first = cut["pairings"][0]
    assert {first["a"], first["b"]} <= set(winners(db_path))
