"""Publishing a finished event: a 16-player, 4-round Castle Wars event with a top 8, put in a
folder as the TO would post it, then read back as a browser and a spreadsheet would."""

from __future__ import annotations

import csv
import json
from html.parser import HTMLParser
from pathlib import Path

import pytest

from tests.cli.helpers import ok, organizer

SAMPLES = Path(__file__).resolve().parents[2] / "resources"
VOID = {"meta", "link", "br", "img", "input", "hr"}


class Checked(HTMLParser):
    """Every tag closed in order, and every local link collected."""

    def __init__(self) -> None:
        super().__init__()
        self.open: list[str] = []
        self.links: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name in ("href", "src") and value:
                self.links.append(value)
        if tag not in VOID:
            self.open.append(tag)

    def handle_endtag(self, tag: str) -> None:
        assert self.open and self.open[-1] == tag, f"</{tag}> closes {self.open[-1:]}"
        self.open.pop()


def play_event(db: Path) -> None:
    """Four Swiss rounds (the lower number wins), then a top 8 played to its final."""
    ok(db, "new", "--name", "Łódź Open", "--format", "castle-wars", "--rounds", "4")
    names = [f"Player{i} Surname{i}" for i in range(1, 17)]
    csv_path = db.parent / "players.csv"
    csv_path.write_text("name\n" + "\n".join(names) + "\n", encoding="utf-8")
    ok(db, "players", "import", str(csv_path))
    for _ in range(4):
        pairing = ok(db, "pair", "--json", "--allow-missing-decks").out
        for table in json.loads(pairing)["pairings"]:
            a, b = table["a"], table["b"]
            ok(db, "result", str(table["table"]), "2-1" if int(a[1:]) < int(b[1:]) else "1-2")
    cut = json.loads(ok(db, "topcut", "8", "--break-ties", "name", "--json").out)
    while True:
        for table in cut["pairings"]:
            ok(db, "result", str(table["table"]), "2-0")
        following = organizer(db, "pair", "--json")
        if following.status != 0:
            break
        cut = json.loads(following.out)


@pytest.fixture
def published(db_path: Path) -> Path:
    play_event(db_path)
    folder = db_path.parent / "results é x"
    ok(db_path, "publish", "-o", str(folder))
    return folder


def test_every_page_parses_and_every_link_resolves(published: Path) -> None:
    pages = sorted(published.glob("*.html"))
    assert {p.name for p in pages} >= {f"round-{n}.html" for n in range(1, 8)} | {"index.html"}
    for page in pages:
        checked = Checked()
        checked.feed(page.read_text(encoding="utf-8"))
        checked.close()
        assert checked.open == [], f"{page.name}: unclosed {checked.open}"
        for link in checked.links:
            assert "://" not in link and not link.startswith("/"), link
            assert (published / link).is_file(), f"{page.name} links to missing {link}"
    index = (published / "index.html").read_text(encoding="utf-8")
    assert "Champion" in index and "Finalist" in index
    round_page = (published / "round-1.html").read_text(encoding="utf-8")
    assert "2-1" in round_page and "bound method" not in round_page
    assert "<script" not in index


def test_the_csv_files_hold_what_the_command_line_says(db_path: Path, published: Path) -> None:
    expected = json.loads(ok(db_path, "standings", "--json").out)["standings"]
    with open(published / "standings.csv", encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle))
    assert [{k: str(v) for k, v in row.items()} for row in expected] == rows
    with open(published / "pairings.csv", encoding="utf-8", newline="") as handle:
        pairings = list(csv.DictReader(handle))
    assert len({p["round"] for p in pairings}) == 7  # four Swiss rounds, three of the cut
    assert {p["result"] for p in pairings} == {"2-1", "1-2", "2-0"}  # as entered


def test_no_deck_list_unless_the_to_opts_in(db_path: Path, published: Path) -> None:
    assert not (published / "decks.html").exists()
    assert "Deck lists" not in (published / "index.html").read_text(encoding="utf-8")
    ok(db_path, "settings", "publish_names", "first-initial")
    ok(db_path, "publish", "-o", str(published))  # over the earlier publish
    index = (published / "index.html").read_text(encoding="utf-8")
    assert "Player1 S." in index and "Surname1" not in index
    assert "Player1 S." in (published / "standings.csv").read_text(encoding="utf-8")


def test_deck_lists_of_the_top_8_when_the_to_opts_in(db_path: Path) -> None:
    ok(db_path, "cards", "import", str(SAMPLES / "cardpools" / "sample-castle-wars.csv"))
    play_event(db_path)
    listed = SAMPLES / "decklists" / "sample-castle-wars.txt"
    final = json.loads(ok(db_path, "standings", "--final", "--json").out)["standings"]
    champion, ninth = final[0]["id"], final[8]["id"]
    for player in (champion, ninth):
        ok(db_path, "deck", "submit", player, str(listed), "--override", "late list, for the test")
    ok(db_path, "settings", "publish_decklists", "top8")
    folder = db_path.parent / "site"
    ok(db_path, "publish", "-o", str(folder))
    decks = (folder / "decks.html").read_text(encoding="utf-8")
    assert "Greywater Keep" in decks
    assert final[0]["name"] in decks and final[8]["name"] not in decks


def test_nothing_is_published_before_the_end_nor_over_other_files(db_path: Path) -> None:
    ok(db_path, "new", "--name", "Half", "--format", "castle-wars", "--rounds", "4")
    ok(db_path, "players", "add", "Ada Byrne")
    ok(db_path, "players", "add", "Bo Chen")
    ok(db_path, "pair")
    folder = db_path.parent / "site"
    refused = organizer(db_path, "publish", "-o", str(folder))
    assert refused.status == 1 and "round 1 has 1 result missing" in refused.err
    assert not folder.exists()
    ok(db_path, "result", "1", "2-0")
    for _ in range(3):
        ok(db_path, "pair")
        ok(db_path, "result", "1", "2-0")
    mine = db_path.parent / "my files"
    mine.mkdir()
    (mine / "taxes.ods").write_bytes(b"keep me")
    refused = organizer(db_path, "publish", "-o", str(mine))
    assert refused.status == 1 and "holds other files" in refused.err
    assert [p.name for p in mine.iterdir()] == ["taxes.ods"]
    ok(db_path, "publish", "-o", str(folder))
    assert (folder / "index.html").is_file()


def test_the_seasons_leaderboard_comes_along(db_path: Path) -> None:
    play_event(db_path)
    season = ok(db_path, "season", "new", "Winter", "--from", "2000-01-01", "--to", "2999-12-31")
    season_id = season.out.strip()
    ok(db_path, "season", "settings", season_id, "placement", "10,8,6,6,4,4,4,4")
    board = json.loads(ok(db_path, "season", "standings", season_id, "--json").out)["rows"]
    assert len(board) == 16  # the event is in the season by its date
    folder = db_path.parent / "site"
    ok(db_path, "publish", "-o", str(folder))
    page = (folder / "season.html").read_text(encoding="utf-8")
    assert "Winter" in page and 'href="season.html"' in (folder / "index.html").read_text()
    for row in board[:8]:
        assert row["name"] in page and f"<td>{row['points']}</td>" in page
