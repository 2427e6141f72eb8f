"""A rewind racing a result from another station (SQLite and PostgreSQL): never half done.

Round 2 of a 4-player event is paired with table 1 still open; one station goes back to
before round 2 while another records table 1. Either the result lands first (then the
rewind takes it away with the round and undo brings it back), or the rewind does (then
the result is refused: table 1 of round 1, now the latest, already has one).
"""

from __future__ import annotations

import collections

import pytest

from organizer.core.results import Score
from organizer.services.event import interchange
from organizer.services.rounds import pairing, results, rewind
from organizer.storage.database import Database
from tests.races.stations import Stations
from tests.races.test_concurrent_writes import RACES, db, no_crash, two, url  # noqa: F401
from tests.services.event_builders import event_with_players

pytestmark = [pytest.mark.stress, pytest.mark.slow]


def test_a_rewind_racing_a_result_is_never_half_done(two: Stations, db: Database) -> None:  # noqa: F811
    tally: collections.Counter[str] = collections.Counter()
    for i in range(RACES):
        event_id = event_with_players(db, "castle-wars", 4)
        pairing.pair_next(db, event_id=event_id, seed=i)
        for table in (1, 2):
            results.record_result(db, event_id=event_id, table=table, score=Score(2, 1))
        pairing.pair_next(db, event_id=event_id, seed=i + 100)
        results.record_result(db, event_id=event_id, table=2, score=Score(2, 0))
        round_one = interchange.load_event(db, event_id=event_id).rounds[0]
        outcomes = two.race(
            [
                ("rewind_to", {"event_id": event_id, "round_number": 2}),
                ("result", {"event_id": event_id, "table": 1, "score": "0-2"}),
            ]
        )
        no_crash(outcomes)
        (rewound, recorded) = outcomes
        assert rewound[0] == "ok", rewound
        event = interchange.load_event(db, event_id=event_id)
        assert [r.number for r in event.rounds] == [1]
        assert event.rounds[0] == round_one  # round 1 untouched either way
        if recorded[0] == "ok":  # the result came first: undo brings it back
            tally["result first"] += 1
        else:
            assert "table 1 already has" in recorded[1], recorded
            tally["rewind first"] += 1
        rewind.undo_last(db, event_id=event_id)
        back = interchange.load_event(db, event_id=event_id).rounds[1].matches
        table_one = next(m for m in back if m.table == 1)
        assert (table_one.wins == (0, 2)) == (recorded[0] == "ok")
    print(f"rewind/result, {RACES} races: {dict(tally)}")
