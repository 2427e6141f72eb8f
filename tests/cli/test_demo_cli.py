"""`organizer demo`: the demo event from the command line, then the usual commands on it."""

from __future__ import annotations

import json
from pathlib import Path

from tests.cli.helpers import organizer


def test_demo_then_the_newest_event_is_the_demo_in_round_one(db_path: Path) -> None:
    made = organizer(db_path, "demo", "--json")
    assert made.status == 0, made.err
    doc = json.loads(made.out)
    assert doc["name"].startswith("Demo \u2014 ") and doc["round"] == 1
    assert doc["sample_pool_imported"] is True
    players = json.loads(organizer(db_path, "players", "list", "--json").out)["players"]
    assert len(players) == 12


def test_demo_says_what_it_made_in_words(db_path: Path) -> None:
    made = organizer(db_path, "demo")
    assert made.status == 0, made.err
    assert "round 1 paired at 6 tables" in made.out and "sudden death" in made.out
    again = organizer(db_path, "demo")
    assert "sample Warcaste card pool was imported" not in again.out
