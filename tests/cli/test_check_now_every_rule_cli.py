"""`organizer deck check-now` keeps every deck rule (issue 25 item 9): a Warcaste list that lost
its doctrine after sideboarding is illegal, the same list with it is legal."""

from __future__ import annotations

from pathlib import Path

from organizer.services.kit.resources import resources_dir, sample_pool_path
from tests.cli.helpers import organizer

FORMAT = "warcaste-skirmish-constructed"
SAMPLE = resources_dir() / "decklists" / f"sample-{FORMAT}.txt"


def test_a_list_without_its_doctrine_between_games_is_illegal(
    db_path: Path, tmp_path: Path
) -> None:
    assert organizer(db_path, "new", "--name", "Check", "--format", FORMAT).status == 0
    assert organizer(db_path, "cards", "import", str(sample_pool_path("warcaste"))).status == 0
    assert organizer(db_path, "players", "add", "Ada", "--id", "p1").status == 0
    assert organizer(db_path, "deck", "submit", "p1", str(SAMPLE)).status == 0
    text = SAMPLE.read_text(encoding="utf-8")
    same = tmp_path / "same.txt"
    same.write_text(text, encoding="utf-8")
    kept = organizer(db_path, "deck", "check-now", "p1", str(same))
    assert kept.status == 0 and kept.out.startswith("legal"), kept.out
    lost = tmp_path / "lost.txt"
    lost.write_text(
        text.replace("Doctrine:\n1 Doctrine of the Molten Vanguard\n", ""), encoding="utf-8"
    )
    checked = organizer(db_path, "deck", "check-now", "p1", str(lost))
    assert checked.status == 1 and checked.out.startswith("illegal")
    assert "after sideboarding: " in checked.out and "wc-doctrine-count" in checked.out
    broken = tmp_path / "broken.txt"
    broken.write_text(text + "Deck:\nthree Ember Scouts\n", encoding="utf-8")
    refused = organizer(db_path, "deck", "check-now", "p1", str(broken))
    assert refused.status == 2 and f"{broken}, line " in refused.err, refused.err
    assert refused.out == ""
