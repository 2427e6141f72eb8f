"""`organizer topcut` in a Warcaste Conquest event (issue 25 item 4; 8c): a final table of 3
to 5 players, never one-on-one games; a final game without a winner is played again."""

from __future__ import annotations

import json
from pathlib import Path

from tests.cli.helpers import ok, organizer


def two_rounds(db: Path, players: int = 8) -> None:
    """Eight warlords (or `players`), two rounds at tables of 3 to 5; the first seat of each
    table wins."""
    ok(db, "new", "--name", "Conquest cup", "--format", "warcaste-conquest")
    for i in range(1, players + 1):
        ok(db, "players", "add", f"Warlord {i}")
    for number in (1, 2):
        for table in json.loads(ok(db, "pair", "--seed", str(number), "--json").out)["pairings"]:
            ok(db, "result", str(table["table"]), table["seats"][0])


def test_one_on_one_playoffs_and_big_cuts_are_refused_with_the_reason(db_path: Path) -> None:
    two_rounds(db_path, players=10)
    assert ok(db_path, "topcut").out == "recommended: 5 Swiss rounds, a final table of 4\n"
    for size in ("2", "8"):
        refused = organizer(db_path, "topcut", size, "--break-ties", "name")
        assert refused.status == 1
        assert "a final table of 3, 4 or 5 players (Warcaste 8c)" in refused.err
    assert "one-on-one" in organizer(db_path, "topcut", "2", "--break-ties", "name").err


def test_a_final_table_of_four_plays_on_after_a_draw_to_a_champion(db_path: Path) -> None:
    two_rounds(db_path)
    top = [r["id"] for r in json.loads(ok(db_path, "standings", "--json").out)["standings"]]
    final = json.loads(ok(db_path, "topcut", "4", "--break-ties", "name", "--json").out)
    assert final["round"] == 3 and len(final["pairings"]) == 1
    seats = final["pairings"][0]["seats"]
    assert seats == top[:4]  # one table, the best seed first
    ok(db_path, "result", "1", "draw")  # time: everyone at the table draws; no champion
    again = json.loads(ok(db_path, "pair", "--json").out)
    assert again["round"] == 4 and again["pairings"][0]["seats"] == seats
    ok(db_path, "result", "1", seats[2])
    over = organizer(db_path, "pair")
    assert over.status == 1 and f"the playoff is over: {seats[2]} won" in over.err
    standings = json.loads(ok(db_path, "standings", "--final", "--json").out)["standings"]
    assert standings[0]["id"] == seats[2]
    assert {r["id"] for r in standings[:4]} == set(seats)
