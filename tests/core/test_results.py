"""Match results from slips: parsing, possible scores, and no-draw formats."""

from __future__ import annotations

import pytest

from organizer.core.results import ResultError, Score, check_score, parse_score


@pytest.mark.parametrize(
    ("text", "score"),
    [
        ("2-1", Score(2, 1)),
        ("1-1-1", Score(1, 1, 1)),
        ("0:0:3", Score(0, 0, 3)),
        (" 1/0 ", Score(1, 0)),
    ],
)
def test_parse_score(text: str, score: Score) -> None:
    assert parse_score(text) == score


@pytest.mark.parametrize("text", ["", "2", "two-one", "2-1-0-0", "-1-2"])
def test_unreadable_scores(text: str) -> None:
    with pytest.raises(ResultError, match="not a score"):
        parse_score(text)


@pytest.mark.parametrize("text", ["2-0", "2-1", "1-2", "1-1-1", "0-0-3", "1-0", "1-1", "2-1-1"])
def test_possible_best_of_3_scores(text: str) -> None:
    score = parse_score(text)
    assert check_score(score, best_of=3, draws_allowed=True) == score


@pytest.mark.parametrize(
    ("text", "problem"),
    [("3-0", "more than 2"), ("2-2", "both players"), ("0-0", "0-0"), ("0-0-4", "more games")],
)
def test_impossible_best_of_3_scores(text: str, problem: str) -> None:
    with pytest.raises(ResultError, match=problem):
        check_score(parse_score(text), best_of=3, draws_allowed=True)


def test_best_of_1() -> None:
    assert check_score(Score(1, 0), best_of=1, draws_allowed=True) == Score(1, 0)
    assert check_score(Score(0, 0, 1), best_of=1, draws_allowed=True) == Score(0, 0, 1)
    with pytest.raises(ResultError):
        check_score(Score(2, 0), best_of=1, draws_allowed=True)


def test_no_draw_formats_ask_for_the_tie_breaker_of_a_drawn_game() -> None:
    with pytest.raises(ResultError, match="who won the tie breaker"):
        check_score(Score(1, 0, 1), best_of=3, draws_allowed=False)
    # the tie breaker winner takes the drawn game(s), and nothing more (issue 25 item 12)
    assert check_score(Score(1, 0, 1), best_of=3, draws_allowed=False, tiebreak_winner=1) == Score(
        1, 1, 0
    )
    assert check_score(Score(1, 0, 1), best_of=3, draws_allowed=False, tiebreak_winner=0) == Score(
        2, 0, 0
    )
    assert check_score(Score(0, 0, 1), best_of=1, draws_allowed=False, tiebreak_winner=1) == Score(
        0, 1
    )
    # a decided result needs no tie breaker, and may not be given one
    assert check_score(Score(2, 1), best_of=3, draws_allowed=False) == Score(2, 1)
    with pytest.raises(ResultError, match="no drawn game"):
        check_score(Score(2, 1), best_of=3, draws_allowed=False, tiebreak_winner=0)


def test_a_level_match_at_time_is_recorded_as_it_is_never_with_an_invented_game() -> None:
    """WARS 1-1 at time: what happened is a level (drawn) match; no third game is added."""
    assert check_score(Score(1, 1), best_of=3, draws_allowed=False) == Score(1, 1)
    with pytest.raises(ResultError, match="no drawn game"):
        check_score(Score(1, 1), best_of=3, draws_allowed=False, tiebreak_winner=0)
    with pytest.raises(ResultError, match="needs a winner: the players play another game"):
        check_score(Score(1, 1), best_of=3, draws_allowed=False, playoff=True)


def test_tie_breaker_is_refused_where_draws_are_allowed() -> None:
    with pytest.raises(ResultError, match="only asked for"):
        check_score(Score(1, 1), best_of=3, draws_allowed=True, tiebreak_winner=0)


def test_more_games_than_the_match_can_have_are_refused_naming_the_limit() -> None:
    """Issue 36 item 10: 2-1-3 is six games; a best of 3 has at most 5 (docs/rules.md)."""
    with pytest.raises(ResultError, match=r"2-1-3 is 6 games, .* at most 5"):
        check_score(parse_score("2-1-3"), best_of=3, draws_allowed=True)
    assert check_score(parse_score("2-1-2"), best_of=3, draws_allowed=True) == Score(2, 1, 2)
    with pytest.raises(ResultError, match=r"at most 9"):
        check_score(parse_score("3-2-5"), best_of=5, draws_allowed=True)


def test_a_no_draw_match_where_no_game_finished_goes_to_the_tie_breaker() -> None:
    """Issue 36 item 7 (WARS; docs/rules.md): 0-0 is refused with a hint that works,
    0-0-1 with the tie breaker to A is 1-0, and 0-0-3 is never turned into a 2-0."""
    with pytest.raises(ResultError, match=r"enter 0-0-1 .* tie breaker to A makes it 1-0"):
        check_score(Score(0, 0), best_of=3, draws_allowed=False)
    assert check_score(Score(0, 0, 1), best_of=3, draws_allowed=False, tiebreak_winner=0) == Score(
        1, 0
    )
    with pytest.raises(ResultError, match=r"gives 3-0, more than the 2 games"):
        check_score(Score(0, 0, 3), best_of=3, draws_allowed=False, tiebreak_winner=0)
    with pytest.raises(ResultError, match=r"intentional draw is 0-0-3"):  # formats with draws
        check_score(Score(0, 0), best_of=3, draws_allowed=True)
