"""What a Game Loss and a Match Loss do to a score, names read loosely, upgrades counted."""

from __future__ import annotations

from pathlib import Path

import pytest

from organizer.core.penalties import (
    DEFAULT_CATEGORIES,
    PENALTIES,
    Given,
    PenaltyError,
    after_game_loss,
    after_match_loss,
    category_named,
    ordinal,
    penalty_named,
    upgrade_flags,
)
from organizer.core.results import Score, check_score


@pytest.mark.parametrize(
    ("score", "best_of", "penalized", "expected"),
    [
        (None, 1, 0, Score(0, 1)),  # a one-game match with no result: the game is the match
        (None, 1, 1, Score(1, 0)),
        (None, 3, 0, None),  # a longer match goes on: its slip counts the game
        (Score(1, 0), 1, 0, Score(0, 1)),  # Warcaste: a won game becomes a lost one
        (Score(0, 0, 1), 1, 0, Score(0, 1)),  # a drawn game becomes a lost one
        (Score(0, 1), 1, 0, Score(0, 1)),  # already lost: no more than the match needs
        (Score(2, 0), 3, 0, Score(2, 1)),  # room for a third game: added
        (Score(2, 1), 3, 0, Score(1, 2)),  # no room: a game the player won is lost instead
        (Score(1, 2), 3, 1, Score(2, 1)),  # player B penalized: seen from B's side
        (Score(1, 1), 3, 0, Score(1, 2)),
        (Score(0, 0, 3), 3, 1, Score(1, 0, 2)),  # an intentional draw: one drawn game lost
        (Score(3, 2), 5, 0, Score(2, 3)),
        (Score(0, 2), 3, 0, Score(0, 2)),
    ],
)
def test_a_game_loss_gives_the_opponent_a_game(
    score: Score | None, best_of: int, penalized: int, expected: Score | None
) -> None:
    after = after_game_loss(score, best_of=best_of, penalized=penalized)
    assert after == expected
    if after is not None:  # always a score the result rules accept
        assert check_score(after, best_of=best_of, draws_allowed=True) == after


@pytest.mark.parametrize(
    ("best_of", "penalized", "expected"),
    [(1, 0, Score(0, 1)), (3, 0, Score(0, 2)), (3, 1, Score(2, 0)), (5, 1, Score(3, 0))],
)
def test_a_match_loss_loses_by_every_game_the_match_needs(
    best_of: int, penalized: int, expected: Score
) -> None:
    assert after_match_loss(best_of=best_of, penalized=penalized) == expected


def test_names_are_read_without_case_or_spaces_and_a_wrong_one_lists_the_choices() -> None:
    assert penalty_named("game loss") == "Game Loss"
    assert penalty_named("MATCHLOSS") == "Match Loss"
    assert category_named("slow-play", DEFAULT_CATEGORIES) == "Slow Play"
    assert category_named("deck/decklist problem", DEFAULT_CATEGORIES) == "Deck/Decklist Problem"
    with pytest.raises(PenaltyError, match="the penalties are: Warning, Game Loss") as err:
        penalty_named("caution")
    assert all(p in str(err.value) for p in PENALTIES)
    with pytest.raises(PenaltyError, match="'Drawing Extra Cards' is not a category"):
        category_named("Drawing Extra Cards", DEFAULT_CATEGORIES)


def test_a_second_warning_of_a_kind_is_an_upgrade_and_other_kinds_are_not() -> None:
    log = [
        Given("p1", "Slow Play", "Warning"),
        Given("p1", "Tardiness", "Warning"),
        Given("p2", "Slow Play", "Warning"),
        Given("p1", "Slow Play", "Game Loss"),
        Given("p1", "Slow Play", "Warning"),
        Given("p1", "Slow Play", "Warning"),
    ]
    assert upgrade_flags(log) == [0, 0, 0, 0, 1, 2]
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 21)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "21st"
    ]  # fmt: skip


def test_the_rules_page_states_the_penalties_and_default_categories() -> None:
    """docs/rules.md decides penalties (the rulebooks have none): it and the code must agree."""
    page = (Path(__file__).resolve().parents[2] / "docs" / "rules.md").read_text(encoding="utf-8")
    section = page.split("## Penalties and the judge log", 1)[1].split("\n## ", 1)[0]
    stated = " ".join(section.split())
    for penalty in PENALTIES:
        assert f"**{penalty}**" in stated, penalty
    assert ", ".join(DEFAULT_CATEGORIES) + "." in stated
    assert "## Deck checks" in page  # services.deck_checks cites it
