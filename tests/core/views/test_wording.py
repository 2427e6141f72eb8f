"""The one spelling of every number and word a round and a standings show."""

from __future__ import annotations

from fractions import Fraction

from organizer.core.views import wording


def test_percent_has_two_decimals_and_no_sign() -> None:
    assert wording.percent(Fraction(2, 3)) == "66.67"
    assert wording.percent(Fraction(1, 3)) == "33.33"
    assert wording.percent(Fraction(1)) == "100.00"


def test_a_shared_rank_is_a_range_with_an_en_dash() -> None:
    assert wording.rank(3, (3, 3)) == "3"
    assert wording.rank(2, (2, 4)) == "2\u20134"


def test_record_table_and_score_read_as_the_slip() -> None:
    assert wording.record(3, 1, 0) == "3-1-0"
    assert wording.table_label(None) == "\u2013" and wording.table_label(12) == "12"
    assert wording.score((2, 1), 0) == "2-1"
    assert wording.score((1, 1), 1) == "1-1-1"


def test_a_multiplayer_outcome_names_the_winner_or_who_drew() -> None:
    assert wording.outcome("Bo Chen", (), 4) == "Bo Chen wins"
    assert wording.outcome(None, ("Ada", "Bo", "Cy"), 3) == "draw for everyone"
    assert wording.outcome(None, (), 3) == "draw for everyone"
    assert wording.outcome(None, ("Ada", "Cy"), 4) == "draw: Ada, Cy"


def test_counted_takes_the_word_the_number_needs() -> None:
    assert wording.counted(1, "pt", "pts") == "1 pt"
    assert wording.counted(0, "pt", "pts") == "0 pts"
    assert [wording.plural(n, "card") for n in (0, 1, 2)] == ["0 cards", "1 card", "2 cards"]


def test_a_playoff_round_is_named_as_one_on_the_page_and_on_paper() -> None:
    assert wording.round_label(4, "swiss") == "Round 4"
    assert wording.round_label(5, "elimination") == "Round 5 (playoff)"
