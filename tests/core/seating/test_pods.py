"""Warcaste draft pods (rulebook 8b): sizes, random seats, pins, swaps, round 1, standings pods."""

from __future__ import annotations

import json
import math
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from organizer.core.event import PlayerId, Round
from organizer.core.seating.pods import (
    PASSES_WARCASTE,
    PodError,
    Seating,
    explain_seating,
    explain_split,
    first_round_in_pods,
    pod_sizes,
    pods_by_standings,
    pods_to_dict,
    seat_pods,
    seating_from_dict,
    swap_seats,
)

COUNTS = range(2, 65)


def ids(count: int) -> list[PlayerId]:
    return [PlayerId(f"p{i}") for i in range(1, count + 1)]


def seats_of(seating: Seating) -> dict[PlayerId, tuple[int, int]]:
    return {s.player: (pod.number, s.number) for pod in seating.pods for s in pod.seats}


def check_seating(seating: Seating, players: list[PlayerId], max_size: int = 8) -> None:
    assert sorted(seating.players) == sorted(players), "everyone seated exactly once"
    assert tuple(len(p.seats) for p in seating.pods) == pod_sizes(len(players), max_size)
    assert [p.number for p in seating.pods] == list(range(1, len(seating.pods) + 1))
    for pod in seating.pods:
        assert [s.number for s in pod.seats] == list(range(1, len(pod.seats) + 1))


def pairs_and_byes(rnd: Round) -> tuple[list[tuple[PlayerId, ...]], list[PlayerId]]:
    pairs = [m.players for m in rnd.matches if not m.is_bye]
    return pairs, [m.players[0] for m in rnd.matches if m.is_bye]


# --- pod sizes ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "sizes"),
    [(20, (7, 7, 6)), (17, (6, 6, 5)), (8, (8,)), (9, (5, 4)), (2, (2,)), (1, (1,)), (0, ())],
)
def test_pod_sizes_examples(players: int, sizes: tuple[int, ...]) -> None:
    assert pod_sizes(players) == sizes


@pytest.mark.parametrize("players", COUNTS)
def test_pod_sizes_every_count(players: int) -> None:
    sizes = pod_sizes(players)
    assert sum(sizes) == players
    assert max(sizes) <= 8
    assert max(sizes) - min(sizes) <= 1, "as equal as possible"
    assert len(sizes) == math.ceil(players / 8), "fewest pods"
    assert list(sizes) == sorted(sizes, reverse=True), "larger pods first"


@given(st.integers(0, 2000), st.integers(1, 12))
def test_pod_sizes_any_max(players: int, max_size: int) -> None:
    sizes = pod_sizes(players, max_size)
    assert sum(sizes) == players
    assert all(1 <= s <= max_size for s in sizes)
    assert len(sizes) == math.ceil(players / max_size)
    assert not sizes or max(sizes) - min(sizes) <= 1


def test_pod_sizes_refuses_nonsense() -> None:
    with pytest.raises(PodError):
        pod_sizes(5, 0)
    with pytest.raises(PodError):
        pod_sizes(-1)


def test_explain_split() -> None:
    assert explain_split(20) == "20 players in 3 pods of at most 8: 7, 7, 6 (as equal as possible)"
    assert explain_split(8) == "8 players in 1 pod of at most 8: 8"
    assert explain_split(1) == "1 player in 1 pod of at most 8: 1"
    assert explain_split(12, 6) == "12 players in 2 pods of at most 6: 6, 6 (as equal as possible)"
    assert explain_split(0) == "no players: no pods"


def test_packs_follow_the_rulebook() -> None:
    assert PASSES_WARCASTE == ("right", "left", "right")


# --- random seats ------------------------------------------------------------------------------


@pytest.mark.parametrize("players", COUNTS)
def test_seat_pods_every_count(players: int) -> None:
    everyone = ids(players)
    seating = seat_pods(everyone, seed=players)
    check_seating(seating, everyone)
    assert all(pod.passes == PASSES_WARCASTE for pod in seating.pods)
    assert seating == seat_pods(everyone, seed=players), "reproducible from the seed"
    assert seating == seat_pods(everyone[::-1], seed=players), "the order given does not matter"
    others = {seat_pods(everyone, seed=s).players for s in range(10)}
    assert len(others) > 1, "different seeds give different seatings"


def test_seat_pods_spreads_players() -> None:
    """Over many seeds every player sits in every pod sometimes: the seats really are drawn."""
    everyone = ids(20)
    found = Counter(seats_of(seat_pods(everyone, seed=s))[PlayerId("p1")][0] for s in range(200))
    assert set(found) == {1, 2, 3}


@given(st.integers(2, 64), st.data())
def test_pins_are_honoured(players: int, data: st.DataObject) -> None:
    everyone = ids(players)
    slots = [(pod + 1, seat + 1) for pod, n in enumerate(pod_sizes(players)) for seat in range(n)]
    pinned_players = data.draw(st.lists(st.sampled_from(everyone), unique=True, max_size=6))
    chosen = data.draw(st.permutations(slots))[: len(pinned_players)]
    pinned = dict(zip(pinned_players, chosen, strict=True))
    seed = data.draw(st.integers(0, 2**32))
    seating = seat_pods(everyone, seed=seed, pinned=pinned)
    check_seating(seating, everyone)
    placed = seats_of(seating)
    assert all(placed[p] == slot for p, slot in pinned.items())
    assert seating == seat_pods(everyone, seed=seed, pinned=pinned)


def test_bad_pins_and_players_are_refused() -> None:
    everyone = ids(10)  # pods of 5 and 5
    p1, p2 = everyone[0], everyone[1]
    with pytest.raises(PodError, match="pod 3"):
        seat_pods(everyone, seed=1, pinned={p1: (3, 1)})
    with pytest.raises(PodError, match="seat 6"):
        seat_pods(everyone, seed=1, pinned={p1: (1, 6)})
    with pytest.raises(PodError, match="both pinned"):
        seat_pods(everyone, seed=1, pinned={p1: (1, 1), p2: (1, 1)})
    with pytest.raises(PodError, match="not among"):
        seat_pods(everyone, seed=1, pinned={PlayerId("ghost"): (1, 1)})
    with pytest.raises(PodError, match="more than once"):
        seat_pods([*everyone, p1], seed=1)
    with pytest.raises(PodError, match="'up'"):
        seat_pods(everyone, seed=1, passes=("right", "up"))
    with pytest.raises(PodError):
        seat_pods(everyone, seed=1, passes=())


def test_custom_passes() -> None:
    seating = seat_pods(ids(9), seed=3, passes=("left", "right"))
    assert all(pod.passes == ("left", "right") for pod in seating.pods)


def test_swap_seats() -> None:
    everyone = ids(20)
    seating = seat_pods(everyone, seed=7)
    before = seats_of(seating)
    a, b = PlayerId("p1"), PlayerId("p2")
    after = seats_of(swap_seats(seating, a, b))
    assert after[a] == before[b] and after[b] == before[a]
    assert all(after[p] == before[p] for p in everyone if p not in (a, b))
    assert swap_seats(seating, a, a) == seating
    with pytest.raises(KeyError):
        swap_seats(seating, a, PlayerId("ghost"))


# --- round 1 across the table ------------------------------------------------------------------


@pytest.mark.parametrize("players", COUNTS)
def test_first_round_every_count(players: int) -> None:
    everyone = ids(players)
    seating = seat_pods(everyone, seed=players)
    rnd = first_round_in_pods(seating, seed=players)
    assert rnd.number == 1 and rnd.stage == "swiss" and rnd.seed == players
    assert sorted(p for m in rnd.matches for p in m.players) == sorted(everyone)
    pairs, byes = pairs_and_byes(rnd)
    assert len(byes) == players % 2, "one bye event-wide exactly when the count is odd"
    assert [m.table for m in rnd.matches] == [*range(1, len(pairs) + 1), *[None] * len(byes)]
    assert all(len(p) == 2 for p in pairs)
    assert rnd == first_round_in_pods(seating, seed=players)


@pytest.mark.parametrize("players", [2, 4, 6, 8, 12, 16, 24, 40, 64])
def test_even_pods_play_across_the_table(players: int) -> None:
    """Every pod even: seat i plays seat i + n/2 of the same pod, pod by pod."""
    seating = seat_pods(ids(players), seed=5)
    assert all(len(pod.seats) % 2 == 0 for pod in seating.pods)
    expected = [
        (pod.seats[i].player, pod.seats[i + len(pod.seats) // 2].player)
        for pod in seating.pods
        for i in range(len(pod.seats) // 2)
    ]
    pairs, byes = pairs_and_byes(first_round_in_pods(seating, seed=5))
    assert pairs == expected and byes == []


def test_odd_pods_meet_across_pods() -> None:
    """20 -> 7, 7, 6: the left-over players of pods 1 and 2 play each other; no bye."""
    seating = seat_pods(ids(20), seed=11)
    pod_of = {p: pod for p, (pod, _) in seats_of(seating).items()}
    pairs, byes = pairs_and_byes(first_round_in_pods(seating, seed=11))
    assert byes == []
    cross = [pair for pair in pairs if pod_of[pair[0]] != pod_of[pair[1]]]
    assert len(cross) == 1 and {pod_of[p] for p in cross[0]} == {1, 2}
    assert pairs[-1] == cross[0], "cross-pod tables come after the pods' own"
    tables_by_pod = [pod_of[a] for a, _ in pairs[:-1]]
    assert tables_by_pod == sorted(tables_by_pod), "tables numbered pod by pod"


def test_odd_pod_pairs_across_the_remaining_circle() -> None:
    seating = seat_pods(ids(7), seed=2)
    pairs, byes = pairs_and_byes(first_round_in_pods(seating, seed=2))
    circle = [p for p in seating.pods[0].players if p not in byes]
    assert len(byes) == 1
    assert pairs == [(circle[i], circle[i + 3]) for i in range(3)]


def test_one_bye_among_odd_pods_drawn_from_seed() -> None:
    """21 -> 7, 7, 7: one bye; over seeds it lands in every pod and on different players."""
    seating = seat_pods(ids(21), seed=4)
    pod_of = {p: pod for p, (pod, _) in seats_of(seating).items()}
    byes = []
    for seed in range(60):
        pairs, bye = pairs_and_byes(first_round_in_pods(seating, seed=seed))
        assert len(bye) == 1
        byes.append(bye[0])
        assert sum(pod_of[a] != pod_of[b] for a, b in pairs) == 1
    assert {pod_of[p] for p in byes} == {1, 2, 3}
    assert len(set(byes)) > 5


def test_awarded_byes_sit_out_round_1() -> None:
    everyone = ids(16)  # pods of 8 and 8
    seating = seat_pods(everyone, seed=9)
    one = seating.pods[0].seats[0].player
    rnd = first_round_in_pods(seating, seed=9, awarded_byes={one})
    pairs, byes = pairs_and_byes(rnd)
    assert len(byes) == 2 and byes[0] == one, "the awarded bye first, then the 15 others' bye"
    assert sorted(p for m in rnd.matches for p in m.players) == sorted(everyone)

    two = {one, seating.pods[1].seats[3].player}
    rnd = first_round_in_pods(seating, seed=9, awarded_byes=two)
    pairs, byes = pairs_and_byes(rnd)
    assert set(byes) == two and len(pairs) == 7
    assert sorted(p for m in rnd.matches for p in m.players) == sorted(everyone)
    assert first_round_in_pods(seating, seed=9, round_number=2).number == 2


# --- pods by standings, JSON -------------------------------------------------------------------


@pytest.mark.parametrize("players", COUNTS)
def test_pods_by_standings(players: int) -> None:
    ranked = ids(players)
    seating = pods_by_standings(ranked, seed=players)
    check_seating(seating, ranked)
    start = 0
    for pod in seating.pods:
        size = len(pod.seats)
        assert set(pod.players) == set(ranked[start : start + size]), "pods in standings order"
        start += size
    assert seating == pods_by_standings(ranked, seed=players)


def test_top_eight_draft_together() -> None:
    ranked = ids(32)
    seating = pods_by_standings(ranked, seed=1)
    assert set(seating.pods[0].players) == set(ranked[:8])
    assert set(seating.pods[1].players) == set(ranked[8:16])
    orders = {pods_by_standings(ranked, seed=s).pods[0].players for s in range(10)}
    assert len(orders) > 1, "seats inside a pod are drawn from the seed"


def test_pods_to_dict_shape() -> None:
    seating = seat_pods(ids(9), seed=1)
    doc = json.loads(json.dumps(pods_to_dict(seating)))
    assert list(doc) == ["pods"]
    assert [pod["pod"] for pod in doc["pods"]] == [1, 2]
    for pod, data in zip(seating.pods, doc["pods"], strict=True):
        assert set(data) == {"pod", "passes", "seats"}
        assert data["passes"] == ["right", "left", "right"]
        assert data["seats"] == [{"seat": s.number, "player": s.player} for s in pod.seats]


def test_pins_travel_with_the_seating_and_its_document() -> None:
    everyone = ids(9)
    pinned = {everyone[4]: (2, 1)}
    seating = seat_pods(everyone, seed=5, pinned=pinned)
    assert seating.pins == pinned
    doc = json.loads(json.dumps(pods_to_dict(seating)))
    assert doc["pinned"] == [{"player": everyone[4], "pod": 2, "seat": 1}]
    back = seating_from_dict(doc, seed=5)
    assert back == seating
    assert seat_pods(everyone, seed=back.seed or 0, pinned=back.pins) == seating  # replayed
    assert swap_seats(seating, everyone[0], everyone[1]).pinned == seating.pinned


def test_a_stored_seating_is_explained_with_the_pod_size_it_was_made_with() -> None:
    seating = seat_pods(ids(20), seed=3)  # 7, 7, 6 with pods of at most 8
    assert explain_seating(seating, 8) == explain_split(20, 8)
    assert explain_seating(seating, 10) == (
        "20 players in 3 pods: 7, 7, 6, seated before the pod size became 10; seat again to use it"
    )
