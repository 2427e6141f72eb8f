"""`organizer standings --can-draw [--cut N] --json` on a real event's last round, stored."""

from __future__ import annotations

import json
from pathlib import Path

from organizer.core.interchange import dumps_event
from organizer.core.pairing.can_draw import can_draw
from tests.cli.helpers import ok, organizer
from tests.core.pairing.test_can_draw import EVENTS, last_round_unplayed


def test_can_draw_json_gives_every_table_with_a_verdict(db_path: Path, tmp_path: Path) -> None:
    event = last_round_unplayed(*EVENTS[64])
    path = tmp_path / "event.json"
    path.write_text(dumps_event(event), encoding="utf-8")
    ok(db_path, "import", str(path))
    doc = json.loads(ok(db_path, "standings", "--can-draw", "--cut", "4", "--json").out)
    expected = can_draw(event, cut=4)
    assert doc["cut"] == 4 and doc["round"] == expected.round
    assert [(t["table"], t["draw"]) for t in doc["tables"]] == [
        (t.table, t.verdict) for t in expected.tables
    ]
    first = doc["tables"][0]
    assert set(first) == {"table", "players", "draw", "why"}
    assert {p["id"] for p in first["players"]} == set(
        next(m.players for m in event.rounds[-1].matches if m.table == first["table"])
    )
    text = ok(db_path, "standings", "--can-draw", "--cut", "4").out
    assert "can a draw reach the top 4?" in text


def test_can_draw_before_any_round_is_refused_with_the_reason(db_path: Path) -> None:
    ok(db_path, "new", "--name", "Empty", "--format", "castle-wars")
    done = organizer(db_path, "standings", "--can-draw")
    assert done.status != 0
    assert "no round is paired yet" in done.err
