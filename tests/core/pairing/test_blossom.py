"""The exact minimum-cost perfect matching solver, checked against networkx."""

from __future__ import annotations

import random

import networkx as nx
import pytest

from organizer.core.pairing.blossom import NoPerfectMatchingError, min_cost_perfect_matching

Costs = list[list[int | None]]


def random_costs(rng: random.Random) -> Costs:
    n = rng.choice([2, 4, 6, 8, 10, 14, 20, 30])
    density = rng.random() * 0.9 + 0.1
    top = rng.choice([1, 3, 50, 10**6, 10**15])
    costs: Costs = [[None] * n for _ in range(n)]
    for i in range(n):
        for j in range(i + 1, n):
            if rng.random() < density:
                costs[i][j] = costs[j][i] = rng.randint(0, top)
    return costs


def networkx_cost(costs: Costs) -> int | None:
    n = len(costs)
    graph = nx.Graph()
    graph.add_nodes_from(range(n))
    for i in range(n):
        for j in range(i + 1, n):
            c = costs[i][j]
            if c is not None:
                graph.add_edge(i, j, weight=-c)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    if 2 * len(matching) < n:
        return None
    return sum(costs[a][b] or 0 for a, b in matching)


@pytest.mark.parametrize("seed", range(10))
def test_cost_equals_networkx_on_random_graphs(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(60):
        costs = random_costs(rng)
        expected = networkx_cost(costs)
        if expected is None:
            with pytest.raises(NoPerfectMatchingError):
                min_cost_perfect_matching(costs)
            continue
        mate = min_cost_perfect_matching(costs)
        n = len(costs)
        assert all(mate[mate[i]] == i != mate[i] for i in range(n))
        assert all(costs[i][mate[i]] is not None for i in range(n))
        assert sum(costs[i][mate[i]] or 0 for i in range(n) if i < mate[i]) == expected


def test_trivial_sizes() -> None:
    assert min_cost_perfect_matching([]) == []
    assert min_cost_perfect_matching([[None, 5], [5, None]]) == [1, 0]
    with pytest.raises(NoPerfectMatchingError):
        min_cost_perfect_matching([[None]])
    with pytest.raises(NoPerfectMatchingError):
        min_cost_perfect_matching([[None, None], [None, None]])


def test_a_triangle_with_a_pendant_needs_the_blossom() -> None:
    # 0-1-2 is an odd cycle; 3 hangs off 2. The only perfect matching is 0-1, 2-3.
    costs: Costs = [[None] * 4 for _ in range(4)]
    for a, b, c in ((0, 1, 9), (1, 2, 1), (0, 2, 1), (2, 3, 5)):
        costs[a][b] = costs[b][a] = c
    assert min_cost_perfect_matching(costs) == [1, 0, 3, 2]
