"""`check-deck`, `cards import`, `deck submit`: JSON output and exit codes 0 / 1 / 2."""

from __future__ import annotations

import json
from pathlib import Path

from organizer.services.kit.resources import resources_dir, sample_pool_path
from tests.cli.helpers import organizer

FORMAT = "warcaste-skirmish-constructed"
SAMPLE_DECK = resources_dir() / "decklists" / f"sample-{FORMAT}.txt"
POOL = str(sample_pool_path("warcaste"))


def test_check_deck_exit_codes_and_json(db_path: Path, tmp_path: Path) -> None:
    legal = organizer(db_path, "check-deck", "--format", FORMAT, "--cards", POOL, str(SAMPLE_DECK))
    assert legal.status == 0 and legal.out.startswith("legal")
    illegal = tmp_path / "illegal.txt"
    illegal.write_text("Doctrine:\n1 Nope\nDeck:\n30 Nope Either\n", encoding="utf-8")
    result = organizer(
        db_path, "check-deck", "--format", FORMAT, "--cards", POOL, str(illegal), "--json"
    )
    assert result.status == 1
    doc = json.loads(result.out)
    assert doc["legal"] is False
    assert {"rule", "message", "card", "line"} <= set(doc["problems"][0])
    assert {p["line"] for p in doc["problems"] if p["card"] == "Nope Either"} == {4}
    broken = tmp_path / "broken.txt"
    broken.write_text("Deck:\n3 Fine Card\nseveral Foo\n", encoding="utf-8")
    unreadable = organizer(db_path, "check-deck", "--format", FORMAT, "--cards", POOL, str(broken))
    assert unreadable.status == 2 and f"{broken}, line 3" in unreadable.err


def test_imported_pool_is_used_and_submit_refuses_illegal(db_path: Path, tmp_path: Path) -> None:
    assert organizer(db_path, "cards", "import", POOL).status == 0
    assert organizer(db_path, "check-deck", "--format", FORMAT, str(SAMPLE_DECK)).status == 0
    organizer(db_path, "new", "--name", "E", "--format", FORMAT)
    organizer(db_path, "players", "add", "Ada")
    organizer(db_path, "players", "add", "Bo")
    assert organizer(db_path, "deck", "submit", "p1", str(SAMPLE_DECK)).status == 0
    illegal = tmp_path / "illegal.txt"
    illegal.write_text(SAMPLE_DECK.read_text(encoding="utf-8") + "1 Extra Card\n")
    refused = organizer(db_path, "deck", "submit", "p2", str(illegal))
    assert refused.status == 1 and "illegal" in refused.err
    accepted = organizer(
        db_path, "deck", "submit", "p2", str(illegal), "--accept-illegal", "judge ok"
    )
    assert accepted.status == 0 and accepted.out.startswith("accepted")
    listed = json.loads(organizer(db_path, "deck", "list", "--json").out)["decks"]
    assert [(d["id"], d["status"]) for d in listed] == [("p1", "legal"), ("p2", "accepted")]


def test_pair_refuses_round_1_with_lists_missing(db_path: Path) -> None:
    assert organizer(db_path, "cards", "import", POOL).status == 0
    organizer(db_path, "new", "--name", "E", "--format", FORMAT)
    for name in ("Ada", "Bo", "Cy", "Di"):
        organizer(db_path, "players", "add", name)
    assert organizer(db_path, "deck", "submit", "p1", str(SAMPLE_DECK)).status == 0
    refused = organizer(db_path, "pair")
    assert refused.status == 1
    assert "3 list(s) missing (Bo, Cy, Di)" in refused.err
    assert organizer(db_path, "standings", "--json").status == 0
    paired = organizer(db_path, "pair", "--allow-missing-decks", "--json")
    assert paired.status == 0 and json.loads(paired.out)["round"] == 1
