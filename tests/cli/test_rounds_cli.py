"""`organizer standings` from a file and from the database; `organizer result`."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from organizer.core.interchange import dumps_event
from organizer.storage.database import Database
from tests.cli.helpers import organizer
from tests.services.event_builders import store_round
from tests.storage.event_shapes import every_table_shape

SMALL_EVENT = {
    "schema": "organizer-event/1",
    "name": "Three rounds",
    "best_of": 3,
    "players": [{"id": f"p{i}", "name": n} for i, n in enumerate(["Ada", "Bo", "Cy", "Di"], 1)],
    "rounds": [
        {
            "number": 1,
            "matches": [
                {"table": 1, "a": "p1", "b": "p2", "a_wins": 2, "b_wins": 0, "draws": 0},
                {"table": 2, "a": "p3", "b": "p4", "a_wins": 2, "b_wins": 1, "draws": 0},
            ],
        },
        {
            "number": 2,
            "matches": [
                {"table": 1, "a": "p1", "b": "p3", "a_wins": 1, "b_wins": 1, "draws": 1},
                {"table": 2, "a": "p2", "b": "p4", "a_wins": 0, "b_wins": 2, "draws": 0},
            ],
        },
    ],
}


def test_standings_from_a_file_match_the_spec_shape(db_path: Path, tmp_path: Path) -> None:
    path = tmp_path / "event.json"
    path.write_text(json.dumps(SMALL_EVENT), encoding="utf-8")
    result = organizer(db_path, "standings", str(path), "--json")
    assert result.status == 0, result.err
    rows = json.loads(result.out)["standings"]
    # Ada and Cy both have 4 points. Ada's opponents: Bo 0/6 (floored to 1/3) and Cy 4/6,
    # OMW 1/2. Cy's: Di 3/6 and Ada 4/6, OMW 7/12. Cy ranks first.
    assert [r["id"] for r in rows[:2]] == ["p3", "p1"]
    ada = rows[1]
    # Ada: W vs Bo (Bo 0-2: MWP floored 1/3), D vs Cy (Cy 4/6): OMW = (1/3 + 2/3)/2 = 0.5
    # games: 2 won + 1 won + 1 drawn of 5 games: (9 + 1) / 15
    # OGW: Bo won 0 of 4 games (floored to 1/3); Cy 2-1 then 1-1-1: (9 + 1) / 18 = 5/9.
    spec_keys = {"rank", "id", "name", "points", "wins", "losses", "draws", "omw", "gw", "ogw"}
    assert {k: v for k, v in ada.items() if k in spec_keys} == {
        "rank": 2,
        "id": "p1",
        "name": "Ada",
        "points": 4,
        "wins": 1,
        "losses": 0,
        "draws": 1,
        "omw": 0.5,
        "gw": round(10 / 15, 4),
        "ogw": round((1 / 3 + 5 / 9) / 2, 4),
    }
    assert spec_keys <= set(rows[0])  # the spec's keys; more may be added (cli.md)


@pytest.mark.parametrize(
    ("format_id", "columns"),
    [
        ("warcaste-conquest", ["OMW", "%", "OOMW", "%"]),
        ("castle-wars", ["OMW", "%", "GW", "%", "OGW", "%"]),
    ],
)
def test_standings_from_a_file_show_the_columns_of_its_format(
    db_path: Path, tmp_path: Path, format_id: str, columns: list[str]
) -> None:
    """A Conquest file's standings show OMW and OOMW, as the database's do: its tables have
    a winner or a draw, no game scores to rate."""
    path = tmp_path / "event.json"
    path.write_text(dumps_event(replace(every_table_shape(), format_id=format_id)), "utf-8")
    result = organizer(db_path, "standings", str(path))
    assert result.status == 0, result.err
    assert result.out.splitlines()[0].split()[4:] == columns


def test_a_broken_file_names_the_line(db_path: Path, tmp_path: Path) -> None:
    path = tmp_path / "event.json"
    path.write_text(
        '{\n "players": [{"id": "a", "name": "A"}],\n "rounds": [{"matches": [{"a": "zz"}]}]\n}'
    )
    result = organizer(db_path, "standings", str(path))
    assert result.status == 2 and f"{path}, line 3:" in result.err and "zz" in result.err


def _wars_match_at_table_1(db_path: Path) -> None:
    """A WARS TCG event of Ada (p1) and Bo (p2), paired at table 1 of round 1."""
    organizer(db_path, "new", "--name", "E", "--format", "wars-constructed")
    for name in ("Ada", "Bo"):
        organizer(db_path, "players", "add", name)
    db = Database(f"sqlite:///{db_path}")
    store_round(db, 1, 1, [("p1", "p2")])
    db.close()


def test_result_then_standings_from_the_database(db_path: Path) -> None:
    _wars_match_at_table_1(db_path)
    drawn = organizer(db_path, "result", "1", "0-1-1")
    assert drawn.status == 2 and "tie breaker" in drawn.err
    assert organizer(db_path, "result", "1", "0-1-1", "--tiebreak", "b", "--drop", "a").status == 0
    rows = json.loads(organizer(db_path, "standings", "--json").out)["standings"]
    assert [(r["id"], r["points"], r["wins"]) for r in rows] == [("p2", 3, 1), ("p1", 0, 0)]
    listed = json.loads(organizer(db_path, "players", "list", "--json").out)["players"]
    assert [p["dropped"] for p in listed] == [True, False]
    unreadable = organizer(db_path, "result", "1", "two-nil")
    assert unreadable.status == 2 and "not a score" in unreadable.err


def test_pair_from_a_file_prints_the_next_round_and_stores_nothing(
    db_path: Path, tmp_path: Path
) -> None:
    path = tmp_path / "event.json"
    path.write_text(json.dumps(SMALL_EVENT), encoding="utf-8")
    first = organizer(db_path, "pair", str(path), "--seed", "3", "--json")
    again = organizer(db_path, "pair", str(path), "--seed", "3", "--json")
    assert first.status == 0 and first.out == again.out
    doc = json.loads(first.out)
    assert doc["round"] == 3
    pairs = [{p["a"], p["b"]} for p in doc["pairings"]]
    # Cy (4) and Ada (4) have met; Di (3) and Bo (0) have met: the only pairing without
    # a rematch puts Ada with Di and Cy with Bo.
    assert sorted(pairs, key=sorted) == [{"p1", "p4"}, {"p2", "p3"}]
    assert all(p["table"] in (1, 2) for p in doc["pairings"])
    assert organizer(db_path, "new", "--name", "x", "--format", "castle-wars").status == 0
    assert json.loads(organizer(db_path, "export", "-o", "-").out)["rounds"] == []


def test_a_whole_event_with_a_top_cut_from_the_command_line(db_path: Path) -> None:
    organizer(db_path, "new", "--name", "Cut", "--format", "castle-wars")
    for i in range(1, 11):
        organizer(db_path, "players", "add", f"Player {i}")
    advice = organizer(db_path, "topcut")
    assert advice.out.strip() == "recommended: 5 Swiss rounds, top 4"
    for number in range(1, 4):
        paired = json.loads(organizer(db_path, "pair", "--json", "--seed", str(number)).out)
        assert paired["round"] == number
        for p in paired["pairings"]:
            if p["b"] is not None:
                assert organizer(db_path, "result", str(p["table"]), "2-0").status == 0
    refused = organizer(db_path, "topcut", "4", "--json")
    assert refused.status == 1 and "a tie across the cut line" in refused.err
    cut = json.loads(organizer(db_path, "topcut", "4", "--break-ties", "name", "--json").out)
    top4 = [r["id"] for r in json.loads(organizer(db_path, "standings", "--json").out)["standings"]]
    assert [(p["a"], p["b"]) for p in cut["pairings"]] == [(top4[0], top4[3]), (top4[1], top4[2])]
    for _ in range(2):
        for table in (1, 2):
            organizer(db_path, "result", str(table), "2-1")
        organizer(db_path, "pair")
    final = organizer(db_path, "standings", "--final", "--json")
    assert json.loads(final.out)["standings"][0]["id"] == top4[0]
    # The text says how far each got in the words of the sheet and the Standings tab.
    said = organizer(db_path, "standings", "--final").out.splitlines()
    assert [line.rsplit("(", 1)[-1] for line in said[:4]] == [
        "Champion)",
        "Finalist)",
        "Top 4)",
        "Top 4)",
    ]
    assert "(" not in said[4]


def test_pods_json_shape(db_path: Path) -> None:
    organizer(db_path, "new", "--name", "Draft", "--format", "warcaste-skirmish-draft")
    for i in range(1, 10):
        organizer(db_path, "players", "add", f"Drafter {i}")
    result = organizer(db_path, "pods", "--seed", "4", "--json")
    assert result.status == 0, result.err
    doc = json.loads(result.out)
    assert [len(p["seats"]) for p in doc["pods"]] == [5, 4]
    assert doc["pods"][0]["passes"] == ["right", "left", "right"]
    seated = sorted(s["player"] for p in doc["pods"] for s in p["seats"])
    assert seated == sorted(f"p{i}" for i in range(1, 10))
    again = organizer(db_path, "pods", "--seed", "4", "--json")
    assert again.out == result.out


def test_print_writes_a_pdf_with_the_names(db_path: Path, tmp_path: Path) -> None:
    organizer(db_path, "new", "--name", "Printed", "--format", "castle-wars")
    for name in ("Łucja Őz", "Nguyễn Văn"):
        organizer(db_path, "players", "add", name)
    organizer(db_path, "pair", "--seed", "1")
    out = tmp_path / "slips.pdf"
    result = organizer(db_path, "print", "slips", "-o", str(out))
    assert result.status == 0, result.err
    from pypdf import PdfReader

    text = PdfReader(str(out)).pages[0].extract_text()
    assert "Łucja Őz" in text and "Nguyễn Văn" in text
    refused = organizer(db_path, "print", "pods", "-o", str(tmp_path / "pods.pdf"))
    assert refused.status == 1 and not (tmp_path / "pods.pdf").exists()


def test_a_wars_match_level_at_time_is_recorded_as_it_is(db_path: Path) -> None:
    """Issue 25 item 12: 1-1 at time is a drawn match; no third game nobody played."""
    _wars_match_at_table_1(db_path)
    level = organizer(db_path, "result", "1", "1-1")
    assert level.status == 0 and "recorded 1-1" in level.out
    refused = organizer(db_path, "result", "1", "1-1", "--correct", "--tiebreak", "a")
    assert refused.status == 2 and "no drawn game" in refused.err
    rows = json.loads(organizer(db_path, "standings", "--json").out)["standings"]
    assert [(r["points"], r["draws"]) for r in rows] == [(1, 1), (1, 1)]


def test_a_wars_match_where_no_game_finished_goes_to_the_tie_breaker(db_path: Path) -> None:
    """Issue 36 item 7: the hint of `0-0` is one that works: 0-0-1 --tiebreak a is 1-0;
    0-0-3 --tiebreak a is never two games nobody played."""
    _wars_match_at_table_1(db_path)
    refused = organizer(db_path, "result", "1", "0-0")
    assert refused.status == 2 and "enter 0-0-1 (one drawn game)" in refused.err
    invented = organizer(db_path, "result", "1", "0-0-3", "--tiebreak", "a")
    assert invented.status == 2 and "gives 3-0" in invented.err
    done = organizer(db_path, "result", "1", "0-0-1", "--tiebreak", "a")
    assert done.status == 0 and "recorded 1-0" in done.out
    rows = json.loads(organizer(db_path, "standings", "--json").out)["standings"]
    assert [(r["id"], r["points"], r["wins"]) for r in rows] == [("p1", 3, 1), ("p2", 0, 0)]


def test_six_games_are_refused_in_a_best_of_3(db_path: Path) -> None:
    """Issue 36 item 10: `result 1 2-1-3` names the limit and stores nothing."""
    _wars_match_at_table_1(db_path)
    refused = organizer(db_path, "result", "1", "2-1-3", "--tiebreak", "a")
    assert refused.status == 2 and "at most 5" in refused.err, refused.err
    rows = json.loads(organizer(db_path, "standings", "--json").out)["standings"]
    assert all(r["points"] == 0 for r in rows)
