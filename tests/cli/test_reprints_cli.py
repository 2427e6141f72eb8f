"""Card pools with reprints from the command line and through the services (formats.md,
"Card data"): `cards import` loads them as one card each; printings that disagree are
refused (exit 2) naming both lines; `check-deck` reads the imported pool.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from organizer.services.decks import cardpools
from organizer.services.kit.errors import InputError
from organizer.services.kit.resources import resources_dir, sample_pool_path
from organizer.storage.database import Database
from tests.cli.helpers import organizer

WARS_LIST = resources_dir() / "decklists" / "sample-wars-constructed.txt"


def reprinted(first_line: str, *, copy_limit: str = "") -> str:
    """The sample WARS pool with a reprint (set R2) of the card named on `first_line`."""
    text = sample_pool_path("wars").read_text(encoding="utf-8")
    name = first_line.split(" ", 1)[1]
    row = next(r for r in text.splitlines() if f",{name}," in r)
    cells = row.split(",")
    cells[1], cells[2] = "R2", "R2-001"
    if copy_limit:
        cells[10] = copy_limit
    return text + ",".join(cells) + "\n"


def first_card_line() -> str:
    return next(line for line in WARS_LIST.read_text().splitlines() if line[:1].isdigit())


def test_a_pool_with_a_reprint_is_imported_as_one_card(db_path: Path, tmp_path: Path) -> None:
    pool = tmp_path / "reprints.csv"
    pool.write_text(reprinted(first_card_line()), encoding="utf-8")
    plain = organizer(db_path, "cards", "import", str(sample_pool_path("wars")))
    imported = organizer(db_path, "cards", "import", str(pool))
    assert imported.status == 0, imported.err
    assert plain.out.split(":")[1].split("cards")[0] == imported.out.split(":")[1].split("cards")[0]
    assert (
        organizer(db_path, "check-deck", "--format", "wars-constructed", str(WARS_LIST)).status == 0
    )


def test_printings_that_disagree_are_refused_naming_both_lines(
    db_path: Path, tmp_path: Path
) -> None:
    pool = tmp_path / "bad.csv"
    pool.write_text(reprinted(first_card_line(), copy_limit="unlimited"), encoding="utf-8")
    refused = organizer(db_path, "cards", "import", str(pool))
    last = len(pool.read_text().splitlines())
    assert refused.status == 2 and f"{pool}, line {last}:" in refused.err
    assert "printings of one card must agree" in refused.err and "as line" in refused.err


def test_the_service_imports_reprints_and_refuses_disagreement(db: Database) -> None:
    done = cardpools.import_pool(db, text=reprinted(first_card_line()), source="reprints.csv")
    sample = cardpools.parse_pool_text(sample_pool_path("wars").read_text(), source="sample")
    assert done.value[0].cards == len(sample)
    with pytest.raises(InputError, match="must agree"):
        cardpools.import_pool(
            db, text=reprinted(first_card_line(), copy_limit="2"), source="bad.csv"
        )
