"""Prizes at the end of the evening, as the TO sets and reads them on the command line.

An 8-player, 3-round Castle Wars night where the stronger player (the lower number) always
wins 2-0: the test tallies each record from the results it entered itself and gives the
prizes by hand; then a placing table with three players level on 2-1, split by the
standings and shared equally."""

from __future__ import annotations

import json
from io import BytesIO
from pathlib import Path

from pypdf import PdfReader

from tests.cli.helpers import ok, organizer

NAMES = ["Ada", "Bo", "Cy", "Dee", "Ed", "Fi", "Gus", "Hal"]


def play_night(db: Path) -> dict[str, list[int]]:
    """Three rounds, the lower number winning every match 2-0; {id: [wins, losses]}."""
    ok(db, "new", "--name", "Prize night", "--format", "castle-wars", "--rounds", "3")
    csv = db.parent / "players.csv"
    csv.write_text("name\n" + "\n".join(NAMES) + "\n", encoding="utf-8")
    ok(db, "players", "import", str(csv))
    record = {f"p{i}": [0, 0] for i in range(1, 9)}
    for seed in (1, 2, 3):  # fixed: no exact tie (a shared place shares its prizes)
        pairings = json.loads(ok(db, "pair", "--seed", str(seed), "--json").out)["pairings"]
        for table in pairings:
            a, b = table["a"], table["b"]
            a_wins = int(a[1:]) < int(b[1:])
            ok(db, "result", str(table["table"]), "2-0" if a_wins else "0-2")
            winner, loser = (a, b) if a_wins else (b, a)
            record[winner][0] += 1
            record[loser][1] += 1
    return record


def prizes_of(db: Path) -> dict[str, dict[str, str]]:
    listed = json.loads(ok(db, "prizes", "--json").out)["prizes"]
    return {row["id"]: row for row in listed}


def test_prizes_by_record_as_counted_by_hand(db_path: Path) -> None:
    record = play_night(db_path)
    ok(db_path, "prizes", "set", "3-0:4 packs", "2-1:2 packs", "--participation", "1 promo")
    by_record = {(3, 0): "4 packs + 1 promo", (2, 1): "2 packs + 1 promo"}
    got = prizes_of(db_path)
    assert set(got) == set(record)
    for player, (wins, losses) in record.items():
        assert got[player]["record"] == f"{wins}-{losses}-0"
        assert got[player]["prize"] == by_record.get((wins, losses), "1 promo")
    assert sorted(w for w, _ in record.values()) == [0, 1, 1, 1, 2, 2, 2, 3]


def test_level_players_placed_by_standings_or_sharing_equally(db_path: Path) -> None:
    record = play_night(db_path)
    rows = json.loads(ok(db_path, "standings", "--json").out)["standings"]
    rank = {row["id"]: row["rank"] for row in rows}
    level = sorted((p for p, (w, _) in record.items() if w == 2), key=rank.__getitem__)
    assert [rank[p] for p in level] == [2, 3, 4]
    places = {1: "10 packs", 2: "6 packs", 3: "4 packs", 4: "2 packs"}
    lines = [f"{place}:{prize}" for place, prize in places.items()]

    ok(db_path, "prizes", "set", *lines, "--split", "standings")
    got = prizes_of(db_path)
    for player in level:
        assert got[player]["prize"] == places[rank[player]]
        assert got[player]["place"] == str(rank[player])

    ok(db_path, "prizes", "set", *lines, "--split", "equal")
    got = prizes_of(db_path)
    pooled = (6 + 4 + 2) // 3
    for player in level:
        assert got[player]["prize"] == f"{pooled} packs (12 packs shared by 3)"
        assert got[player]["place"] == "2-4"
    champion = next(p for p, (w, _) in record.items() if w == 3)
    assert got[champion]["prize"] == "10 packs"


def test_the_prize_sheet_lists_everyone_with_a_line_to_sign(db_path: Path) -> None:
    play_night(db_path)
    ok(db_path, "prizes", "set", "3-0:4 packs", "2-1:2 packs")
    pdf = db_path.parent / "prizes é.pdf"
    ok(db_path, "print", "prizes", "-o", str(pdf))
    text = PdfReader(BytesIO(pdf.read_bytes())).pages[0].extract_text()
    assert "Signature" in text and "4 packs" in text
    for name in NAMES:
        assert name in text


def test_no_prizes_before_the_end_and_the_reason_is_named(db_path: Path) -> None:
    ok(db_path, "new", "--name", "Early", "--format", "castle-wars", "--rounds", "3")
    csv = db_path.parent / "players.csv"
    csv.write_text("name\n" + "\n".join(NAMES) + "\n", encoding="utf-8")
    ok(db_path, "players", "import", str(csv))
    ok(db_path, "pair")
    ok(db_path, "prizes", "set", "3-0:4 packs")
    done = organizer(db_path, "prizes", "--json")
    assert done.status == 1
    assert "round 1 has 4 results missing" in done.err


def test_a_line_that_does_not_parse_is_named_by_its_position(db_path: Path) -> None:
    ok(db_path, "new", "--name", "Typos", "--format", "castle-wars")
    done = organizer(db_path, "prizes", "set", "3-0:4 packs", "2-1 2 packs")
    assert done.status == 2
    assert "prize 2 ('2-1 2 packs')" in done.err and "KEY:PRIZE" in done.err
    done = organizer(db_path, "prizes", "set", "--by", "place", "1:10 packs", "first:2 packs")
    assert done.status == 2 and "prize 2" in done.err and "not a place" in done.err
    done = organizer(db_path, "prizes", "set", "1:10 packs", "1-2:2 packs")
    assert done.status == 2 and "1-2 is given already by prize 1" in done.err
    assert json.loads(ok(db_path, "settings", "--json").out)["prizes"] == []
