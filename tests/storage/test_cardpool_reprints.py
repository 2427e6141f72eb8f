"""A card's reprint sets survive storing the pool (issue 25 item 5; docs/rules.md Card data)."""

from __future__ import annotations

from organizer.services.decks import cardpools
from organizer.storage.database import Database

TEXT = (
    "game,name,type,set,attributes\n"
    "warcaste,Old Doctrine,doctrine,S1,Swarming\n"
    "warcaste,Old Doctrine,doctrine,S2,Swarming\n"
    "warcaste,Old Doctrine,doctrine,S3,Swarming\n"
)


def test_reprint_sets_are_stored_and_read_back(db: Database) -> None:
    cardpools.import_pool(db, text=TEXT, source="reprints.csv")
    card = cardpools.pool_for_game(db, game="warcaste").find("Old Doctrine")
    assert card is not None and card.set == "S1"
    assert card.reprint_sets == {"S2", "S3"} and card.sets == {"S1", "S2", "S3"}
