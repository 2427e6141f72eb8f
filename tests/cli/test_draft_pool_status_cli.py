"""A draft list without a registered drafted pool is "pool-not-registered", never "legal"
(issue 25 item 5; Warcaste 8b); registering the pool checks it. A doctrine reprinted in the
drafted set is of that set."""

from __future__ import annotations

import json
from pathlib import Path

from tests.cli.helpers import ok, organizer

POOL = (
    "game,name,type,set,attributes\n"
    "warcaste,Old Doctrine,doctrine,S1,Swarming\n"
    "warcaste,Old Doctrine,doctrine,S2,Swarming\n"
    "warcaste,Lone Doctrine,doctrine,S1,Swarming\n"
    + "".join(f"warcaste,New Unit {i},unit,S2,Targeting\n" for i in range(10))
)
UNITS = "".join(f"3 New Unit {i}\n" for i in range(10))


def statuses(db: Path) -> dict[str, str]:
    doc = json.loads(ok(db, "deck", "list", "--json").out)
    return {d["id"]: d["status"] for d in doc["decks"]}


def test_a_list_waits_for_its_pool_then_is_checked_against_it(
    db_path: Path, tmp_path: Path
) -> None:
    (tmp_path / "pool.csv").write_text(POOL, encoding="utf-8")
    deck = tmp_path / "deck.txt"
    deck.write_text(f"Doctrine:\n1 Old Doctrine\nDeck:\n{UNITS}", encoding="utf-8")
    drafted = tmp_path / "drafted.txt"
    drafted.write_text(UNITS, encoding="utf-8")
    short = tmp_path / "short.txt"
    short.write_text(UNITS.replace("3 New Unit 9", "2 New Unit 9"), encoding="utf-8")
    ok(db_path, "new", "--name", "Draft night", "--format", "warcaste-skirmish-draft")
    ok(db_path, "cards", "import", str(tmp_path / "pool.csv"))
    ok(db_path, "players", "add", "Ada", "--id", "p1")
    ok(db_path, "players", "add", "Bo", "--id", "p2")

    shown = ok(db_path, "deck", "submit", "p1", str(deck))
    assert shown.out.startswith("pool-not-registered")
    assert statuses(db_path) == {"p1": "pool-not-registered", "p2": "missing"}
    chase = json.loads(ok(db_path, "deck", "list", "--missing-or-illegal", "--json").out)
    assert {d["id"] for d in chase["decks"]} == {"p1", "p2"}
    held = organizer(db_path, "pair")  # the deck gate holds for a list waiting for its pool
    assert held.status == 1 and "waiting for a drafted pool (Ada)" in held.err
    ok(db_path, "deck", "pool", "p1", str(drafted))
    assert statuses(db_path)["p1"] == "legal"  # the reprinted doctrine is of set S2

    ok(db_path, "deck", "pool", "p2", str(short))
    refused = organizer(db_path, "deck", "submit", "p2", str(deck))
    assert refused.status == 1 and "the drafted pool holds 2" in refused.err
    lone = tmp_path / "lone.txt"
    lone.write_text(f"Doctrine:\n1 Lone Doctrine\nDeck:\n{UNITS}", encoding="utf-8")
    ok(db_path, "deck", "pool", "p2", str(drafted))
    refused = organizer(db_path, "deck", "submit", "p2", str(lone))
    assert refused.status == 1 and "not in the drafted set (S2)" in refused.err


def test_check_deck_outside_an_event_does_not_speak_of_a_player(
    db_path: Path, tmp_path: Path
) -> None:
    """Issue 36 item 10: `check-deck` on a file names no player it does not have."""
    root = Path(__file__).resolve().parents[2]
    deck = root / "resources" / "decklists" / "sample-warcaste-skirmish-draft.txt"
    done = organizer(db_path, "check-deck", "--format", "warcaste-skirmish-draft", str(deck))
    text = done.out + done.err
    assert "wc-draft-pool" in text or "drafted pool" in text, text
    assert "for this player" not in text
    assert "no drafted pool to check against (the deck is checked on its own" in text
