"""`players fix-table ID TABLE|--clear` on the command line: shown in `players list`, kept by
the pairing, carried by the event file, refused with the reason, undone by `undo`."""

from __future__ import annotations

import json
from pathlib import Path

from tests.cli.helpers import ok, organizer


def fixed(db: Path) -> dict[str, object]:
    players = json.loads(ok(db, "players", "list", "--json").out)["players"]
    return {p["id"]: p["fixed_table"] for p in players}


def test_fix_a_table_pair_around_it_export_clear_and_undo(db_path: Path, tmp_path: Path) -> None:
    ok(db_path, "new", "--name", "Seats", "--format", "castle-wars")
    for i in range(1, 15):
        ok(db_path, "players", "add", f"Player {i}")
    said = ok(db_path, "players", "fix-table", "p9", "6").out
    assert said == "Player 9: fixed at table 6\n"
    assert fixed(db_path)["p9"] == 6 and fixed(db_path)["p1"] is None
    assert "p9\tPlayer 9  (table 6)" in ok(db_path, "players", "list").out

    refused = organizer(db_path, "players", "fix-table", "p2", "6")
    assert refused.status == 1 and "table 6 is fixed for Player 9 (p9)" in refused.err
    bad = organizer(db_path, "players", "fix-table", "p2", "0")
    assert bad.status == 2 and "table must be from 1 to 9,999, not 0" in bad.err
    both = organizer(db_path, "players", "fix-table", "p2", "3", "--clear")
    assert both.status == 2 and "give the table number, or --clear" in both.err

    pairs = json.loads(ok(db_path, "pair", "--seed", "4", "--json").out)["pairings"]
    (seat,) = [m for m in pairs if "p9" in (m["a"], m["b"])]
    assert seat["table"] == 6
    assert sorted(m["table"] for m in pairs) == list(range(1, 8))

    exported = tmp_path / "seats.json"
    ok(db_path, "export", "-o", str(exported))
    doc = json.loads(exported.read_text(encoding="utf-8"))
    assert [p.get("fixed_table") for p in doc["players"] if p["id"] == "p9"] == [6]
    doc["rounds"] = []  # `pair FILE` seats the file's fixed players too
    exported.write_text(json.dumps(doc), encoding="utf-8")
    from_file = json.loads(ok(db_path, "pair", str(exported), "--seed", "5", "--json").out)
    assert [m["table"] for m in from_file["pairings"] if "p9" in (m["a"], m["b"])] == [6]

    assert ok(db_path, "players", "fix-table", "p9", "--clear").out == "Player 9: any table\n"
    assert fixed(db_path)["p9"] is None
    assert "undid: Player 9: no fixed table" in ok(db_path, "undo").out
    assert fixed(db_path)["p9"] == 6
