"""Result entry by table, corrections, drop boxes, and formats without draws."""

from __future__ import annotations

import pytest

from organizer.core.results import Score
from organizer.services.event import interchange
from organizer.services.kit.errors import InputError, RefusedError
from organizer.services.players import registration
from organizer.services.rounds import standings
from organizer.services.rounds.results import record_result
from organizer.storage import journal_repo
from organizer.storage.database import Database
from tests.services.event_builders import event_with_players, store_round


def results(db: Database, event_id: int, round_number: int) -> list[tuple[object, ...]]:
    event = interchange.load_event(db, event_id=event_id)
    return [(m.table, m.players, m.wins, m.draws) for m in event.rounds[round_number - 1].matches]


def test_record_by_table_in_the_latest_round(db: Database) -> None:
    event_id = event_with_players(db, "castle-wars", 5)
    store_round(db, event_id, 1, [("p1", "p2"), ("p3", "p4"), ("p5", None)])
    outcome = record_result(db, event_id=event_id, table=2, score=Score(1, 2))
    assert (outcome.value.round_number, outcome.value.recorded, outcome.value.corrected_from) == (
        1,
        Score(1, 2),
        None,
    )
    assert results(db, event_id, 1)[1] == (2, ("p3", "p4"), (1, 2), 0)
    assert results(db, event_id, 1)[0][2] is None  # table 1 still open


def test_impossible_scores_and_missing_tables_are_refused(db: Database) -> None:
    event_id = event_with_players(db, "castle-wars", 2)
    with pytest.raises(RefusedError, match="pair a round first"):
        record_result(db, event_id=event_id, table=1, score=Score(2, 0))
    store_round(db, event_id, 1, [("p1", "p2")])
    with pytest.raises(RefusedError, match="no table 7"):
        record_result(db, event_id=event_id, table=7, score=Score(2, 0))
    with pytest.raises(InputError, match="table 1: 3-0"):
        record_result(db, event_id=event_id, table=1, score=Score(3, 0))
    assert results(db, event_id, 1)[0][2] is None


def test_wars_refuses_a_drawn_game_until_the_tie_breaker_is_named(db: Database) -> None:
    event_id = event_with_players(db, "wars-constructed", 4)
    store_round(db, event_id, 1, [("p1", "p2"), ("p3", "p4")])
    with pytest.raises(InputError, match="who won the tie breaker"):
        record_result(db, event_id=event_id, table=1, score=Score(1, 0, 1))
    outcome = record_result(db, event_id=event_id, table=1, score=Score(1, 0, 1), tiebreak_winner=1)
    assert outcome.value.recorded == Score(1, 1)  # the drawn game is B's; no game is added


def test_a_wars_match_level_at_time_is_a_drawn_match(db: Database) -> None:
    """Issue 25 item 12: 1-1 at time is recorded as 1-1, never as a game nobody played."""
    event_id = event_with_players(db, "wars-constructed", 2)
    store_round(db, event_id, 1, [("p1", "p2")])
    outcome = record_result(db, event_id=event_id, table=1, score=Score(1, 1))
    assert outcome.value.recorded == Score(1, 1)
    rows = {str(r.player): r for r in standings.standings(db, event_id=event_id)}
    assert rows["p1"].draws == rows["p2"].draws == 1 and rows["p1"].points == 1


def test_correcting_an_earlier_round_warns_about_later_pairings(db: Database) -> None:
    event_id = event_with_players(db, "castle-wars", 4)
    store_round(db, event_id, 1, [("p1", "p2"), ("p3", "p4")])
    record_result(db, event_id=event_id, table=1, score=Score(2, 0))
    record_result(db, event_id=event_id, table=2, score=Score(2, 1))
    store_round(db, event_id, 2, [("p1", "p3"), ("p2", "p4")])
    with pytest.raises(RefusedError, match="table 1 already has 2-0"):
        record_result(db, event_id=event_id, table=1, score=Score(0, 2), round_number=1)
    fixed = record_result(
        db, event_id=event_id, table=1, score=Score(0, 2), round_number=1, correct=True
    )
    assert fixed.value.corrected_from == Score(2, 0)
    assert fixed.warnings and "round(s) 2 were paired from the old result" in fixed.warnings[0]
    assert results(db, event_id, 1)[0][2] == (0, 2)


def test_drop_boxes_drop_after_this_round(db: Database) -> None:
    event_id = event_with_players(db, "castle-wars", 2)
    store_round(db, event_id, 1, [("p1", "p2")])
    outcome = record_result(db, event_id=event_id, table=1, score=Score(2, 0), drop=(False, True))
    assert outcome.changes.players
    dropped = {
        p.code: p.dropped_after_round for p in registration.list_players(db, event_id=event_id)
    }
    assert dropped == {"p1": None, "p2": 1}
    with db.reading() as s:
        entry = journal_repo.entries(s, event_id=event_id, limit=1)[0]
    assert entry.summary == "dropped Player 2 (round 1 table 1: the slip's drop box)"
    assert (entry.before["dropped_after_round"], entry.after["dropped_after_round"]) == (None, 1)
