"""Bans and the deck check between games from the command line (formats.md, "Banned cards";
Warcaste 1c, Castle Wars side deck): `check-deck` (with `--ban`, `--after-sideboarding`),
`settings banned_cards`, `deck submit` and `deck check-now`; exit 1 when illegal."""

from __future__ import annotations

import json
from pathlib import Path

from organizer.services.kit.resources import resources_dir, sample_pool_path
from tests.cli.helpers import organizer

WARS_LIST = resources_dir() / "decklists" / "sample-wars-constructed.txt"
CW_LIST = resources_dir() / "decklists" / "sample-castle-wars.txt"


def wars_pool(tmp_path: Path) -> str:
    path = tmp_path / "wars.csv"
    text = sample_pool_path("wars").read_text(encoding="utf-8")
    path.write_text(text + "wars,PF,1PF3,Talkan,character,,,,,,,rare\n", encoding="utf-8")
    return str(path)


def with_talkan(tmp_path: Path) -> Path:
    lines = WARS_LIST.read_text(encoding="utf-8").splitlines()
    i = next(i for i, line in enumerate(lines) if line[:1].isdigit())
    lines[i] = f"{lines[i].split()[0]} Talkan"
    path = tmp_path / "talkan.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_check_deck_finds_talkan_and_house_bans(db_path: Path, tmp_path: Path) -> None:
    pool = wars_pool(tmp_path)
    check = ("check-deck", "--format", "wars-constructed", "--cards", pool)
    assert organizer(db_path, *check, str(WARS_LIST)).status == 0
    banned = organizer(db_path, *check, str(with_talkan(tmp_path)), "--json")
    assert banned.status == 1
    (problem,) = json.loads(banned.out)["problems"]
    assert problem["rule"] == "card-banned" and problem["card"] == "Talkan"
    assert problem["rule_ref"] == "WARS, Section Three: Rulings (Banned)"
    first = next(line for line in WARS_LIST.read_text().splitlines() if line[:1].isdigit())
    house = organizer(db_path, *check, str(WARS_LIST), "--ban", first.split(" ", 1)[1])
    assert house.status == 1 and "banned for this event" in house.out
    assert organizer(db_path, *check, str(WARS_LIST), "--ban", "Not In It").status == 0


def test_an_event_house_ban_refuses_the_deck(db_path: Path, tmp_path: Path) -> None:
    assert organizer(db_path, "cards", "import", wars_pool(tmp_path)).status == 0
    organizer(db_path, "new", "--name", "WARS night", "--format", "wars-constructed")
    organizer(db_path, "players", "add", "Ada")
    first = next(line for line in WARS_LIST.read_text().splitlines() if line[:1].isdigit())
    name = first.split(" ", 1)[1]
    assert organizer(db_path, "settings", "banned_cards", f"{name}; Other").status == 0
    refused = organizer(db_path, "deck", "submit", "p1", str(WARS_LIST))
    assert refused.status == 1 and "banned for this event" in refused.err
    assert organizer(db_path, "settings", "banned_cards", "").status == 0
    assert organizer(db_path, "deck", "submit", "p1", str(WARS_LIST)).status == 0
    talkan = organizer(db_path, "deck", "submit", "p1", str(with_talkan(tmp_path)))
    assert talkan.status == 1 and "banned by the rulebook" in talkan.err


def test_a_deck_check_between_games(db_path: Path, tmp_path: Path) -> None:
    organizer(db_path, "cards", "import", str(sample_pool_path("castle-wars")))
    organizer(db_path, "new", "--name", "Castle night", "--format", "castle-wars")
    organizer(db_path, "players", "add", "Ada")
    assert organizer(db_path, "deck", "submit", "p1", str(CW_LIST)).status == 0
    text = CW_LIST.read_text(encoding="utf-8")
    legal = tmp_path / "now.txt"
    legal.write_text(
        text.replace("3 Bearclaw Pikeman", "1 Bearclaw Pikeman\n2 Serpent Cutthroat", 1).replace(
            "2 Serpent Cutthroat\n2 Siege", "2 Bearclaw Pikeman\n2 Siege", 1
        ),
        encoding="utf-8",
    )
    short = tmp_path / "short.txt"
    short.write_text(text.replace("3 Bearclaw Pikeman", "2 Bearclaw Pikeman", 1), encoding="utf-8")
    ok = organizer(db_path, "deck", "check-now", "p1", str(legal))
    assert ok.status == 0, ok.out
    bad = organizer(db_path, "deck", "check-now", "p1", str(short))
    assert bad.status == 1 and "after the side deck swap the deck has 49 cards" in bad.out
    outside = organizer(
        db_path, "check-deck", "--format", "castle-wars", str(CW_LIST),
        "--after-sideboarding", str(short),
    )  # fmt: skip
    assert outside.status == 1 and "49 cards" in outside.out
