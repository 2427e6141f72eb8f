"""Pairing through the services: next round, re-pair, manual swaps with warnings."""

from __future__ import annotations

import pytest

from organizer.core.results import Score
from organizer.core.views.round_view import round_view
from organizer.services.event import interchange
from organizer.services.kit.errors import RefusedError
from organizer.services.players import registration
from organizer.services.rounds.pairing import pair_next, repair_current, swap_players
from organizer.services.rounds.results import record_result
from organizer.storage.database import Database
from organizer.storage.journal_repo import entries
from tests.services.event_builders import event_with_players


def report_all(db: Database, event_id: int) -> None:
    score = Score(2, 1)
    event = interchange.load_event(db, event_id=event_id)
    for m in event.rounds[-1].matches:
        if m.table is not None:
            record_result(db, event_id=event_id, table=m.table, score=score)


def test_pair_stores_the_round_with_its_seed_and_everyone_once(db: Database) -> None:
    event_id = event_with_players(db, "castle-wars", 9)
    outcome = pair_next(db, event_id=event_id, seed=42)
    stored = interchange.load_event(db, event_id=event_id).rounds[0]
    assert stored == outcome.value.round and stored.seed == 42
    seated = [p for m in stored.matches for p in m.players]
    assert sorted(seated) == sorted(f"p{i}" for i in range(1, 10))
    assert sum(1 for m in stored.matches if m.is_bye) == 1
    with db.reading() as s:
        assert entries(s, event_id=event_id)[0].action == "round.pair"


def test_the_next_round_waits_for_every_result(db: Database) -> None:
    event_id = event_with_players(db, "castle-wars", 4)
    pair_next(db, event_id=event_id, seed=1)
    record_result(db, event_id=event_id, table=1, score=Score(2, 0))
    with pytest.raises(RefusedError, match="1 result\\(s\\) missing \\(table 2\\)"):
        pair_next(db, event_id=event_id)
    record_result(db, event_id=event_id, table=2, score=Score(2, 0))
    second = pair_next(db, event_id=event_id, seed=2).value
    first = interchange.load_event(db, event_id=event_id).rounds[0]
    met = {frozenset(m.players) for m in first.matches}
    assert all(frozenset(m.players) not in met for m in second.matches)


def test_dropped_players_are_not_paired(db: Database) -> None:
    event_id = event_with_players(db, "castle-wars", 5)
    p5 = registration.find_player(db, event_id=event_id, code="p5")
    registration.set_dropped(
        db, event_id=event_id, registration_id=p5.registration_id, dropped=True
    )
    round_ = pair_next(db, event_id=event_id, seed=3).value
    assert "p5" not in {p for m in round_.matches for p in m.players}
    assert not any(m.is_bye for m in round_.matches)


def test_repair_needs_confirmation_once_results_exist(db: Database) -> None:
    event_id = event_with_players(db, "castle-wars", 8)
    pair_next(db, event_id=event_id, seed=1)
    same = repair_current(db, event_id=event_id, seed=1).value
    assert same.round.seed == 1 and same.number == 1
    record_result(db, event_id=event_id, table=1, score=Score(2, 0))
    with pytest.raises(RefusedError, match="confirm"):
        repair_current(db, event_id=event_id, seed=9)
    again = repair_current(db, event_id=event_id, seed=9, confirmed=True)
    event = interchange.load_event(db, event_id=event_id)
    assert len(event.rounds) == 1 and event.rounds[0].seed == 9
    assert all(m.wins is None for m in event.rounds[0].matches)
    assert again.changes.results


def test_same_seed_same_pairings(db: Database) -> None:
    event_id = event_with_players(db, "castle-wars", 12)
    pair_next(db, event_id=event_id, seed=5)
    report_all(db, event_id)
    second = pair_next(db, event_id=event_id, seed=77).value
    replayed = repair_current(db, event_id=event_id, seed=77).value
    assert replayed == second


def test_swap_warns_about_rematches_and_is_journaled(db: Database) -> None:
    event_id = event_with_players(db, "castle-wars", 4)
    r1 = pair_next(db, event_id=event_id, seed=1).value
    report_all(db, event_id)
    r2 = pair_next(db, event_id=event_id, seed=2).value
    a, b = r1.matches[0].players  # they met in round 1
    other = next(m for m in r2.matches if a in m.players)
    partner = next(p for p in other.players if p != a)
    outcome = swap_players(db, event_id=event_id, player_a=partner, player_b=b)
    assert any("rematch" in w for w in outcome.warnings)
    stored = interchange.load_event(db, event_id=event_id).rounds[1]
    assert any(set(m.players) == {a, b} for m in stored.matches)
    with db.reading() as s:
        last = entries(s, event_id=event_id)[0]
    assert last.action == "pairing.swap" and "rematch" in last.summary


def test_swap_refuses_matches_with_results(db: Database) -> None:
    event_id = event_with_players(db, "castle-wars", 4)
    r1 = pair_next(db, event_id=event_id, seed=1).value
    record_result(db, event_id=event_id, table=1, score=Score(2, 0))
    a = r1.matches[0].players[0]
    b = r1.matches[1].players[0]
    with pytest.raises(RefusedError, match="already has a result"):
        swap_players(db, event_id=event_id, player_a=a, player_b=b)


def test_pairing_returns_the_round_as_a_fresh_read_shows_it(db: Database) -> None:
    """The write's view (built from what it read under the lock) is the view a client would
    build by reading the event again: names, points before the round, the event with it."""
    event_id = event_with_players(db, "castle-wars", 9)
    pair_next(db, event_id=event_id, seed=1)
    report_all(db, event_id)
    view = pair_next(db, event_id=event_id, seed=2).value
    event = interchange.load_event(db, event_id=event_id)
    assert view == round_view(event, 2)
    assert view.event is not None and view.event.rounds == event.rounds
    assert sorted(s.points for t in view.tables for s in t.seats) == sorted(
        [3] * 4 + [0] * 4 + [3]  # four winners and the round-1 bye at 3, four losers at 0
    )
    again = repair_current(db, event_id=event_id, seed=5).value
    assert again == round_view(interchange.load_event(db, event_id=event_id), 2)
