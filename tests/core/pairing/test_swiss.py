"""Swiss pairing of the next round: exact optimum, the hard rules, seeds, byes, late entries."""

from __future__ import annotations

import random
from dataclasses import replace

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from organizer.core.event import EventData, Match, Player, PlayerId, Round
from organizer.core.pairing.swiss import PairingError, pair_next_round
from tests.core.pairing.simulate import (
    Facts,
    advance,
    grade,
    make_players,
    pairs_of,
    play,
    reference_optimum,
    round_facts,
    simulate,
)


def paired_players(event: EventData, number: int) -> list[PlayerId]:
    return [p.id for p in event.players if p.active_in(number) and p.awarded_byes < number]


def check_round(event: EventData, rnd: Round) -> None:
    """The hard rules for one freshly paired round."""
    number = rnd.number
    active = {p.id for p in event.players if p.active_in(number)}
    seated = [pid for m in rnd.matches for pid in m.players]
    assert sorted(seated) == sorted(active), "every active player exactly once, nobody else"
    pairs, byes = pairs_of(rnd)
    awarded = {p.id for p in event.players if p.active_in(number) and p.awarded_byes >= number}
    assert awarded <= set(byes)
    pairing_byes = [b for b in byes if b not in awarded]
    assert len(pairing_byes) == (len(active) - len(awarded)) % 2
    facts = round_facts(event, number)
    if pairing_byes:
        fresh = [p for p in paired_players(event, number) if facts.byes[p] == 0]
        assert not fresh or facts.byes[pairing_byes[0]] == 0, "a second bye while others had none"
    tables = [m.table for m in rnd.matches]
    assert tables == [*range(1, len(pairs) + 1), *[None] * len(byes)]
    keys = [(facts.points[a], facts.points[b]) for a, b in pairs]
    assert all(a >= b for a, b in keys), "higher score seated first"
    assert keys == sorted(keys, reverse=True), "tables by descending pair score"
    assert rnd.stage == "swiss"


def our_grade(event: EventData, rnd: Round, facts: Facts) -> tuple[int, int, int]:
    pairs, byes = pairs_of(rnd)
    paired = paired_players(event, rnd.number)
    bye = next((b for b in byes if b in paired), None)
    return grade(pairs, bye, facts, paired)


@pytest.mark.parametrize("seed", range(24))
def test_every_round_is_the_exact_optimum(seed: int) -> None:
    rng = random.Random(seed)
    count = rng.randint(8, 40)
    awarded = {i: rng.randint(1, 2) for i in rng.sample(range(count), rng.randint(0, 2))}
    event = EventData(name="exact", players=make_players(count, awarded=awarded), best_of=3)
    for number in range(1, rng.randint(4, 8) + 1):
        rnd = pair_next_round(event, seed=seed * 100 + number)
        check_round(event, rnd)
        facts = round_facts(event, number)
        assert our_grade(event, rnd, facts) == reference_optimum(
            paired_players(event, number), facts
        )
        event = replace(event, rounds=(*event.rounds, play(rnd, rng, draw_rate=0.15)))
        dropping = {p.id for p in event.players if rng.random() < 0.08}
        event = replace(
            event,
            players=tuple(
                replace(p, dropped_after_round=number)
                if p.id in dropping and p.dropped_after_round is None
                else p
                for p in event.players
            ),
        )


@settings(max_examples=60, deadline=None)
@given(
    count=st.integers(1, 30),
    rounds=st.integers(0, 6),
    draw_rate=st.floats(0, 0.5),
    drop_rate=st.floats(0, 0.2),
    awarded=st.dictionaries(st.integers(0, 29), st.integers(1, 3), max_size=4),
    late=st.dictionaries(st.integers(0, 29), st.integers(2, 5), max_size=4),
    seed=st.integers(0, 2**31),
)
def test_hard_rules_hold_and_the_bye_sits_as_low_as_possible(
    count: int,
    rounds: int,
    draw_rate: float,
    drop_rate: float,
    awarded: dict[int, int],
    late: dict[int, int],
    seed: int,
) -> None:
    event = simulate(
        count, rounds, seed, draw_rate=draw_rate, drop_rate=drop_rate, awarded=awarded, late=late
    )
    rnd = pair_next_round(event, seed=seed)
    check_round(event, rnd)
    assert pair_next_round(event, seed=seed) == rnd, "the same seed pairs the same round"
    assert rnd.seed == seed
    facts = round_facts(event, rnd.number)
    paired = paired_players(event, rnd.number)
    pairs, byes = pairs_of(rnd)
    bye = next((b for b in byes if b in paired), None)
    if bye is None:
        return
    rematches = sum(1 for a, b in pairs if b in facts.met[a])
    eligible = [p for p in paired if facts.byes[p] == 0] or paired
    for other in eligible:
        if facts.points[other] < facts.points[bye]:
            fewest = fewest_rematches([p for p in paired if p != other], facts)
            assert fewest > rematches, f"{other} could have had the bye without a rematch more"


def fewest_rematches(players: list[PlayerId], facts: Facts) -> int:
    graph = nx.Graph()
    graph.add_nodes_from(players)
    graph.add_edges_from(
        (a, b) for i, a in enumerate(players) for b in players[i + 1 :] if b not in facts.met[a]
    )
    return len(players) // 2 - len(nx.max_weight_matching(graph, maxcardinality=True))


def test_round_one_is_random_and_reproducible() -> None:
    event = EventData(name="r1", players=make_players(16))
    rounds = [pair_next_round(event, seed=s) for s in range(8)]
    assert pair_next_round(event, seed=3) == rounds[3]
    assert len({r.matches for r in rounds}) > 1, "different seeds give different pairings"
    for rnd in rounds:
        check_round(event, rnd)
        assert rnd.number == 1


def test_different_seeds_can_differ_later_too() -> None:
    event = simulate(32, 3, seed=7)
    assert len({pair_next_round(event, seed=s).matches for s in range(6)}) > 1


def test_awarded_byes_cover_the_first_rounds_then_the_player_is_paired() -> None:
    event = EventData(name="byes", players=make_players(9, awarded={0: 2, 1: 1}))
    rng = random.Random(1)
    star, second = PlayerId("p0000"), PlayerId("p0001")
    for number in (1, 2, 3):
        rnd = pair_next_round(event, seed=number)
        check_round(event, rnd)
        _, byes = pairs_of(rnd)
        assert (star in byes) == (number <= 2)
        assert (second in byes) == (number <= 1)
        assert len(byes) == {1: 3, 2: 1, 3: 1}[number], "7, 8 and 9 players are paired"
        event = replace(event, rounds=(*event.rounds, play(rnd, rng, draw_rate=0)))
    assert round_facts(event, 3).points[star] == 6, "two byes are two match wins"


def test_awarded_byes_are_not_paired_and_parity_applies_to_the_rest() -> None:
    event = EventData(name="byes", players=make_players(8, awarded={0: 1}))
    rnd = pair_next_round(event, seed=2)
    pairs, byes = pairs_of(rnd)
    assert len(pairs) == 3 and len(byes) == 2 and PlayerId("p0000") in byes


def test_a_late_entry_joins_on_zero_points() -> None:
    event = simulate(12, 3, seed=4, draw_rate=0)
    newcomer = Player(id=PlayerId("late"), name="Late Comer")
    event = replace(event, players=(*event.players, newcomer))
    rnd = pair_next_round(event, seed=9)
    check_round(event, rnd)
    facts = round_facts(event, 4)
    assert facts.points[newcomer.id] == 0
    pairs, _ = pairs_of(rnd)
    partner = next((b if a == newcomer.id else a for a, b in pairs if newcomer.id in (a, b)), None)
    lowest = min(facts.points[p] for p in paired_players(event, 4))
    if partner is not None:
        assert facts.points[partner] <= lowest + 3
    assert our_grade(event, rnd, facts) == reference_optimum(paired_players(event, 4), facts)


def test_a_rematch_only_when_none_can_be_avoided() -> None:
    # Four players after three rounds have all met: round 4 must repeat, twice.
    event = simulate(4, 3, seed=1, draw_rate=0)
    rnd = pair_next_round(event, seed=1)
    facts = round_facts(event, 4)
    pairs, _ = pairs_of(rnd)
    assert sum(1 for a, b in pairs if b in facts.met[a]) == 2
    assert our_grade(event, rnd, facts) == reference_optimum(paired_players(event, 4), facts)


def test_dropped_players_are_never_paired() -> None:
    event = simulate(10, 2, seed=3)
    gone = event.players[0].id
    event = replace(
        event,
        players=tuple(
            replace(p, dropped_after_round=2) if p.id == gone else p for p in event.players
        ),
    )
    rnd = pair_next_round(event, seed=5)
    assert gone not in {pid for m in rnd.matches for pid in m.players}
    check_round(event, rnd)


def test_pairing_a_round_again_ignores_it_and_reproduces_with_its_seed() -> None:
    event = simulate(14, 2, seed=8)
    stored = event.rounds[-1]
    assert stored.seed is not None
    again = pair_next_round(event, seed=stored.seed, round_number=2)
    assert again == pair_next_round(replace(event, rounds=event.rounds[:1]), seed=stored.seed)
    assert [m.players for m in again.matches] == [m.players for m in stored.matches]


def test_an_unfinished_round_is_refused() -> None:
    event = EventData(name="open", players=make_players(4))
    event = replace(event, rounds=(pair_next_round(event, seed=1),))
    with pytest.raises(PairingError, match="without a result"):
        pair_next_round(event, seed=2)


def test_an_unknown_player_in_a_round_is_refused() -> None:
    ghost = Round(number=1, matches=(Match(table=None, players=(PlayerId("ghost"),)),))
    event = EventData(name="ghost", players=make_players(2), rounds=(ghost,))
    with pytest.raises(PairingError, match="ghost"):
        pair_next_round(event, seed=1)


def test_everyone_has_had_a_bye_then_anyone_may_get_another() -> None:
    event = EventData(name="three", players=make_players(3))
    rng = random.Random(5)
    for number in range(1, 5):
        event = advance(event, rng, seed=number)
        check_round(event, event.rounds[-1])
    facts = round_facts(event, 5)
    assert sorted(facts.byes.values()) == [1, 1, 2]


def test_no_players_gives_an_empty_round() -> None:
    rnd = pair_next_round(EventData(name="empty", players=()), seed=1)
    assert rnd.matches == () and rnd.number == 1
