"""`organizer rounds history`, `organizer rewind ROUND [--yes]` and `organizer undo`."""

from __future__ import annotations

import json
from pathlib import Path

from organizer.storage.database import Database
from tests.cli.helpers import ok, organizer
from tests.gui.played_events import event_with_players, play_round


def test_history_then_a_rewind_shown_then_done_then_undone(db_path: Path) -> None:
    db = Database(f"sqlite:///{db_path}")
    try:
        event_id = event_with_players(db, "castle-wars", 6, name="Rewind")
        for seed in (1, 2, 3):
            play_round(db, event_id, seed=seed)
    finally:
        db.close()
    history = json.loads(ok(db_path, "rounds", "history", "--json").out)
    assert history == {
        "rounds": [{"round": n, "stage": "swiss", "tables": 3, "results": 3} for n in (1, 2, 3)]
    }
    asked = organizer(db_path, "rewind", "2", "--json")
    assert asked.status == 1 and "--yes" in asked.err
    assert json.loads(asked.out) == {
        "round": 2, "rounds": [2, 3], "results": 6, "drops": [], "penalties": [], "done": False
    }  # fmt: skip
    assert len(json.loads(ok(db_path, "rounds", "history", "--json").out)["rounds"]) == 3

    said = ok(db_path, "rewind", "2", "--yes").out
    assert said.startswith("Going back to before round 2 was paired removes 2 rounds (2, 3)")
    assert len(json.loads(ok(db_path, "rounds", "history", "--json").out)["rounds"]) == 1
    undone = json.loads(ok(db_path, "undo", "--json").out)
    assert undone["undone"].startswith("undid: went back to before round 2")
    assert len(json.loads(ok(db_path, "rounds", "history", "--json").out)["rounds"]) == 3
    earlier = organizer(db_path, "undo")  # next: the registration, refused once paired
    assert earlier.status != 0 and "cannot undo 'imported 6 players" in earlier.err
