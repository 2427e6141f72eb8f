"""The optimal pairing solver on player indices: fast path, windows and the whole-field fallback."""

from __future__ import annotations

import random
from collections.abc import Sequence, Set

import pytest

from organizer.core.event import PlayerId
from organizer.core.pairing.field import make_field
from organizer.core.pairing.optimum import Pairing, optimal_pairing, pair_by_windows
from organizer.core.pairing.score_groups import Stuck
from tests.core.pairing.simulate import Facts, grade, reference_optimum, round_facts, simulate

Problem = tuple[list[int], list[int], list[set[int]], list[bool]]


def as_facts(
    scores: Sequence[int], opponents: Sequence[Set[int]], eligible: Sequence[bool]
) -> Facts:
    ids = [PlayerId(str(i)) for i in range(len(scores))]
    return Facts(
        points={ids[i]: s for i, s in enumerate(scores)},
        met={ids[i]: {ids[j] for j in opponents[i]} for i in range(len(scores))},
        byes={ids[i]: 0 if ok else 1 for i, ok in enumerate(eligible)},
    )


def graded(result: Pairing, players: list[int], problem: Problem) -> tuple[int, int, int]:
    _, scores, opponents, eligible = problem
    facts = as_facts(scores, opponents, eligible)
    ids = [PlayerId(str(i)) for i in players]
    pairs = [(PlayerId(str(a)), PlayerId(str(b))) for a, b in result.pairs]
    bye = PlayerId(str(result.bye)) if result.bye is not None else None
    return grade(pairs, bye, facts, ids)


def reference(problem: Problem) -> tuple[int, int, int]:
    players, scores, opponents, eligible = problem
    facts = as_facts(scores, opponents, eligible)
    return reference_optimum([PlayerId(str(i)) for i in players], facts)


def check_valid(result: Pairing, problem: Problem) -> None:
    players, _, _, eligible = problem
    seated = [i for pair in result.pairs for i in pair]
    if result.bye is not None:
        seated.append(result.bye)
        assert eligible[result.bye] or not any(eligible[i] for i in players)
    assert sorted(seated) == sorted(players)
    assert (result.bye is None) == (len(players) % 2 == 0)


def random_problem(rng: random.Random) -> Problem:
    """Scores and meetings with no Swiss structure: dense, lopsided, often forcing rematches."""
    n = rng.randint(1, 36)
    step = rng.choice([1, 3])
    scores = [rng.randint(0, rng.randint(1, 8)) * step for _ in range(n)]
    density = rng.random() * 0.6
    opponents: list[set[int]] = [set() for _ in range(n)]
    for a in range(n):
        for b in range(a + 1, n):
            if rng.random() < density:
                opponents[a].add(b)
                opponents[b].add(a)
    eligible = [rng.random() < 0.8 for _ in range(n)]
    return list(range(n)), scores, opponents, eligible


def swiss_problems(count: int, rounds: int, seed: int) -> list[Problem]:
    """The situation before each round of a simulated event (drops included)."""
    event = simulate(count, rounds, seed, draw_rate=0.15, drop_rate=0.04)
    problems = []
    for number in range(2, rounds + 1):
        facts = round_facts(event, number)
        ids = [p.id for p in event.players]
        pos = {pid: i for i, pid in enumerate(ids)}
        players = [i for i, p in enumerate(event.players) if p.active_in(number)]
        scores = [facts.points[pid] for pid in ids]
        opponents = [{pos[o] for o in facts.met[pid]} for pid in ids]
        eligible = [facts.byes[pid] == 0 for pid in ids]
        problems.append((players, scores, opponents, eligible))
    return problems


@pytest.mark.parametrize("seed", range(12))
def test_random_problems_are_solved_exactly(seed: int) -> None:
    rng = random.Random(seed)
    for case in range(40):
        problem = random_problem(rng)
        best = reference(problem)
        for exact_below in (0, 80):
            result = optimal_pairing(*problem, random.Random(case), exact_below=exact_below)
            check_valid(result, problem)
            assert graded(result, problem[0], problem) == best


def test_windows_prove_optimal_pairings_where_score_groups_get_stuck() -> None:
    proven = 0
    for seed in range(14):
        for problem in swiss_problems(random.Random(seed).randint(24, 90), 7, seed):
            field = make_field(*problem, random.Random(seed))
            whole = field.pair(0, field.last)
            if not isinstance(whole, Stuck):
                continue
            result = pair_by_windows(field, whole.group, random.Random(seed))
            if result is None:
                continue
            proven += 1
            check_valid(result, problem)
            assert graded(result, problem[0], problem) == reference(problem)
    assert proven >= 10, "the window search should settle most stuck rounds"


@pytest.mark.parametrize("seed", range(6))
def test_swiss_rounds_are_solved_exactly_without_the_whole_field_shortcut(seed: int) -> None:
    for problem in swiss_problems(random.Random(seed).randint(10, 60), 8, 100 + seed):
        result = optimal_pairing(*problem, random.Random(seed), exact_below=0)
        check_valid(result, problem)
        assert graded(result, problem[0], problem) == reference(problem)


def test_players_may_be_a_subset_of_the_listed_ones() -> None:
    scores = [9, 9, 6, 6, 3, 3]
    opponents: list[set[int]] = [set() for _ in scores]
    result = optimal_pairing([0, 2, 3, 5], scores, opponents, [True] * 6, random.Random(1))
    assert sorted(map(sorted, result.pairs)) == [[0, 2], [3, 5]] or sorted(
        map(sorted, result.pairs)
    ) == [[0, 3], [2, 5]]


def test_nobody_eligible_means_everybody_is() -> None:
    result = optimal_pairing(
        [0, 1, 2], [3, 3, 0], [set(), set(), set()], [False] * 3, random.Random(2)
    )
    assert result.bye == 2
