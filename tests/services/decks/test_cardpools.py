"""Card pool imports through the services: a big pool, and the progress it reports."""

from __future__ import annotations

from organizer.core.cardpool import PROGRESS_STEP
from organizer.services.decks import cardpools
from organizer.storage.database import Database

HEADER = "game,set,number,name,type,subtypes,attributes,faction,boost,hand_size,copy_limit,rarity\n"


def big_pool(cards: int) -> str:
    return HEADER + "".join(
        f"castle-wars,BIG,{i:06d},Soldier Łukasz {i},soldier,Knight,,,,,,common\n"
        for i in range(cards)
    )


def test_a_big_pool_is_stored_whole_and_its_progress_rises_to_the_end(db: Database) -> None:
    cards = 3 * PROGRESS_STEP + 17
    seen: list[tuple[int, int]] = []
    done = cardpools.import_pool(
        db, text=big_pool(cards), source="big.csv", progress=lambda d, t: seen.append((d, t))
    )
    assert [(r.game, r.cards, r.added) for r in done.value] == [("castle-wars", cards, cards)]
    assert len(cardpools.pool_for_game(db, game="castle-wars")) == cards
    totals = {t for _, t in seen}
    assert len(totals) == 1  # one total throughout: a bar that never jumps back
    steps = [d for d, _ in seen]
    assert steps == sorted(steps) and steps[-1] == seen[-1][1]
    assert len(steps) >= 4  # read in steps, stored in steps, not one jump at the end
    assert any(d < seen[-1][1] // 2 for d in steps) and any(
        d > seen[-1][1] // 2 for d in steps[:-1]
    )
