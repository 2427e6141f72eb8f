"""A WTactics house ban follows the card number to the card's other name (issue 25 item 6)."""

from __future__ import annotations

from pathlib import Path

from organizer.services.kit.resources import resources_dir, sample_pool_path
from tests.cli.helpers import organizer

SAMPLE = resources_dir() / "decklists" / "sample-wtactics-orc.txt"


def test_banning_the_old_name_bans_the_revised_one(db_path: Path, tmp_path: Path) -> None:
    assert organizer(db_path, "new", "--name", "Orcs", "--format", "wtactics-orc").status == 0
    assert organizer(db_path, "cards", "import", str(sample_pool_path("wtactics"))).status == 0
    assert organizer(db_path, "players", "add", "Ada", "--id", "p1").status == 0
    revised = tmp_path / "revised.txt"
    revised.write_text(
        SAMPLE.read_text(encoding="utf-8")
        .replace("3 Grove Druid\n", "")
        .replace("6 Militia Recruit", "8 Militia Recruit")
        .replace("5 Spark Wisp", "6 Spark Wisp"),
        encoding="utf-8",
    )
    assert organizer(db_path, "settings", "banned_cards", "Grove Druid").status == 0
    refused = organizer(db_path, "deck", "submit", "p1", str(revised))
    assert refused.status == 1
    assert "Grove Druid of the Old Wood is banned for this event" in refused.err
    assert organizer(db_path, "settings", "banned_cards", "Elder Treant Two").status == 0
    assert organizer(db_path, "deck", "submit", "p1", str(revised)).status == 0
