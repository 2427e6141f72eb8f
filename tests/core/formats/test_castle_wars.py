"""Castle Wars deck rules ("Deck"; decrees rulebook 2 and 8), each at its boundary.

Every deck is computed from resources/cardpools/sample-castle-wars.csv.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from organizer.core.cardpool import Card
from organizer.core.decklist import Part
from organizer.core.formats.checker import FORMAT_RULES
from tests.core.formats.helpers import (
    Parts,
    add,
    check,
    count,
    drop,
    entries,
    errors,
    of_type,
    sample_pool,
    swap_in,
    take,
)

POOL = sample_pool("castle-wars")
CW = "castle-wars"
CWD = "castle-wars-decrees"
C, M, S = Part.CASTLE, Part.DECK, Part.SIDEBOARD
CASTLES = of_type(POOL, "castle")
DECREES = of_type(POOL, "decree")
OTHERS = [c for c in POOL if c.type not in ("castle", "decree")]


def build(
    size: int = 50,
    side: int = 0,
    copies: int = 3,
    decrees: int = 0,
    avoid: str = "",
    others: Sequence[Card] = OTHERS,
) -> Parts:
    cards = take([c for c in others if c.name != avoid], size - decrees + side, lambda c: copies)
    deck: list[Card] = DECREES[:decrees] + cards[: size - decrees]
    return {C: [(1, CASTLES[0].name)], M: entries(deck), S: entries(cards[size - decrees :])}


DECREES_OTHERS = [c for c in OTHERS if c.type != "item"]
"""The decree rulebook has no items (sections 5-8)."""


def decrees_deck(size: int = 50, decrees: int = 5, avoid: str = "") -> Parts:
    built = build(size, 0, 2, decrees, avoid, DECREES_OTHERS)
    return {p: rows for p, rows in built.items() if p != S}


def test_the_sample_pool_exercises_every_rule() -> None:
    assert len(CASTLES) >= 3 and len(DECREES) >= 6
    assert {"soldier", "mage", "trickster", "item"} <= {c.type for c in OTHERS}
    assert sum(2 for _ in OTHERS) >= 50 and all(c.set == "SAMPLE" for c in POOL)


@pytest.mark.parametrize("fmt", [CW, CWD])
@pytest.mark.parametrize("size", [49, 50, 51])
def test_deck_is_exactly_50(fmt: str, size: int) -> None:
    parts = build(size) if fmt == CW else decrees_deck(size)
    rule = "cw-deck-size" if fmt == CW else "cwd-deck-size"
    assert errors(check(fmt, parts, POOL)) == (set() if size == 50 else {rule})


@pytest.mark.parametrize("n", [3, 4])
def test_three_copies_of_a_card(n: int) -> None:
    card = OTHERS[0].name
    report = check(CW, swap_in(build(avoid=card), M, n, card), POOL)
    assert errors(report) == (set() if n <= 3 else {"cw-copies"})


@pytest.mark.parametrize(("in_deck", "in_side"), [(2, 1), (3, 1)])
def test_copies_count_across_deck_and_side_deck(in_deck: int, in_side: int) -> None:
    card = OTHERS[0].name
    parts = add(swap_in(build(avoid=card), M, in_deck, card), S, in_side, card)
    legal = in_deck + in_side <= 3
    assert errors(check(CW, parts, POOL)) == (set() if legal else {"cw-copies"})


@pytest.mark.parametrize(("side", "castles"), [(10, 0), (11, 0), (9, 1), (10, 1)])
def test_side_deck_holds_10_extra_castles_included(side: int, castles: int) -> None:
    parts = build(side=side)
    for castle in CASTLES[1 : 1 + castles]:
        parts = add(parts, S, 1, castle.name)
    legal = side + castles <= 10
    assert errors(check(CW, parts, POOL)) == (set() if legal else {"cw-side-deck-size"})


@pytest.mark.parametrize("fmt", [CW, CWD])
@pytest.mark.parametrize("castles", [0, 1, 2])
def test_exactly_one_castle_named(fmt: str, castles: int) -> None:
    base = build() if fmt == CW else decrees_deck()
    parts = {**base, C: [(1, c.name) for c in CASTLES[:castles]]}
    assert errors(check(fmt, parts, POOL)) == (set() if castles == 1 else {"cw-castle"})


@pytest.mark.parametrize("fmt", [CW, CWD])
def test_castle_stays_outside_the_50(fmt: str) -> None:
    base = build() if fmt == CW else decrees_deck()
    report = check(fmt, swap_in(base, M, 1, CASTLES[1].name), POOL)
    assert errors(report) == {"cw-castle-place"} and report.errors[0].card == CASTLES[1].name
    soldier_as_castle = {**base, C: [(1, OTHERS[0].name)]}
    assert "cw-castle-place" in errors(check(fmt, soldier_as_castle, POOL))


def after(parts: Parts, out: int, into: list[tuple[int, str]], castle: str | None = None) -> Parts:
    return {C: [(1, castle)] if castle else parts[C], M: [*drop(parts, M, out)[M], *into]}


@pytest.mark.parametrize(("out", "into"), [(3, 3), (3, 2), (2, 3)])
def test_side_deck_swaps_keep_the_deck_at_50(out: int, into: int) -> None:
    parts = build(side=6)
    swap = drop(parts, S, count(parts, S) - into)[S]
    report = check(CW, parts, POOL, after_sideboarding=after(parts, out, swap))
    assert errors(report) == (set() if out == into else {"cw-side-deck-swap"})


def test_a_castle_from_the_side_deck_may_be_swapped_in() -> None:
    parts = add(build(side=5), S, 1, CASTLES[1].name)
    swapped = after(parts, 0, [], castle=CASTLES[1].name)
    assert check(CW, parts, POOL, after_sideboarding=swapped).legal
    elsewhere = after(parts, 0, [], castle=CASTLES[2].name)
    assert errors(check(CW, parts, POOL, after_sideboarding=elsewhere)) == {"cw-side-deck-swap"}
    into_deck = after(parts, 1, [(1, CASTLES[1].name)])
    report = check(CW, parts, POOL, after_sideboarding=into_deck)
    assert errors(report) == {"cw-castle-place"}
    assert report.errors[0].message.startswith("after the side deck swap")


@pytest.mark.parametrize("n", [2, 3])
def test_decrees_format_two_copies_of_a_card(n: int) -> None:
    card = OTHERS[0].name
    report = check(CWD, swap_in(decrees_deck(avoid=card), M, n, card), POOL)
    assert errors(report) == (set() if n <= 2 else {"cwd-copies"})


@pytest.mark.parametrize("n", [1, 2])
def test_one_of_each_decree(n: int) -> None:
    parts = decrees_deck(decrees=4)
    decree = DECREES[0].name
    report = check(CWD, swap_in(parts, M, n - 1, decree) if n > 1 else parts, POOL)
    assert errors(report) == (set() if n == 1 else {"cwd-decree-copies"})


@pytest.mark.parametrize("decrees", [5, 6])
def test_at_most_five_decrees(decrees: int) -> None:
    report = check(CWD, decrees_deck(decrees=decrees), POOL)
    assert errors(report) == (set() if decrees <= 5 else {"cwd-decrees"})
    if decrees > 5:
        assert "6 decrees" in report.errors[0].message


def test_decrees_format_has_no_side_deck() -> None:
    report = check(CWD, add(decrees_deck(), S, 1, DECREES_OTHERS[-1].name), POOL)
    assert errors(report) == {"cwd-parts"}


def test_parts_castle_wars_does_not_have() -> None:
    report = check(CW, add(build(), Part.DOCTRINE, 1, OTHERS[-1].name), POOL)
    assert errors(report) == {"cw-parts"}


def test_every_rule_names_its_rulebook_section() -> None:
    for fmt in (CW, CWD):
        assert all(r.ref.startswith("Castle Wars") for r in FORMAT_RULES[fmt])


ITEMS = of_type(POOL, "item")


def test_each_version_accepts_its_own_card_types_only() -> None:
    """The TCG rulebook has no decrees, the decree rulebook no items (issue 25 item 10)."""
    decree, item = DECREES[0], ITEMS[0]
    tcg = swap_in(build(), M, 1, decree.name)
    report = check(CW, tcg, POOL)
    assert errors(report) == {"cw-card-types"}
    assert "belong to Castle Wars with Decrees (format castle-wars-decrees)" in (
        report.errors[0].message
    )
    with_items = swap_in(decrees_deck(), M, 1, item.name)
    report = check(CWD, with_items, POOL)
    assert errors(report) == {"cwd-card-types"}
    assert "belong to the Castle Wars TCG (format castle-wars)" in report.errors[0].message
    tcg_with_items = swap_in(build(), M, 3, item.name)  # items are TCG cards
    assert check(CW, tcg_with_items, POOL).legal


def test_castle_wars_findings_say_side_deck_never_sideboard() -> None:
    """Castle Wars has a side deck (issue 25 item 13): its findings use its own word."""
    name = OTHERS[0].name
    parts = add(build(side=5), S, 1, name)
    messages = [f.message for f in check(CW, parts, POOL).findings]
    assert any("deck and side deck" in m for m in messages)
    assert not any("sideboard" in m for m in messages)


def test_the_decrees_castle_count_cites_the_sections_that_give_each_player_one_castle() -> None:
    """Issue 36 item 10: 2.3 says the castle is kept outside the deck, not that there is
    exactly one; 4 (both players place their castles) and 9 (your castle) do."""
    two = {**decrees_deck(), C: [(1, c.name) for c in CASTLES[:2]]}
    (finding,) = check(CWD, two, POOL).errors
    assert finding.rule_id == "cw-castle" and "2.3" not in finding.rule_ref
    assert "4 (Beginning of a battle), 9" in finding.rule_ref
    outside = {**decrees_deck(), M: [*decrees_deck()[M], (1, CASTLES[1].name)]}
    place = [f for f in check(CWD, outside, POOL).errors if f.rule_id == "cw-castle-place"]
    assert place and "2.3" in place[0].rule_ref  # the castle kept outside the 50: 2.3
