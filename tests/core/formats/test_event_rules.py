"""Format facts at the rulebooks' edges (core.formats.event_rules): a Warcaste match is one
game (1d), a draft pod seats up to 8 (8b), pods only in draft formats, a one-game match
has one game (core.results)."""

from __future__ import annotations

import pytest

from organizer.core.formats.catalog import format_info
from organizer.core.formats.event_rules import (
    FormatRuleError,
    check_best_of,
    check_pod_size,
    check_pods,
)
from organizer.core.results import ResultError, Score, check_score


@pytest.mark.parametrize("format_id", ["warcaste-skirmish-constructed", "warcaste-conquest"])
def test_a_warcaste_match_is_one_game(format_id: str) -> None:
    check_best_of(format_info(format_id), 1)
    with pytest.raises(FormatRuleError, match=r"one game \(Warcaste 1d\)"):
        check_best_of(format_info(format_id), 3)


def test_other_games_choose_1_3_or_5() -> None:
    for n in (1, 3, 5):
        check_best_of(format_info("castle-wars"), n)
    with pytest.raises(FormatRuleError, match="1, 3 or 5"):
        check_best_of(format_info("castle-wars"), 2)


def test_a_pod_seats_up_to_8() -> None:
    check_pod_size(2)
    check_pod_size(8)
    for size in (1, 9):
        with pytest.raises(FormatRuleError, match="8b"):
            check_pod_size(size)


def test_pods_only_in_draft_formats() -> None:
    check_pods(format_info("warcaste-skirmish-draft"))
    with pytest.raises(FormatRuleError, match="not a draft format"):
        check_pods(format_info("wars-constructed"))


def test_a_one_game_match_has_one_game() -> None:
    for legal in (Score(1, 0), Score(0, 1), Score(0, 0, 1)):
        assert check_score(legal, best_of=1, draws_allowed=True) == legal
    for illegal in (Score(1, 0, 1), Score(0, 1, 1)):
        with pytest.raises(ResultError, match="1d"):
            check_score(illegal, best_of=1, draws_allowed=True)
    assert check_score(Score(1, 0, 1), best_of=3, draws_allowed=True) == Score(1, 0, 1)
