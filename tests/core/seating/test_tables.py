"""Warcaste Conquest tables (rulebook 8c): table sizes, and Swiss seating checked by brute force.

Points and who-met-whom are recounted here from the rounds (win 3, draw 1 each, loss 0), and
the best split of small events is found by trying every split, independently of the searches
in organizer.core.seating.tables_search.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from organizer.core.event import EventData, Match, Player, PlayerId, Round
from organizer.core.pairing.history import PairingError
from organizer.core.seating import tables_search
from organizer.core.seating.tables import SeatingError, explain_tables, seat_tables, table_sizes

Facts = tuple[dict[PlayerId, int], set[frozenset[PlayerId]]]


def make_event(count: int) -> EventData:
    players = tuple(Player(PlayerId(f"p{i:04d}"), f"Player {i}") for i in range(count))
    return EventData(name="Conquest night", players=players, format_id="warcaste-conquest")


def ids(event: EventData) -> list[PlayerId]:
    return [p.id for p in event.players]


def play(rnd: Round, rng: random.Random, draw_rate: float = 0.15) -> Round:
    """Give every table a random winner, or a draw."""
    matches = []
    for m in rnd.matches:
        if m.is_bye:
            matches.append(m)
        elif rng.random() < draw_rate:
            matches.append(replace(m, draws=1))
        else:
            matches.append(replace(m, winner=rng.choice(m.players)))
    return replace(rnd, matches=tuple(matches))


def random_round(event: EventData, number: int, rng: random.Random) -> Round:
    """A round of random tables (not seated by score), played."""
    order = ids(event)
    rng.shuffle(order)
    cuts = list(itertools.accumulate(table_sizes(len(order)), initial=0))
    tables = [Match(t, tuple(order[a:b])) for t, (a, b) in enumerate(itertools.pairwise(cuts), 1)]
    return play(Round(number, tuple(tables)), rng)


def with_rounds(event: EventData, *rounds: Round) -> EventData:
    return replace(event, rounds=(*event.rounds, *rounds))


def facts(event: EventData) -> Facts:
    points = dict.fromkeys(ids(event), 0)
    met: set[frozenset[PlayerId]] = set()
    for rnd in event.rounds:
        for m in rnd.matches:
            met.update(frozenset(pair) for pair in itertools.combinations(m.players, 2))
            for p in m.players:
                points[p] += 3 if m.winner == p else 1 if m.winner is None else 0
    return points, met


def cost(tables: Sequence[Sequence[PlayerId]], known: Facts) -> tuple[int, int]:
    points, met = known
    pairs = [pair for t in tables for pair in itertools.combinations(t, 2)]
    spread = sum((points[a] - points[b]) ** 2 for a, b in pairs)
    return spread, sum(frozenset(pair) in met for pair in pairs)


def splits(players: list[PlayerId], sizes: Counter[int]) -> Iterator[list[tuple[PlayerId, ...]]]:
    """Every split of `players` into tables of `sizes`, each once."""
    if not players:
        yield []
        return
    first, rest = players[0], players[1:]
    for size in [s for s in sorted(sizes) if sizes[s]]:
        sizes[size] -= 1
        for others in itertools.combinations(rest, size - 1):
            left = [p for p in rest if p not in others]
            for tail in splits(left, sizes):
                yield [(first, *others), *tail]
        sizes[size] += 1


def best_cost(event: EventData) -> tuple[int, int]:
    known = facts(event)
    sizes = Counter(table_sizes(len(event.players)))
    return min(cost(split, known) for split in splits(ids(event), sizes))


def seated(rnd: Round) -> list[tuple[PlayerId, ...]]:
    return [m.players for m in rnd.matches if not m.is_bye]


# --- table sizes -------------------------------------------------------------------------------


SIZES = {3: (3,), 4: (4,), 5: (5,), 6: (3, 3), 7: (4, 3), 8: (4, 4), 9: (4, 5), 10: (4, 3, 3)}
SIZES |= {11: (4, 4, 3), 12: (4, 4, 4), 13: (4, 4, 5), 14: (4, 4, 3, 3), 0: ()}


@pytest.mark.parametrize(("players", "sizes"), SIZES.items())
def test_table_sizes_examples(players: int, sizes: tuple[int, ...]) -> None:
    assert table_sizes(players) == sizes


@pytest.mark.parametrize("players", range(3, 65))
def test_table_sizes_every_count(players: int) -> None:
    sizes = table_sizes(players)
    assert sum(sizes) == players
    assert all(3 <= s <= 5 for s in sizes)
    most_fours = max(
        fours
        for fours in range(players // 4 + 1)
        for fives in range(players // 5 + 1)
        if players - 4 * fours - 5 * fives >= 0 and (players - 4 * fours - 5 * fives) % 3 == 0
    )
    assert sizes.count(4) == most_fours, "as many tables of the preferred size as possible"
    assert list(sizes[most_fours:]) == sorted(sizes[most_fours:], reverse=True)


@given(st.integers(0, 300), st.integers(2, 6), st.integers(0, 3), st.integers(0, 3))
def test_table_sizes_other_bounds(players: int, low: int, up: int, more: int) -> None:
    preferred, high = low + up, low + up + more
    try:
        sizes = table_sizes(players, preferred, low, high)
    except SeatingError:
        options = range(low, high + 1)
        fits = {0}
        for _ in range(players):
            fits |= {f + s for f in fits for s in options if f + s <= players}
        assert players not in fits
        return
    assert sum(sizes) == players and all(low <= s <= high for s in sizes)


def test_table_sizes_refuses_what_cannot_be_played() -> None:
    for players in (1, 2):
        with pytest.raises(SeatingError, match="cannot be split into tables of 3 to 5"):
            table_sizes(players)
    with pytest.raises(SeatingError):
        table_sizes(6, preferred=4, min_size=4, max_size=4)
    with pytest.raises(SeatingError):
        table_sizes(10, preferred=6)


def test_explain_tables() -> None:
    line = "13 players at 3 tables: 4, 4, 5 (2 of the preferred 4; tables seat 3 to 5)"
    assert explain_tables(13) == line
    assert explain_tables(2) == "2 players cannot be split into tables of 3 to 5"


# --- seating -----------------------------------------------------------------------------------


@pytest.mark.parametrize("players", range(3, 65))
def test_round_one_seats_everyone_once(players: int) -> None:
    event = make_event(players)
    rnd = seat_tables(event, seed=players)
    assert rnd.number == 1 and rnd.seed == players and rnd.stage == "swiss"
    assert sorted(p for m in rnd.matches for p in m.players) == sorted(ids(event))
    assert sorted(len(t) for t in seated(rnd)) == sorted(table_sizes(players))
    assert [m.table for m in rnd.matches] == list(range(1, len(rnd.matches) + 1))
    assert rnd == seat_tables(event, seed=players), "reproducible from the seed"
    assert len({seat_tables(event, seed=s).matches for s in range(5)}) > 1


def test_dropped_players_and_awarded_byes() -> None:
    event = make_event(12)
    players = list(event.players)
    players[0] = replace(players[0], dropped_after_round=0)
    players[1] = replace(players[1], awarded_byes=1)
    rnd = seat_tables(replace(event, players=tuple(players)), seed=1)
    assert all(players[0].id not in m.players for m in rnd.matches)
    assert rnd.matches[-1] == Match(table=None, players=(players[1].id,))
    assert sorted(len(t) for t in seated(rnd)) == [3, 3, 4]


def test_unfinished_round_and_too_few_players_are_refused() -> None:
    event = make_event(8)
    with pytest.raises(PairingError):
        seat_tables(with_rounds(event, seat_tables(event, seed=1)), seed=2)
    with pytest.raises(SeatingError):
        seat_tables(make_event(2), seed=1)


def test_equal_points_sit_together() -> None:
    """Round 1 winners (3 points) meet at one table, the drawn table (1 each) floats up."""
    event = make_event(12)
    p = ids(event)
    first = Round(
        1,
        (
            Match(1, tuple(p[0:4]), draws=1),
            Match(2, tuple(p[4:8]), winner=p[4]),
            Match(3, tuple(p[8:12]), winner=p[8]),
        ),
    )
    played = with_rounds(event, first)
    rnd = seat_tables(played, seed=3)
    tables = [set(t) for t in seated(rnd)]
    assert {p[4], p[8]} < tables[0] and len(tables[0] & set(p[0:4])) == 2
    assert tables[2] <= set(p[5:8]) | set(p[9:12]), "the last table holds only 0 points"
    assert cost(seated(rnd), facts(played)) == best_cost(played)


@pytest.mark.parametrize("case", range(60))
def test_objective_is_exact_on_small_events(case: int) -> None:
    """Against every split: the least spread S, then the fewest repeated pairs R."""
    rng = random.Random(case)
    event = make_event(rng.randrange(6, 11))
    for number in range(1, rng.randrange(2, 4)):
        if rng.random() < 0.5:
            rnd = random_round(event, number, rng)
        else:
            rnd = play(seat_tables(event, seed=rng.randrange(1000)), rng)
        event = with_rounds(event, rnd)
    rnd = seat_tables(event, seed=case)
    assert cost(seated(rnd), facts(event)) == best_cost(event)


@pytest.mark.parametrize("case", range(20))
def test_local_search_alone_keeps_the_spread_least(
    case: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without the exact search small events still get the least S, and R no worse than a fill."""
    monkeypatch.setattr(tables_search, "EXACT_LIMIT", 0)
    rng = random.Random(1000 + case)
    event = make_event(rng.randrange(6, 11))
    for number in (1, 2):
        event = with_rounds(event, random_round(event, number, rng))
    got = cost(seated(seat_tables(event, seed=case)), facts(event))
    assert got[0] == best_cost(event)[0]


def no_swap_helps(event: EventData, rnd: Round) -> None:
    """No swap of two equal-points players at different tables lowers the repeats."""
    known = facts(event)
    points = known[0]
    tables = [list(t) for t in seated(rnd)]
    base = cost(tables, known)
    where = {p: i for i, t in enumerate(tables) for p in t}
    for a, b in itertools.combinations(where, 2):
        if points[a] != points[b] or where[a] == where[b]:
            continue
        ta, tb = where[a], where[b]
        swapped = [list(t) for t in tables]
        swapped[ta][swapped[ta].index(a)] = b
        swapped[tb][swapped[tb].index(b)] = a
        assert cost(swapped, known) >= base


@pytest.mark.parametrize(("players", "rounds"), [(17, 3), (24, 4), (40, 5), (64, 6)])
def test_larger_events_are_locally_optimal(players: int, rounds: int) -> None:
    rng = random.Random(players)
    event = make_event(players)
    for _ in range(rounds):
        event = with_rounds(event, play(seat_tables(event, seed=rng.randrange(1000)), rng))
    rnd = seat_tables(event, seed=7)
    no_swap_helps(event, rnd)
    points = facts(event)[0]
    ranked = sorted(ids(event), key=lambda p: -points[p])
    fill, start = [], 0
    for size in table_sizes(players):
        fill.append(ranked[start : start + size])
        start += size
    assert cost(seated(rnd), facts(event))[0] <= cost(fill, facts(event))[0]


def test_tables_are_numbered_from_the_top() -> None:
    rng = random.Random(5)
    event = make_event(30)
    for number in (1, 2):
        event = with_rounds(event, random_round(event, number, rng))
    points = facts(event)[0]
    keys = [sorted(-points[p] for p in t) for t in seated(seat_tables(event, seed=1))]
    assert keys == sorted(keys)


def test_four_thousand_players() -> None:
    rng = random.Random(4000)
    event = make_event(4000)
    for number in (1, 2, 3):
        event = with_rounds(event, random_round(event, number, rng))
    rnd = seat_tables(event, seed=1)
    assert sorted(p for m in rnd.matches for p in m.players) == sorted(ids(event))
    assert sorted(len(t) for t in seated(rnd)) == [4] * 1000
    assert cost(seated(rnd), facts(event))[1] <= 10, "hardly any repeats among 4,000"
