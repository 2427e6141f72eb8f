"""WTactics deck rules ("Deck Building", card footer copy limit), each at its boundary.

Every deck is computed from resources/cardpools/sample-wtactics.csv.
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

POOL = sample_pool("wtactics")
WT = "wtactics-orc"
M, R = Part.DECK, Part.REGIONS
REGIONS = of_type(POOL, "region")
_NUMBERS = [c.number for c in POOL]
RENAMED = [c for c in POOL if _NUMBERS.count(c.number) > 1]
"""Cards printed under two names with one card number: the same card."""
PLAIN = [c for c in POOL if c.copy_limit is None and c.type != "region" and c not in RENAMED]
OWN_LIMIT = sorted((c for c in POOL if isinstance(c.copy_limit, int)), key=lambda c: c.number)


def build(size: int = 50, regions: int = 3, avoid: str = "") -> Parts:
    """A 50-card army deck of PLAIN cards; the first 3 regions are loyal to all their
    factions (Gaia, Ironhold, Ashen Court), so the loyalty rule holds."""
    cards: list[Card] = take([c for c in PLAIN if c.name != avoid], size, lambda c: 4)
    return {M: entries(cards), R: [(1, r.name) for r in REGIONS[:regions]]}


def test_the_sample_pool_exercises_every_rule() -> None:
    assert REGIONS and RENAMED and any(c.copy_limit == UNLIMITED for c in POOL)
    limits = [c.copy_limit for c in OWN_LIMIT if isinstance(c.copy_limit, int)]
    assert min(limits) < 4 < max(limits)
    assert len(PLAIN) * 4 >= 50 and all(c.set == "SAMPLE" for c in POOL)


@pytest.mark.parametrize("size", [49, 50, 51])
def test_army_deck_is_exactly_50_besides_the_regions(size: int) -> None:
    report = check(WT, build(size, regions=3), POOL)
    assert errors(report) == (set() if size == 50 else {"wt-deck-size"})


@pytest.mark.parametrize("regions", [0, 3])
def test_a_region_pile_is_needed(regions: int) -> None:
    report = check(WT, build(regions=regions), POOL)
    assert errors(report) == (set() if regions else {"wt-region-pile"})


def test_regions_go_in_the_pile_and_only_regions() -> None:
    report = check(WT, swap_in(build(), M, 1, REGIONS[-1].name), POOL)
    assert errors(report) == {"wt-region-place"}
    base = build()
    unused = next(c.name for c in PLAIN if all(c.name != name for _, name in base[M]))
    report = check(WT, add(base, R, 1, unused), POOL)
    assert errors(report) == {"wt-region-place"}


@pytest.mark.parametrize("n", [4, 5])
def test_four_copies_of_a_card(n: int) -> None:
    card = PLAIN[0].name
    report = check(WT, swap_in(build(avoid=card), M, n, card), POOL)
    assert errors(report) == (set() if n <= 4 else {"wt-copies"})


@pytest.mark.parametrize("card", OWN_LIMIT, ids=lambda c: c.name)
@pytest.mark.parametrize("extra", [0, 1])
def test_the_footer_sets_the_copy_limit(card: Card, extra: int) -> None:
    assert isinstance(card.copy_limit, int)
    parts = swap_in(build(), M, card.copy_limit + extra, card.name)
    assert errors(check(WT, parts, POOL)) == (set() if extra == 0 else {"wt-copies"})


def test_a_footer_may_allow_any_number() -> None:
    card = next(c for c in POOL if c.copy_limit == UNLIMITED)
    assert check(WT, swap_in(build(), M, 20, card.name), POOL).legal


@pytest.mark.parametrize(("first", "second"), [(2, 2), (3, 2), (1, 4)])
def test_same_card_number_is_the_same_card(first: int, second: int) -> None:
    a, b = RENAMED[:2]
    assert a.number == b.number and a.name != b.name
    parts = swap_in(swap_in(build(), M, first, a.name), M, second, b.name)
    report = check(WT, parts, POOL)
    assert errors(report) == (set() if first + second <= 4 else {"wt-copies"})
    if first + second > 4:
        assert a.name in report.errors[0].message and b.name in report.errors[0].message


def test_same_name_is_the_same_card_across_lines() -> None:
    card = PLAIN[0].name
    parts = swap_in(swap_in(build(avoid=card), M, 3, card), M, 2, card.upper())
    assert errors(check(WT, parts, POOL)) == {"wt-copies"}


def test_wtactics_has_no_sideboard_or_doctrine() -> None:
    assert errors(check(WT, add(build(), Part.SIDEBOARD, 1, PLAIN[-1].name), POOL)) == {"wt-parts"}


def test_every_rule_names_its_rulebook_section() -> None:
    assert all(r.ref.startswith("WTactics") for r in FORMAT_RULES[WT])


def _region(name: str) -> tuple[int, str]:
    return (1, name)


def loyalty_deck(regions: list[str], blight: int = 4) -> Parts:
    """`blight` Creeping Blight (Ashen Court) and cards of no faction to 50, with `regions`."""
    plain = [(4, "Wandering Sellsword"), (4, "Sudden Ambush")]
    assert all(not card.faction for _, name in plain if (card := POOL.find(name)))
    wisps = 50 - 8 - blight  # Spark Wisp: no faction, any number of copies
    return {
        M: [*plain, (wisps, "Spark Wisp"), *([(blight, "Creeping Blight")] if blight else [])],
        R: [_region(r) for r in regions],
    }


def test_a_card_no_region_of_the_pile_is_loyal_to_breaks_the_loyalty_restrictions() -> None:
    """Issue 36 item 9 ("Deck Building", loyalty): 4 Creeping Blight without an Ashen
    Court region can never be played: illegal; with Ashen Wastes in the pile: legal."""
    illegal = check(WT, loyalty_deck(["Whispering Glade", "Ironhold Pass"]), POOL)
    assert errors(illegal) == {"wt-loyalty"}
    (finding,) = illegal.errors
    assert finding.card == "Creeping Blight" and "Ashen Court" in finding.message
    assert "the region pile supports Gaia, Ironhold" in finding.message
    legal = check(WT, loyalty_deck(["Whispering Glade", "Ashen Wastes"]), POOL)
    assert legal.legal, legal.findings
    assert not [f for f in legal.findings if f.rule_id == "wt-loyalty"]


def test_a_card_of_no_faction_needs_no_region_and_two_factions_need_one_region() -> None:
    """Cards without a faction play under any region; a region loyal to two factions
    (Riverfork Vale: Gaia/Ironhold) supports both."""
    assert check(WT, loyalty_deck(["Whispering Glade"], blight=0), POOL).legal
    mixed = loyalty_deck(["Riverfork Vale"], blight=8)
    mixed[M] = [*mixed[M][:-1], (4, "Glade Warden"), (4, "Ironhold Pikeman")]
    report = check(WT, mixed, POOL)
    assert report.legal, report.findings
    assert "wt-loyalty" not in errors(report), report.findings


def test_a_region_whose_loyalty_the_pool_omits_gives_a_warning_not_an_error() -> None:
    """Sunken Archive has no faction in the sample pool: what it supports is unknown."""
    report = check(WT, loyalty_deck(["Whispering Glade", "Sunken Archive"]), POOL)
    assert "wt-loyalty" not in errors(report)
    warned = [f for f in report.findings if f.rule_id == "wt-loyalty"]
    assert warned and warned[0].severity == "warning"
    assert "the loyalty of Sunken Archive is not in the card pool" in warned[0].message
