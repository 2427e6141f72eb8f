"""How a setting is typed: each reader takes what a TO types and says what is wrong with the
rest, and `shown` writes a value so its reader reads it back."""

from __future__ import annotations

from typing import Any

import pytest

from organizer.core.setting_readers import (
    CARD_NAMES,
    CATEGORIES,
    DEADLINE,
    MATCH_POINTS,
    TIEBREAKER_ORDER,
    Reader,
    one_of,
    shown,
    whole_number,
    yes_no,
)


@pytest.mark.parametrize(("text", "value"), [("yes", True), (" ON ", True), ("0", False)])
def test_yes_or_no_in_the_usual_words(text: str, value: bool) -> None:
    assert yes_no(text) is value


def test_a_word_that_is_neither_yes_nor_no_is_refused() -> None:
    with pytest.raises(ValueError, match="'maybe' is not yes or no"):
        yes_no("maybe")


def test_one_of_a_few_words_ignores_case_and_gives_the_word_as_declared() -> None:
    paper = one_of(("A4", "Letter"))
    assert paper(" letter ") == "Letter"
    with pytest.raises(ValueError, match="'B5' is not A4 or Letter"):
        paper("B5")


def test_a_whole_number_within_its_bounds_names_the_bounds_and_their_rule() -> None:
    pods = whole_number((2, 8), rule="Warcaste 8b: pods of up to 8")
    assert pods("2") == 2 and pods(" 8") == 8
    with pytest.raises(ValueError, match=r"^9 is not between 2 and 8 \(Warcaste 8b"):
        pods("9")
    with pytest.raises(ValueError, match="'eight' is not a whole number"):
        pods("eight")


def test_the_value_meaning_none_is_taken_outside_the_bounds() -> None:
    minutes = whole_number((1, 600), unset=(0, "the rulebook's"))
    assert [minutes(t) for t in ("0", "1", "600")] == [0, 1, 600]
    with pytest.raises(ValueError, match=r"^-5 is not 0 \(the rulebook's\) or between 1 and 600$"):
        minutes("-5")


def test_match_points_are_three_numbers_a_win_above_a_loss_a_draw_between() -> None:
    assert MATCH_POINTS.parse("5, 2, 1") == (5, 2, 1)
    assert MATCH_POINTS.parse("3/1/0") == (3, 1, 0)
    for bad in ("3,1", "1,3,0", "0,0,0", "3,one,0"):
        with pytest.raises(ValueError, match=repr(bad)):
            MATCH_POINTS.parse(bad)


def test_an_empty_tiebreaker_order_is_the_formats_own_and_an_unknown_name_is_refused() -> None:
    assert TIEBREAKER_ORDER.parse(" points, gw ,omw") == ("points", "gw", "omw")
    assert TIEBREAKER_ORDER.parse("  ") is None
    with pytest.raises(ValueError, match="unknown tiebreaker 'luck'"):
        TIEBREAKER_ORDER.parse("points,luck")


def test_card_names_are_split_at_semicolons_once_each_as_bans_compare_names() -> None:
    assert CARD_NAMES.parse(" Kal, the Dark ;  talkan;Talkan ;\nMoonlit  Relic") == (
        "Kal, the Dark",
        "talkan",
        "Moonlit Relic",
    )
    assert CARD_NAMES.parse("") == ()


def test_penalty_categories_need_one_and_are_kept_once_without_regard_to_case() -> None:
    assert CATEGORIES.parse("Marked Cards, marked cards,Tardiness") == ("Marked Cards", "Tardiness")
    with pytest.raises(ValueError, match="at least one category"):
        CATEGORIES.parse(" , ")


@pytest.mark.parametrize(
    ("text", "value"), [("", "round 1"), ("R1", "round 1"), ("9:05", "09:05"), ("23:59", "23:59")]
)
def test_the_deck_deadline_is_round_1_or_a_time_of_day(text: str, value: str) -> None:
    assert DEADLINE.parse(text) == value


@pytest.mark.parametrize("bad", ["24:00", "10:5", "noon", "10:60"])
def test_a_deadline_that_is_no_time_of_day_is_refused(bad: str) -> None:
    with pytest.raises(ValueError, match="'round 1' or a time of day"):
        DEADLINE.parse(bad)


@pytest.mark.parametrize(
    ("reader", "value"),
    [
        (Reader(yes_no), True),
        (Reader(yes_no), False),
        (MATCH_POINTS, (4, 2, 0)),
        (TIEBREAKER_ORDER, ("points", "ogw")),
        (TIEBREAKER_ORDER, None),
        (CARD_NAMES, ("Iron Banner", "Siege Ladder, Large")),
        (CATEGORIES, ("Tardiness", "Slow Play")),
        (DEADLINE, "10:30"),
    ],
)
def test_a_value_shown_is_read_back_as_the_same_value(reader: Reader, value: Any) -> None:
    text = shown(value, reader.joiner)
    assert reader.parse(text) == value


def test_shown_writes_lists_by_their_joiner_and_none_as_nothing() -> None:
    assert shown(("A, b", "C"), CARD_NAMES.joiner) == "A, b; C"
    assert shown(None) == "" and shown(True) == "yes" and shown(7) == "7"
