"""A listing command's lines say what its JSON says (`Context.answer_lines`).

`players list`, `prizes` and `rounds history` answer with a JSON document under --json and
with lines of text without it, from one call: the text is read here row by row against the
JSON of the same database, so neither form can lose a row the other shows."""

from __future__ import annotations

import json
from pathlib import Path

from organizer.storage.database import Database
from tests.cli.helpers import ok
from tests.cli.test_prizes_cli import play_night
from tests.gui.played_events import event_with_players, play_round


def test_players_list_says_in_lines_who_the_json_lists(db_path: Path) -> None:
    ok(db_path, "new", "--name", "Lines", "--format", "castle-wars")
    for name in ("Ada", "Bo", "Cy"):
        ok(db_path, "players", "add", name)
    listed = json.loads(ok(db_path, "players", "list", "--json").out)["players"]
    ok(db_path, "checkin", listed[0]["id"])
    ok(db_path, "players", "paid", listed[0]["id"])
    listed = json.loads(ok(db_path, "players", "list", "--json").out)["players"]
    lines = ok(db_path, "players", "list").out.splitlines()
    assert [line.split("\t")[:1] for line in lines] == [[p["id"]] for p in listed]
    assert [line.split("\t")[1].split("  (")[0] for line in lines] == ["Ada", "Bo", "Cy"]
    assert lines[0].endswith("(checked in, paid)") and "(" not in lines[1]


def test_rounds_history_says_each_round_the_json_lists(db_path: Path) -> None:
    db = Database(f"sqlite:///{db_path}")
    try:
        event_id = event_with_players(db, "castle-wars", 4, name="History")
        for seed in (1, 2):
            play_round(db, event_id, seed=seed)
    finally:
        db.close()
    rounds = json.loads(ok(db_path, "rounds", "history", "--json").out)["rounds"]
    lines = ok(db_path, "rounds", "history").out.splitlines()
    assert len(lines) == len(rounds) == 2
    for line, r in zip(lines, rounds, strict=True):
        assert line.startswith(f"Round {r['round']} ({r['stage']}): ")
        assert f"{r['results']} of {r['tables']} results" in line


def test_prizes_say_each_award_then_the_terms(db_path: Path) -> None:
    play_night(db_path)
    ok(db_path, "prizes", "set", "3-0:4 packs", "--participation", "1 promo")
    awards = json.loads(ok(db_path, "prizes", "--json").out)["prizes"]
    lines = ok(db_path, "prizes").out.splitlines()
    assert len(lines) == len(awards) + 1  # the terms close the list
    for line, a in zip(lines[:-1], awards, strict=True):
        assert line.split("\t") == [a["place"], a["id"], a["name"], a["record"], a["prize"]]
