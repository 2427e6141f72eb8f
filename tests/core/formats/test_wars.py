"""WARS TCG deck rules ("building a deck", "unlimited"), each at its boundary.

Every deck is computed from resources/cardpools/sample-wars.csv.
"""

from __future__ import annotations

import pytest

from organizer.core.cardpool import UNLIMITED, Card
from organizer.core.decklist import Part
from organizer.core.formats.checker import FORMAT_RULES
from tests.core.formats.helpers import (
    Parts,
    add,
    check,
    entries,
    errors,
    of_type,
    sample_pool,
    swap_in,
    take,
)

POOL = sample_pool("wars")
WARS = "wars-constructed"
M = Part.DECK
LOCATIONS = of_type(POOL, "location")
UNLIMITED_CARDS = [c for c in POOL if c.copy_limit == UNLIMITED]
PLAIN = [c for c in POOL if c.copy_limit is None and c.type != "location"]
LIMITED = [c for c in POOL if isinstance(c.copy_limit, int)]


def build(size: int = 60, locations: int = 1, avoid: str = "") -> Parts:
    cards: list[Card] = take([c for c in PLAIN if c.name != avoid], size - locations, lambda c: 4)
    cards += take(LOCATIONS, locations, lambda c: 4) if locations else []  # last: kept by drop
    return {M: entries(cards)}


def test_the_sample_pool_exercises_every_rule() -> None:
    assert LOCATIONS and UNLIMITED_CARDS and LIMITED
    assert len(PLAIN) * 4 >= 60 and all(c.set == "SAMPLE" for c in POOL)


@pytest.mark.parametrize("size", [59, 60, 61])
def test_deck_is_exactly_60(size: int) -> None:
    report = check(WARS, build(size), POOL)
    assert errors(report) == (set() if size == 60 else {"wars-deck-size"})


@pytest.mark.parametrize("locations", [0, 1])
def test_at_least_one_location(locations: int) -> None:
    report = check(WARS, build(locations=locations), POOL)
    assert errors(report) == (set() if locations else {"wars-location"})


@pytest.mark.parametrize("n", [4, 5])
def test_four_copies_of_a_card(n: int) -> None:
    card = PLAIN[0].name
    report = check(WARS, swap_in(build(avoid=card), M, n, card), POOL)
    assert errors(report) == (set() if n <= 4 else {"wars-copies"})
    if n > 4:
        assert report.errors[0].card == card and "5 copies" in report.errors[0].message


@pytest.mark.parametrize("n", [4, 5])
def test_four_copies_of_a_location(n: int) -> None:
    location = LOCATIONS[0].name
    report = check(WARS, swap_in(build(), M, n - 1, location), POOL)
    assert errors(report) == (set() if n <= 4 else {"wars-copies"})


def test_any_number_of_an_unlimited_card() -> None:
    card = UNLIMITED_CARDS[0].name
    parts = swap_in(build(), M, 30, card)
    assert check(WARS, parts, POOL).legal


@pytest.mark.parametrize("extra", [0, 1])
def test_a_card_with_its_own_copy_limit(extra: int) -> None:
    card = LIMITED[0]
    assert isinstance(card.copy_limit, int)
    parts = swap_in(build(), M, card.copy_limit + extra, card.name)
    assert errors(check(WARS, parts, POOL)) == (set() if extra == 0 else {"wars-copies"})


def test_wars_has_no_side_deck() -> None:
    report = check(WARS, add(build(), Part.SIDEBOARD, 1, PLAIN[-1].name), POOL)
    assert errors(report) == {"wars-parts"}


def test_unknown_cards_still_count_towards_60() -> None:
    parts = swap_in(build(), M, 1, "Nonexistent Starship Zeta")
    report = check(WARS, parts, POOL, unknown_cards_are_errors=False)
    assert report.legal and report.rule_ids("warning") == {"card-unknown"}


def test_every_rule_names_its_rulebook_section() -> None:
    assert all(r.ref.startswith("WARS") for r in FORMAT_RULES[WARS])
