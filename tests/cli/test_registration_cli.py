"""`organizer new|formats|players|export|import` as a script would use them."""

from __future__ import annotations

import json
from pathlib import Path

from organizer.core.formats.catalog import FORMATS
from tests.cli.helpers import organizer


def test_new_prints_the_id_and_players_go_to_the_newest_event(db_path: Path) -> None:
    first = organizer(db_path, "new", "--name", "A", "--format", "castle-wars")
    second = organizer(db_path, "new", "--name", "B", "--format", "wtactics-orc", "--json")
    assert first.status == 0 and first.out.strip().isdigit()
    event_b = json.loads(second.out)["event"]
    assert organizer(db_path, "players", "add", "Ada Byrne").out.split()[0] == "p1"
    assert organizer(db_path, "players", "add", "Bo", "--id", "B7").out.split()[0] == "B7"
    listed = json.loads(
        organizer(db_path, "--event", str(event_b), "players", "list", "--json").out
    )
    assert listed == {
        "players": [
            {
                "id": "p1",
                "name": "Ada Byrne",
                "dropped": False,
                "dropped_after_round": None,
                "email": None,
                "awarded_byes": 0,
                "checked_in": False,
                "waiting": False,
                "waiting_place": None,
                "paid": False,
                "paid_amount": None,
                "fixed_table": None,
            },
            {
                "id": "B7",
                "name": "Bo",
                "dropped": False,
                "dropped_after_round": None,
                "email": None,
                "awarded_byes": 0,
                "checked_in": False,
                "waiting": False,
                "waiting_place": None,
                "paid": False,
                "paid_amount": None,
                "fixed_table": None,
            },
        ]
    }
    empty = organizer(db_path, "--event", first.out.strip(), "players", "list", "--json")
    assert json.loads(empty.out) == {"players": []}


def test_drop_by_id(db_path: Path) -> None:
    organizer(db_path, "new", "--name", "A", "--format", "castle-wars")
    organizer(db_path, "players", "add", "Ada")
    assert organizer(db_path, "players", "drop", "p1").status == 0
    (p,) = json.loads(organizer(db_path, "players", "list", "--json").out)["players"]
    assert p["dropped"] is True
    refused = organizer(db_path, "players", "drop", "p1")
    assert refused.status == 1 and "already dropped" in refused.err
    missing = organizer(db_path, "players", "drop", "p9")
    assert missing.status == 1 and "p9" in missing.err


def test_formats_lists_every_format_id(db_path: Path) -> None:
    plain = organizer(db_path, "formats")
    assert [line.split()[0] for line in plain.out.splitlines()] == [f.id for f in FORMATS]
    as_json = json.loads(organizer(db_path, "formats", "--json").out)
    assert [f["id"] for f in as_json["formats"]] == [f.id for f in FORMATS]
    assert len(FORMATS) == 7


def test_import_csv_reports_bad_lines_with_file_and_line(db_path: Path, tmp_path: Path) -> None:
    organizer(db_path, "new", "--name", "A", "--format", "castle-wars")
    csv = tmp_path / "players.csv"
    csv.write_text("name,email\nAda,\nBo,not-mail\n,\nCy,cy@x.org\n", encoding="utf-8")
    result = organizer(db_path, "players", "import", str(csv))
    assert result.status == 2
    assert f"{csv}, line 3:" in result.err
    assert "added 2 players; 1 rows not imported" in result.out


def test_usage_and_input_errors_exit_2_refusals_exit_1(db_path: Path, tmp_path: Path) -> None:
    assert organizer(db_path, "players", "list").status == 1  # no event yet
    assert organizer(db_path, "new", "--name", "x", "--format", "nope").status == 2
    assert organizer(db_path, "bogus").status == 2
    assert organizer(db_path).status == 2  # no command: the GUI's job, not run()'s
    assert organizer(db_path, "import", str(tmp_path / "missing.json")).status == 2
    bad = tmp_path / "bad.json"
    bad.write_text('{\n  "players": [\n    {"id": 1}\n  ]\n}\n', encoding="utf-8")
    result = organizer(db_path, "import", str(bad))
    assert result.status == 2 and f"{bad}, line 3:" in result.err


def test_export_then_import_round_trip(db_path: Path, tmp_path: Path) -> None:
    organizer(
        db_path, "new", "--name", "Trip", "--format", "wars-constructed", "--date", "2026-11-20"
    )
    for name in ("Ada", "Bo", "Cy"):
        organizer(db_path, "players", "add", name)
    organizer(db_path, "players", "drop", "p2")
    out1 = tmp_path / "one.json"
    assert organizer(db_path, "export", "-o", str(out1)).status == 0
    imported = organizer(db_path, "import", str(out1))
    assert imported.status == 0
    out2 = tmp_path / "two.json"
    organizer(db_path, "--event", imported.out.strip(), "export", "-o", str(out2))
    assert out1.read_text(encoding="utf-8") == out2.read_text(encoding="utf-8")
    assert json.loads(out1.read_text(encoding="utf-8"))["date"] == "2026-11-20"
