"""Recommended Swiss rounds and cut, and the single-elimination bracket of the top cut."""

from __future__ import annotations

import pytest

from organizer.core.event import Match, PlayerId, Round
from organizer.core.pairing.topcut import (
    BracketError,
    EventStructure,
    bracket_order,
    build_bracket,
    next_elimination_round,
    recommended_structure,
)


@pytest.mark.parametrize(
    ("players", "rounds", "cut"),
    [
        (0, 0, 0),
        (1, 0, 0),
        (2, 1, 0),
        (3, 2, 0),
        (4, 2, 0),
        (5, 3, 0),
        (8, 3, 0),
        (9, 5, 4),
        (16, 5, 4),
        (17, 5, 8),
        (32, 5, 8),
        (33, 6, 8),
        (64, 6, 8),
        (65, 7, 8),
        (128, 7, 8),
        (129, 8, 8),
        (226, 8, 8),
        (227, 9, 8),
        (409, 9, 8),
        (410, 10, 8),
        (2000, 10, 8),
    ],
)
def test_recommended_structure_follows_appendix_e(players: int, rounds: int, cut: int) -> None:
    assert recommended_structure(players) == EventStructure(swiss_rounds=rounds, top_cut=cut)


def test_bracket_order_is_the_standard_seeding() -> None:
    assert bracket_order(2) == (1, 2)
    assert bracket_order(4) == (1, 4, 2, 3)
    assert bracket_order(8) == (1, 8, 4, 5, 2, 7, 3, 6)
    assert bracket_order(16) == (1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11)


@pytest.mark.parametrize("size", [0, 1, 3, 6, 12])
def test_a_bracket_needs_a_power_of_two(size: int) -> None:
    with pytest.raises(BracketError):
        bracket_order(size)


def ids(count: int) -> list[PlayerId]:
    return [PlayerId(f"s{i}") for i in range(1, count + 1)]


def result(rnd: Round, winners: set[PlayerId]) -> Round:
    """Report `rnd` with the listed players winning 2-1 (the other player wins otherwise)."""
    matches = tuple(
        Match(table=m.table, players=m.players, wins=(2, 1) if m.players[0] in winners else (1, 2))
        for m in rnd.matches
    )
    return Round(number=rnd.number, matches=matches, stage=rnd.stage)


def test_a_top_eight_advances_winners_round_by_round() -> None:
    seeds = ids(8)
    bracket = build_bracket(seeds)
    first = [(m.top.seed, m.bottom.seed) for m in bracket.rounds[0] if m.top and m.bottom]
    assert first == [(1, 8), (4, 5), (2, 7), (3, 6)]
    assert [len(r) for r in bracket.rounds] == [4, 2, 1]
    assert all(m.top is None and m.bottom is None for m in bracket.rounds[1])
    assert bracket.champion is None

    quarter = next_elimination_round(bracket, 9)
    assert quarter is not None and quarter.stage == "elimination" and quarter.number == 9
    assert [m.players for m in quarter.matches] == [
        ("s1", "s8"),
        ("s4", "s5"),
        ("s2", "s7"),
        ("s3", "s6"),
    ]
    assert [m.table for m in quarter.matches] == [1, 2, 3, 4]
    quarter = result(quarter, {PlayerId("s1"), PlayerId("s5"), PlayerId("s7"), PlayerId("s3")})

    bracket = build_bracket(seeds, [quarter])
    semis = [(m.top.seed, m.bottom.seed) for m in bracket.rounds[1] if m.top and m.bottom]
    assert semis == [(1, 5), (3, 7)], "winner of 1-8 meets winner of 4-5; higher seed first"
    semi = next_elimination_round(bracket, 10)
    assert semi is not None
    assert [m.players for m in semi.matches] == [("s1", "s5"), ("s3", "s7")]
    semi = result(semi, {PlayerId("s5"), PlayerId("s3")})

    bracket = build_bracket(seeds, [quarter, semi])
    final = next_elimination_round(bracket, 11)
    assert final is not None and [m.players for m in final.matches] == [("s3", "s5")]
    final = result(final, {PlayerId("s5")})

    bracket = build_bracket(seeds, [quarter, semi, final])
    assert bracket.champion is not None and bracket.champion.player == "s5"
    assert bracket.champion.seed == 5
    assert next_elimination_round(bracket, 12) is None


def test_top_four_and_top_sixteen_first_rounds() -> None:
    top4 = build_bracket(ids(4)).rounds[0]
    assert [(m.top.seed, m.bottom.seed) for m in top4 if m.top and m.bottom] == [(1, 4), (2, 3)]
    top16 = build_bracket(ids(16)).rounds[0]
    assert [(m.top.seed, m.bottom.seed) for m in top16 if m.top and m.bottom] == [
        (1, 16),
        (8, 9),
        (4, 13),
        (5, 12),
        (2, 15),
        (7, 10),
        (3, 14),
        (6, 11),
    ]


def test_an_unreported_match_leaves_its_winner_open() -> None:
    seeds = ids(4)
    first = next_elimination_round(build_bracket(seeds), 6)
    assert first is not None
    reported = Match(table=1, players=first.matches[0].players, wins=(0, 2))
    partly = Round(number=6, matches=(reported, first.matches[1]), stage="elimination")
    bracket = build_bracket(seeds, [partly])
    assert bracket.rounds[0][0].winner is not None and bracket.rounds[0][0].winner.seed == 4
    assert bracket.rounds[0][1].winner is None
    final = bracket.rounds[1][0]
    assert final.top is not None and final.top.seed == 4 and final.bottom is None
    with pytest.raises(BracketError, match="not finished"):
        next_elimination_round(bracket, 7)


def test_bad_seeds_and_extra_rounds_are_refused() -> None:
    with pytest.raises(BracketError):
        build_bracket([PlayerId("a"), PlayerId("a")])
    with pytest.raises(BracketError):
        build_bracket(ids(6))
    rounds = [Round(number=n, matches=(), stage="elimination") for n in (1, 2, 3)]
    with pytest.raises(BracketError, match="3 elimination rounds"):
        build_bracket(ids(4), rounds)
