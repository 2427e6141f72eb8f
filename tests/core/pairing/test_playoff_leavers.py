"""A player who leaves during the playoff (issue 36 item 3; docs/rules.md "Top cut"): never
seated again; in a bracket the opponent advances on a bye, at a Conquest final table the
others play on, and nobody advances by rule when both players of a match have left."""

from __future__ import annotations

import pytest

from organizer.core.event import Match, PlayerId, Round
from organizer.core.pairing.final_table import FinalTableError, final_table
from organizer.core.pairing.topcut import BothLeftError, build_bracket, next_elimination_round

SEEDS = tuple(PlayerId(f"p{i}") for i in range(1, 5))


def semifinals(winners: tuple[str, str]) -> Round:
    """Top 4: 1-4 and 2-3, won by `winners` (1-0)."""
    pairs = ((SEEDS[0], SEEDS[3]), (SEEDS[1], SEEDS[2]))
    return Round(
        5,
        tuple(
            Match(t, pair, (1, 0) if pair[0] == won else (0, 1))
            for t, (pair, won) in enumerate(zip(pairs, winners, strict=True), 1)
        ),
        stage="elimination",
    )


def test_the_opponent_of_a_finalist_who_left_advances_on_a_bye_and_wins() -> None:
    played = [semifinals(("p1", "p2"))]
    final = next_elimination_round(build_bracket(SEEDS, played), 6, gone={PlayerId("p1")})
    assert final == Round(6, (Match(None, (PlayerId("p2"),)),), stage="elimination")
    over = build_bracket(SEEDS, [*played, final])
    assert over.champion is not None and over.champion.player == "p2"


def test_both_finalists_gone_is_the_tos_decision() -> None:
    bracket = build_bracket(SEEDS, [semifinals(("p4", "p3"))])
    with pytest.raises(BothLeftError, match="the TO decides"):
        next_elimination_round(bracket, 6, gone={PlayerId("p4"), PlayerId("p3")})


def test_a_final_table_plays_on_without_who_left_but_not_below_three() -> None:
    drawn = Match(1, SEEDS, (0, 0, 0, 0), 1)
    table = final_table(SEEDS, [Round(6, (drawn,), stage="elimination")])
    again = table.next_game(7, gone={PlayerId("p2")})
    assert again is not None and again.matches[0].players == ("p1", "p3", "p4")
    replayed = final_table(SEEDS, [Round(6, (drawn,), stage="elimination"), again])
    assert replayed.games[-1].players == ("p1", "p3", "p4")
    with pytest.raises(FinalTableError, match="only 2 of the final table"):
        table.next_game(7, gone={PlayerId("p2"), PlayerId("p3")})
