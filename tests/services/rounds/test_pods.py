"""Draft pods through the services: seating, round 1 across the table, day 2, timer."""

from __future__ import annotations

import datetime as dt

import pytest

from organizer.core.event import PlayerId
from organizer.core.results import Score
from organizer.services.event import interchange, settings
from organizer.services.kit.errors import RefusedError
from organizer.services.rounds import pods, standings
from organizer.services.rounds.pairing import pair_next, repair_current
from organizer.services.rounds.results import record_result
from organizer.storage.database import Database
from tests.services.event_builders import event_with_players

DRAFT = "warcaste-skirmish-draft"


def finish(db: Database, event_id: int) -> None:
    for m in interchange.load_event(db, event_id=event_id).rounds[-1].matches:
        if m.table is not None:
            record_result(db, event_id=event_id, table=m.table, score=Score(1, 0))


def test_seating_is_stored_reproducible_and_round_1_is_across_the_table(db: Database) -> None:
    event_id = event_with_players(db, DRAFT, 16)
    first = pods.seat(db, event_id=event_id, seed=11, pinned={"p5": (2, 1)}).value
    assert pods.seat(db, event_id=event_id, seed=11, pinned={"p5": (2, 1)}).value == first
    shown = pods.view(db, event_id=event_id)
    assert shown is not None and shown.seating == first
    assert shown.seating.pins == {"p5": (2, 1)}  # stored: the seed and the pins replay it
    assert "16 players in 2 pods" in shown.explanation
    assert first.position(PlayerId("p5")) == (2, 1)
    round_1 = pair_next(db, event_id=event_id, seed=1).value
    for pod in first.pods:
        seats = pod.players
        expected = {frozenset((seats[i], seats[i + 4])) for i in range(4)}
        actual = {frozenset(m.players) for m in round_1.matches if set(m.players) <= set(seats)}
        assert actual == expected
    assert repair_current(db, event_id=event_id, seed=2).value.matches == round_1.matches
    with pytest.raises(RefusedError, match="round 1 is paired"):
        pods.seat(db, event_id=event_id, seed=12)


def test_later_rounds_stay_in_pods_only_when_the_event_says_so(db: Database) -> None:
    event_id = event_with_players(db, DRAFT, 16)
    seating = pods.seat(db, event_id=event_id, seed=5)
    pod_of = {p: pod.number for pod in seating.value.pods for p in pod.players}
    settings.set_setting(db, event_id=event_id, key="pods_keep_rounds", value="yes")
    pair_next(db, event_id=event_id, seed=1)
    finish(db, event_id)
    second = pair_next(db, event_id=event_id, seed=2).value
    assert all(len({pod_of[p] for p in m.players}) == 1 for m in second.matches)


def test_a_second_draft_seats_the_top_8_together(db: Database) -> None:
    event_id = event_with_players(db, DRAFT, 16)
    pods.seat(db, event_id=event_id, seed=5)
    for n in (1, 2, 3):
        pair_next(db, event_id=event_id, seed=n)
        finish(db, event_id)
    top8 = {r.player for r in standings.standings(db, event_id=event_id)[:8]}
    day2 = pods.seat_by_standings(db, event_id=event_id, seed=9)
    assert set(day2.value.pods[0].players) == top8
    view = pods.view(db, event_id=event_id)
    assert view is not None and (view.draft, view.after_round) == (2, 3)
    fourth = pair_next(db, event_id=event_id, seed=4).value
    assert all(set(m.players) <= top8 or not set(m.players) & top8 for m in fourth.matches)


def test_swap_before_the_round_and_the_draft_timer(db: Database) -> None:
    event_id = event_with_players(db, DRAFT, 8)
    seating = pods.seat(db, event_id=event_id, seed=1)
    a, b = seating.value.pods[0].players[:2]
    pods.swap(db, event_id=event_id, player_a=a, player_b=b)
    swapped = pods.view(db, event_id=event_id)
    assert swapped is not None and swapped.seating.pods[0].players[:2] == (b, a)
    t0 = dt.datetime(2026, 11, 20, 10, 0, tzinfo=dt.UTC)
    pods.timer_start(db, event_id=event_id, minutes=40, now=t0)
    status = pods.timer_status(db, event_id=event_id, now=t0 + dt.timedelta(minutes=15))
    assert status is not None and status.remaining_s == 25 * 60
    assert pods.timer_label(db, event_id=event_id) == "draft"
    pods.timer_start(db, event_id=event_id, minutes=30, label="deck building", now=t0)
    pods.timer_pause(db, event_id=event_id, now=t0 + dt.timedelta(minutes=1))
    assert pods.timer_label(db, event_id=event_id) == "deck building"
    paused = pods.timer_status(db, event_id=event_id, now=t0 + dt.timedelta(minutes=9))
    assert paused is not None and paused.remaining_s == 29 * 60
