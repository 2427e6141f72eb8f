"""`organizer pairings explain TABLE|bye [--round N] --json` on a stored 13-player event."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from organizer.core.interchange import dumps_event
from organizer.core.pairing.standings import compute_standings
from tests.cli.helpers import ok, organizer
from tests.core.pairing.test_explain import thirteen


def test_the_bye_and_the_float_of_round_2(db_path: Path, tmp_path: Path) -> None:
    event = thirteen()
    path = tmp_path / "event.json"
    path.write_text(dumps_event(event), encoding="utf-8")
    ok(db_path, "import", str(path))
    points = {r.player: r.points for r in compute_standings(event, through_round=1)}

    bye = json.loads(ok(db_path, "pairings", "explain", "bye", "--json").out)
    assert bye["table"] is None and len(bye["players"]) == 1
    assert bye["reasons"][0].startswith("13 players were to be paired, an odd number")

    floated = next(
        m
        for m in event.rounds[1].matches
        if not m.is_bye and points[m.players[0]] != points[m.players[1]]
    )
    doc = json.loads(ok(db_path, "pairings", "explain", str(floated.table), "--json").out)
    assert set(doc) == {"round", "table", "players", "reasons"}
    assert doc["table"] == floated.table and doc["round"] == 2
    assert [p["id"] for p in doc["players"]] == list(floated.players)
    assert "is paired down to play" in doc["reasons"][0]
    assert "an odd number" in doc["reasons"][1]

    first = json.loads(ok(db_path, "pairings", "explain", "1", "--round", "1", "--json").out)
    assert first["reasons"][0] == (
        "Both players have 0 points: players meet their own score group "
        "(players on the same points) whenever they can."
    )
    text = ok(db_path, "pairings", "explain", "bye").out
    assert text.startswith("Round 2, Bye: ")


def test_a_table_that_does_not_exist_is_refused(
    db_path: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "event.json"
    path.write_text(dumps_event(thirteen()), encoding="utf-8")
    ok(db_path, "import", str(path))
    done = organizer(db_path, "pairings", "explain", "40")
    assert done.status != 0 and "round 2 has no table 40" in done.err
    done = organizer(db_path, "pairings", "explain", "five")
    assert done.status == 2
    assert "argument TABLE|bye: a table number must be a whole number" in capsys.readouterr().err
