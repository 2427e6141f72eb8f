"""`people ...`, `season ...`, `finish`, `players add --number/--person` and the printed
leaderboard, as a script uses them (JSON shapes as docs/json.md gives them)."""

from __future__ import annotations

import json
from pathlib import Path

from tests.cli.helpers import ok, organizer
from tests.printing.pdf_reading import text


def two_fridays(db_path: Path) -> None:
    ok(db_path, "new", "--name", "Friday 1", "--format", "castle-wars", "--date", "2026-02-06")
    ok(db_path, "players", "add", "Łukasz Żółkiewski", "--number", "77")
    ok(db_path, "players", "add", "Ann")
    ok(db_path, "pair")
    ok(db_path, "result", "1", "2-0")
    ok(db_path, "finish")
    ok(db_path, "new", "--name", "Friday 2", "--format", "castle-wars", "--date", "2026-02-13")
    ok(db_path, "players", "add", "Lukasz (typed again)", "--number", "77")
    ok(db_path, "players", "add", "--person", "2")


def test_people_are_kept_across_events_with_the_documented_json(db_path: Path) -> None:
    two_fridays(db_path)
    listed = json.loads(ok(db_path, "people", "list", "--json").out)
    assert listed == {
        "people": [
            {
                "id": 1,
                "name": "Łukasz Żółkiewski",
                "number": "77",
                "email": None,
                "events": 2,
                "last_seen": "2026-02-13",
            },
            {
                "id": 2,
                "name": "Ann",
                "number": None,
                "email": None,
                "events": 2,
                "last_seen": "2026-02-13",
            },
        ]
    }
    found = json.loads(ok(db_path, "people", "list", "--search", "lukasz", "--json").out)
    assert [p["id"] for p in found["people"]] == [1]
    shown = json.loads(ok(db_path, "people", "show", "1", "--json").out)
    first = shown["history"][0]
    assert (first["event"], first["wins"] + first["losses"]) == ("Friday 1", 1)
    assert first["place"] == (1 if first["wins"] else 2)
    assert set(first) == {
        "event_id", "event", "date", "format", "wins", "losses", "draws", "place", "dropped",
        "deck",
    }  # fmt: skip
    judged = json.loads(ok(db_path, "people", "show", "1", "--judge", "--json").out)
    assert judged["history"][0]["penalties"] == []


def test_forget_waits_for_the_event_and_merge_refuses_players_of_one_event(
    db_path: Path,
) -> None:
    two_fridays(db_path)
    refused = organizer(db_path, "people", "forget", "1")
    assert refused.status == 1 and "Friday 2 (event 2), not finished" in refused.err
    assert "both play in event 1, 2" in organizer(db_path, "people", "merge", "1", "2").err
    ok(db_path, "finish")
    forgotten = json.loads(ok(db_path, "people", "forget", "1", "--json").out)
    assert forgotten["name"] == "Forgotten player 1" and forgotten["number"] is None


def test_people_export_imports_back_and_a_bad_file_imports_nothing(
    db_path: Path, tmp_path: Path
) -> None:
    two_fridays(db_path)
    out = tmp_path / "people.csv"
    ok(db_path, "people", "export", "-o", str(out))
    assert out.read_text(encoding="utf-8") == "name,id,email\nAnn,,\nŁukasz Żółkiewski,77,\n"
    other = tmp_path / "other.sqlite3"
    assert json.loads(ok(other, "people", "import", str(out), "--json").out) == {
        "added": 2,
        "known": 0,
    }
    bad = tmp_path / "bad.csv"
    bad.write_text("name,id,email\nCy,9,\n,10,\nDi,11,not-mail\n", encoding="utf-8")
    failed = organizer(other, "people", "import", str(bad))
    assert failed.status != 0
    assert "line 3: the name is empty" in failed.err and "line 4:" in failed.err
    assert len(json.loads(ok(other, "people", "list", "--json").out)["people"]) == 2


def test_a_season_prints_its_standings_as_json_csv_and_pdf(db_path: Path, tmp_path: Path) -> None:
    two_fridays(db_path)
    season = json.loads(
        ok(db_path, "season", "new", "Winter", "--from", "2026-01-01", "--to", "2026-03-31",
           "--format", "castle-wars", "--json").out
    )["id"]  # fmt: skip
    ok(db_path, "season", "settings", str(season), "placement", "10,8")
    ok(db_path, "season", "settings", str(season), "participation", "1")
    rows = json.loads(ok(db_path, "season", "standings", str(season), "--json").out)["rows"]
    assert [(r["rank"], r["points"], r["events"], r["counted"]) for r in rows] == [
        (1, 11, 1, 1),
        (2, 9, 1, 1),
    ]
    assert set(rows[0]) == {"rank", "person", "name", "points", "events", "counted"}
    ok(db_path, "season", "event-multiplier", str(season), "1", "2")
    csv_text = ok(db_path, "season", "standings", str(season), "--csv").out
    assert csv_text.splitlines()[0] == "rank,person,name,points,events,counted"
    assert csv_text.splitlines()[1].endswith(",22,1,1")
    bad = organizer(db_path, "season", "settings", str(season), "best", "-3")
    assert bad.status != 0 and "best" in bad.err
    pdf = tmp_path / "season.pdf"
    ok(db_path, "print", "season-standings", "--season", str(season), "-o", str(pdf))
    printed = text(pdf.read_bytes())
    assert "Season standings" in printed and "Łukasz Żółkiewski" in printed
    ok(db_path, "season", "remove-event", str(season), "1")
    assert json.loads(ok(db_path, "season", "standings", str(season), "--json").out) == {"rows": []}


def test_merge_and_forget_refuse_a_copy_another_station_changed(db_path: Path) -> None:
    """`--revision` (and `--keep-revision`/`--other-revision`) as `show --json` printed it:
    a merge or a forget made from a copy edited meanwhile is refused, nothing changed."""
    two_fridays(db_path)
    ok(db_path, "finish")
    read = json.loads(ok(db_path, "people", "show", "1", "--json").out)["revision"]
    ok(db_path, "people", "edit", "1", "--note", "edited at the other station")
    stale = organizer(db_path, "people", "forget", "1", "--revision", str(read))
    assert stale.status == 1 and "changed at another station meanwhile" in stale.err
    assert json.loads(ok(db_path, "people", "show", "1", "--json").out)["name"] != (
        "Forgotten player 1"
    )
    (db_path.parent / "more.csv").write_text("name\nCy\n", encoding="utf-8")
    ok(db_path, "people", "import", str(db_path.parent / "more.csv"))  # person 3, no event
    other = json.loads(ok(db_path, "people", "show", "3", "--json").out)["revision"]
    ok(db_path, "people", "edit", "3", "--note", "edited too")
    merge = organizer(
        db_path, "people", "merge", "1", "3", "--keep-revision", str(read + 1),
        "--other-revision", str(other),
    )  # fmt: skip
    assert merge.status == 1 and "changed at another station meanwhile" in merge.err
    assert len(json.loads(ok(db_path, "people", "list", "--json").out)["people"]) == 3


def test_people_edit_changes_each_field_it_is_given_and_keeps_the_others(
    db_path: Path,
) -> None:
    """Every `--FIELD` of `people edit` reaches the person; a field not given stays, and
    "" clears the number, e-mail or note."""
    two_fridays(db_path)
    ok(db_path, "people", "edit", "2", "--name", "Ann B", "--number", "12", "--email", "a@b.c")
    ok(db_path, "people", "edit", "2", "--note", "plays on Fridays", "--number", "")
    shown = json.loads(ok(db_path, "people", "show", "2", "--json").out)
    assert (shown["name"], shown["number"], shown["email"], shown["note"]) == (
        "Ann B", None, "a@b.c", "plays on Fridays",
    )  # fmt: skip
