"""`/api/standings.json` on the players' page: players tied on points and every tiebreaker
share one rank, as docs/json.md says (the next rank skips the places they fill)."""

from __future__ import annotations

from pathlib import Path

from organizer.core.results import Score
from organizer.services.rounds import pairing, results
from tests.web.self_service.players import self_served

KEYS = ("points", "omw", "gw", "ogw", "oomw")


def test_exact_ties_share_a_rank(db_path: Path) -> None:
    with self_served(db_path, players=4) as site:
        pairing.pair_next(site.db, event_id=site.event_id, seed=1, allow_missing_decks=True)
        for table in (1, 2):
            results.record_result(site.db, event_id=site.event_id, table=table, score=Score(1, 0))
        rows = site.request("GET", "/api/standings.json").json()["standings"]
    values = [tuple(r[k] for k in KEYS) for r in rows]
    expected = [1 + sum(1 for other in values if other > mine) for mine in values]
    assert [r["rank"] for r in rows] == expected == [1, 1, 3, 3]
