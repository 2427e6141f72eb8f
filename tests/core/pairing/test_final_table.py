"""Conquest playoffs as one final table (Warcaste 8c; docs/rules.md "Top cut")."""

from __future__ import annotations

import pytest

from organizer.core.event import Match, PlayerId, Round
from organizer.core.pairing.final_table import FinalTableError, check_size, final_table

SEEDS = tuple(PlayerId(f"p{i}") for i in range(1, 5))


def game(number: int, winner: str | None, reported: bool = True) -> Round:
    wins = tuple(1 if p == winner else 0 for p in SEEDS) if reported else None
    match = Match(
        1, SEEDS, wins, 0 if winner or not reported else 1, PlayerId(winner) if winner else None
    )
    return Round(number, (match,), stage="elimination")


@pytest.mark.parametrize("size", [3, 4, 5])
def test_three_to_five_players_make_a_final_table(size: int) -> None:
    check_size(size)


@pytest.mark.parametrize("size", [1, 2, 6, 8])
def test_other_sizes_are_refused_naming_8c(size: int) -> None:
    with pytest.raises(FinalTableError, match="3, 4 or 5 players \\(Warcaste 8c\\)"):
        check_size(size)


def test_the_first_game_seats_everyone_at_one_table_best_seed_first() -> None:
    first = final_table(SEEDS).next_game(6)
    assert first == Round(6, (Match(1, SEEDS),), stage="elimination")


def test_a_game_without_a_winner_is_played_again_then_the_winner_is_champion() -> None:
    drawn = final_table(SEEDS, [game(6, None)])
    assert drawn.champion is None and drawn.drawn_games == 1
    again = drawn.next_game(7)
    assert again is not None and again.matches[0].players == SEEDS
    won = final_table(SEEDS, [game(6, None), game(7, "p3")])
    assert won.champion == "p3" and won.next_game(8) is None


def test_no_next_game_while_the_last_has_no_result() -> None:
    with pytest.raises(FinalTableError, match="no result yet"):
        final_table(SEEDS, [game(6, None, reported=False)]).next_game(7)


def test_a_round_that_is_not_the_final_table_is_refused() -> None:
    other = Round(6, (Match(1, SEEDS[:2]),), stage="elimination")
    with pytest.raises(FinalTableError, match="round 6 is not the final table"):
        final_table(SEEDS, [other])
