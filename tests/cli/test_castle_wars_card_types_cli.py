"""Each Castle Wars version accepts its own card types only (issue 25 item 10): the TCG's
sample deck (with items) is legal as `castle-wars` and not as `castle-wars-decrees`, the
decree deck the other way round; the finding names the version the card belongs to."""

from __future__ import annotations

import json
from pathlib import Path

from organizer.services.kit.resources import resources_dir, sample_pool_path
from tests.cli.helpers import organizer

POOL = str(sample_pool_path("castle-wars"))
TCG = str(resources_dir() / "decklists" / "sample-castle-wars.txt")
DECREES = str(resources_dir() / "decklists" / "sample-castle-wars-decrees.csv")


def rules(db: Path, fmt: str, deck: str) -> tuple[int, set[str], str]:
    done = organizer(db, "check-deck", "--format", fmt, "--cards", POOL, deck, "--json")
    doc = json.loads(done.out)
    return done.status, {p["rule"] for p in doc["problems"]}, done.out


def test_items_and_decrees_stay_in_their_own_version(db_path: Path) -> None:
    assert rules(db_path, "castle-wars", TCG)[0] == 0
    assert rules(db_path, "castle-wars-decrees", DECREES)[0] == 0
    status, found, out = rules(db_path, "castle-wars", DECREES)
    assert status == 1 and "cw-card-types" in found
    assert "belong to Castle Wars with Decrees (format castle-wars-decrees)" in out
    status, found, out = rules(db_path, "castle-wars-decrees", TCG)
    assert status == 1 and "cwd-card-types" in found
    assert "belong to the Castle Wars TCG (format castle-wars)" in out
