"""The rules point 7 of issue 14 put in core, from the command line: a one-player Conquest
draw is refused (the GUI refused it, the command line stored 0-0-1), and a late entry from a
CSV import gets the same losses as one from `players add`."""

from __future__ import annotations

import json
from pathlib import Path

from tests.cli.helpers import organizer


def test_a_conquest_draw_needs_two_players(db_path: Path) -> None:
    organizer(db_path, "new", "--name", "Conquest", "--format", "warcaste-conquest")
    for i in range(1, 9):
        organizer(db_path, "players", "add", f"Player {i}")
    seats = json.loads(organizer(db_path, "pair", "--seed", "1", "--json").out)["pairings"][0]
    first, second = seats["seats"][:2]
    some = organizer(db_path, "result", "1", "draw", "--drawn", f"{first},{second}")
    assert some.status == 1 and "house option" in some.err  # the default: everyone draws
    assert organizer(db_path, "settings", "conquest_time_draw", "still-in").status == 0
    one = organizer(db_path, "result", "1", "draw", "--drawn", first)
    assert one.status != 0 and "two players or more" in one.err
    two = organizer(db_path, "result", "1", "draw", "--drawn", f"{first},{second}")
    assert two.status == 0, two.err


def test_a_late_entry_from_a_csv_gets_its_losses(db_path: Path, tmp_path: Path) -> None:
    organizer(db_path, "new", "--name", "Castle", "--format", "castle-wars")
    for name in ("A", "B", "C", "D"):
        organizer(db_path, "players", "add", name)
    organizer(db_path, "settings", "late_entry_losses", "yes")
    organizer(db_path, "pair", "--seed", "1")
    for table in (1, 2):
        organizer(db_path, "result", str(table), "2-0")
    organizer(db_path, "players", "add", "Late Larry")
    csv = tmp_path / "late.csv"
    csv.write_text("name\nLate Lucy\n", encoding="utf-8")
    assert organizer(db_path, "players", "import", str(csv)).status == 0
    rows = json.loads(organizer(db_path, "standings", "--json").out)["standings"]
    losses = {r["name"]: r["losses"] for r in rows}
    assert losses["Late Larry"] == losses["Late Lucy"] == 1
