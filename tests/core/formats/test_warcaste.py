"""Warcaste deck rules (rulebook 1a, 1c, 3a, 7a-7c, 8b, 8c), each at its boundary.

Every deck is computed from resources/cardpools/sample-warcaste.csv.
"""

from __future__ import annotations

import pytest

from organizer.core.cardpool import Card, CardPool, parse_cardpool
from organizer.core.decklist import Part, parse_deck_text
from organizer.core.formats.catalog import UnknownFormatError
from organizer.core.formats.checker import FORMAT_RULES, check_deck
from organizer.services.kit.resources import resources_dir
from tests.core.formats.helpers import (
    Parts,
    add,
    check,
    count,
    deck_of,
    drop,
    entries,
    errors,
    of_type,
    sample_pool,
    swap_in,
    take,
)

POOL = sample_pool("warcaste")
CONSTRUCTED = "warcaste-skirmish-constructed"
DRAFT = "warcaste-skirmish-draft"
CONQUEST = "warcaste-conquest"
D, M, S = Part.DOCTRINE, Part.DECK, Part.SIDEBOARD


def limit(card: Card) -> int:
    return 2 if card.boost else 3


def compatible(doctrine: Card, pool: CardPool = POOL) -> list[Card]:
    return [c for c in pool if c.type != "doctrine" and c.attributes & doctrine.attributes]


def room(doctrine: Card) -> int:
    return sum(limit(c) for c in compatible(doctrine))


DOCTRINES = of_type(POOL, "doctrine")
BIG = max(DOCTRINES, key=room)
"""The doctrine with the most compatible cards: room for a 50-card deck or 30 + 11."""


def skirmish(doctrine: Card = BIG, deck: int = 30, side: int = 0, avoid: str = "") -> Parts:
    cards = [c for c in compatible(doctrine) if c.name != avoid]
    chosen = take(cards, deck + side, limit)
    return {D: [(1, doctrine.name)], M: entries(chosen[:deck]), S: entries(chosen[deck:])}


def other_doctrine(doctrine: Card = BIG) -> Card:
    return next(d for d in DOCTRINES if d.name != doctrine.name)


def incompatible(doctrine: Card = BIG) -> Card:
    return next(c for c in POOL if c.type != "doctrine" and not c.attributes & doctrine.attributes)


def test_the_sample_pool_exercises_every_rule() -> None:
    assert len({d.attributes for d in DOCTRINES}) >= 3
    assert {c.type for c in POOL} == {"doctrine", "unit", "tactic", "trap", "territory"}
    assert {c.boost for c in POOL} >= {None, "Bold", "Cunning", "Stalwart"}
    assert room(BIG) >= 50
    assert {c.set for c in POOL} >= {"SAMPLE"} and all("SAMPLE" in c.set for c in POOL)


def test_every_doctrine_can_head_a_legal_deck_when_the_pool_allows() -> None:
    for d in DOCTRINES:
        if room(d) >= 30:
            report = check(CONSTRUCTED, skirmish(d), POOL)
            assert report.legal, (d.name, report.findings)


@pytest.mark.parametrize("size", [29, 30, 31])
def test_deck_is_exactly_30(size: int) -> None:
    report = check(CONSTRUCTED, skirmish(deck=size), POOL)
    assert errors(report) == (set() if size == 30 else {"wc-deck-size"})
    if size != 30:
        assert f"{size} cards" in report.errors[0].message


@pytest.mark.parametrize("side", [0, 10, 11])
def test_sideboard_holds_at_most_10(side: int) -> None:
    report = check(CONSTRUCTED, skirmish(side=side), POOL)
    assert errors(report) == (set() if side <= 10 else {"wc-sideboard-size"})


@pytest.mark.parametrize("fmt", [CONSTRUCTED, CONQUEST, DRAFT])
def test_a_deck_needs_exactly_one_doctrine(fmt: str) -> None:
    size = 50 if fmt == CONQUEST else 30
    base = skirmish(deck=size)
    assert check(fmt, base, POOL).legal
    none = {p: rows for p, rows in base.items() if p != D}
    two = add(base, D, 1, other_doctrine().name)
    double = {**base, D: [(2, BIG.name)]}
    for parts in (none, two, double):
        assert errors(check(fmt, parts, POOL)) == {"wc-doctrine-count"}


def test_doctrine_stays_out_of_deck_and_sideboard() -> None:
    base = skirmish()
    other = other_doctrine().name
    assert errors(check(CONSTRUCTED, swap_in(base, M, 1, other), POOL)) == {"wc-doctrine-place"}
    assert errors(check(CONSTRUCTED, add(base, S, 1, other), POOL)) == {"wc-doctrine-place"}
    moved = {D: [], M: [*drop(base, M)[M], (1, BIG.name)], S: []}
    assert errors(check(CONSTRUCTED, moved, POOL)) == {"wc-doctrine-count", "wc-doctrine-place"}
    unit = of_type(POOL, "unit")[0].name
    assert errors(check(CONSTRUCTED, {**base, D: [(1, unit)]}, POOL)) == {"wc-doctrine-place"}


@pytest.mark.parametrize("fmt", [CONSTRUCTED, CONQUEST])
def test_every_card_shares_an_attribute_with_the_doctrine(fmt: str) -> None:
    base = skirmish(deck=50 if fmt == CONQUEST else 30)
    stranger = incompatible()
    report = check(fmt, swap_in(base, M, 1, stranger.display_name), POOL)
    assert errors(report) == {"wc-compatibility"}
    assert report.errors[0].card == stranger.display_name and BIG.name in report.errors[0].message
    if fmt == CONSTRUCTED:
        in_side = check(fmt, add(base, S, 1, stranger.display_name), POOL)
        assert errors(in_side) == {"wc-compatibility"}


def test_one_shared_attribute_is_enough() -> None:
    for d in DOCTRINES:
        one = [c for c in compatible(d) if len(c.attributes & d.attributes) == 1]
        if room(d) >= 30 and one:
            parts = swap_in(skirmish(d, avoid=one[0].name), M, 1, one[0].display_name)
            assert check(CONSTRUCTED, parts, POOL).legal


def test_factions_do_not_make_a_card_compatible() -> None:
    pairs = [
        (d, c)
        for d in DOCTRINES
        for c in POOL
        if room(d) >= 30 and c.type != "doctrine" and c.faction == d.faction
        if not c.attributes & d.attributes
    ]
    assert pairs, "the sample pool needs a same-faction card without a shared attribute"
    d, c = pairs[0]
    assert errors(check(CONSTRUCTED, swap_in(skirmish(d), M, 1, c.name), POOL)) == {
        "wc-compatibility"
    }


def unboosted(doctrine: Card = BIG) -> Card:
    return next(c for c in compatible(doctrine) if c.boost is None)


@pytest.mark.parametrize("fmt", [CONSTRUCTED, CONQUEST])
@pytest.mark.parametrize("n", [3, 4])
def test_three_copies_of_a_card_without_a_boost(fmt: str, n: int) -> None:
    card = unboosted()
    parts = skirmish(deck=50 if fmt == CONQUEST else 30, avoid=card.name)
    report = check(fmt, swap_in(parts, M, n, card.name), POOL)
    assert errors(report) == (set() if n <= 3 else {"wc-copies"})
    if n > 3:
        assert report.errors[0].card == card.name and "4 copies" in report.errors[0].message


@pytest.mark.parametrize(("in_deck", "in_side"), [(2, 1), (3, 1), (1, 3)])
def test_copies_count_across_deck_and_sideboard(in_deck: int, in_side: int) -> None:
    card = unboosted()
    parts = add(swap_in(skirmish(avoid=card.name), M, in_deck, card.name), S, in_side, card.name)
    legal = in_deck + in_side <= 3
    assert errors(check(CONSTRUCTED, parts, POOL)) == (set() if legal else {"wc-copies"})


@pytest.mark.parametrize("n", [2, 3])
def test_two_copies_of_each_boost_variant(n: int) -> None:
    card = next(c for c in compatible(BIG) if c.boost)
    parts = swap_in(skirmish(avoid=card.name), M, n, card.display_name)
    assert errors(check(CONSTRUCTED, parts, POOL)) == (set() if n <= 2 else {"wc-copies"})


def test_two_of_every_boost_variant_make_six_of_a_name() -> None:
    by_name: dict[str, list[Card]] = {}
    for c in compatible(BIG):
        if c.boost:
            by_name.setdefault(c.name, []).append(c)
    name, variants = max(by_name.items(), key=lambda kv: len(kv[1]))
    assert len(variants) == 3
    parts = skirmish(avoid=name)
    for v in variants:
        parts = swap_in(parts, M, 2, v.display_name)
    assert count(parts, M) == 30 and check(CONSTRUCTED, parts, POOL).legal
    assert errors(check(CONSTRUCTED, add(parts, S, 1, variants[0].display_name), POOL)) == {
        "wc-copies"
    }


def test_a_version_without_boost_and_a_boosted_one_are_counted_apart() -> None:
    names = {c.name for c in compatible(BIG) if c.boost} & {
        c.name for c in compatible(BIG) if not c.boost
    }
    name = sorted(names)[0]
    bold = next(c for c in compatible(BIG) if c.name == name and c.boost).display_name
    parts = swap_in(swap_in(skirmish(avoid=name), M, 3, name), M, 2, bold)
    assert check(CONSTRUCTED, parts, POOL).legal
    assert errors(check(CONSTRUCTED, swap_in(parts, M, 1, bold), POOL)) == {"wc-copies"}


def after(parts: Parts, out: int, into: list[tuple[int, str]]) -> Parts:
    return {D: parts[D], M: [*drop(parts, M, out)[M], *into]}


@pytest.mark.parametrize(("out", "into"), [(2, 2), (2, 1), (1, 2)])
def test_after_sideboarding_the_deck_is_again_30(out: int, into: int) -> None:
    parts = skirmish(side=10)
    swap = drop(parts, S, count(parts, S) - into)[S]
    report = check(CONSTRUCTED, parts, POOL, after_sideboarding=after(parts, out, swap))
    assert errors(report) == (set() if out == into else {"wc-sideboarding"})


def test_after_sideboarding_only_registered_cards() -> None:
    parts = skirmish(side=2)
    used = {name for rows in parts.values() for _, name in rows}
    stranger = next(c for c in compatible(BIG) if c.display_name not in used).display_name
    report = check(CONSTRUCTED, parts, POOL, after_sideboarding=after(parts, 1, [(1, stranger)]))
    assert errors(report) == {"wc-sideboarding"} and report.errors[0].card == stranger
    doctrine_in_deck = after(parts, 1, [(1, BIG.name)])
    report = check(CONSTRUCTED, parts, POOL, after_sideboarding=doctrine_in_deck)
    assert "wc-doctrine-place" in errors(report)


def test_parts_warcaste_does_not_have() -> None:
    report = check(CONSTRUCTED, add(skirmish(), Part.CASTLE, 1, unboosted().name), POOL)
    assert errors(report) == {"wc-parts"}


@pytest.mark.parametrize("size", [49, 50, 51])
def test_conquest_deck_is_exactly_50(size: int) -> None:
    report = check(CONQUEST, skirmish(deck=size), POOL)
    assert errors(report) == (set() if size == 50 else {"wc-conquest-deck-size"})


@pytest.mark.parametrize("side", [0, 1])
def test_conquest_has_no_sideboard(side: int) -> None:
    report = check(CONQUEST, skirmish(deck=50, side=side), POOL)
    assert errors(report) == (set() if side == 0 else {"wc-conquest-sideboard"})


def misspelt(name: str) -> str:
    return name[:3] + name[4:]


@pytest.mark.parametrize("strict", [True, False])
def test_unknown_cards_are_errors_or_warnings_with_did_you_mean(strict: bool) -> None:
    card = unboosted()
    typo = misspelt(card.name)
    parts = swap_in(skirmish(avoid=card.name), M, 1, typo)
    report = check(CONSTRUCTED, parts, POOL, unknown_cards_are_errors=strict)
    assert report.legal is not strict
    (finding,) = [f for f in report.findings if f.rule_id == "card-unknown"]
    assert finding.card == typo and card.name in finding.message and finding.line is not None
    assert finding.severity == ("error" if strict else "warning")


def test_a_boost_variant_the_card_does_not_have_is_unknown() -> None:
    plain = unboosted()
    boosted = next(
        c for c in compatible(BIG) if c.boost and all(v.boost for v in POOL.variants(c.name))
    )
    versions = POOL.variants(boosted.name)
    report = check(CONSTRUCTED, swap_in(skirmish(), M, 1, boosted.name), POOL)
    assert errors(report) == {"card-unknown"} and len(versions) > 1
    assert all(v.display_name in report.errors[0].message for v in versions)
    report = check(CONSTRUCTED, swap_in(skirmish(), M, 1, f"{plain.name} (Cunning)"), POOL)
    assert errors(report) == {"card-unknown"}


def test_names_ignore_case_and_spaces() -> None:
    card = unboosted()
    shouted = "  " + "  ".join(card.name.upper().split()) + " "
    assert check(CONSTRUCTED, swap_in(skirmish(avoid=card.name), M, 1, shouted), POOL).legal


def test_a_card_of_another_game_is_always_an_error() -> None:
    castles = sample_pool("castle-wars")
    both = CardPool(POOL.cards + castles.cards)
    castle = of_type(castles, "castle")[0].name
    report = check(
        CONSTRUCTED, swap_in(skirmish(), M, 1, castle), both, unknown_cards_are_errors=False
    )
    assert errors(report) == {"card-wrong-game"}


def test_an_unreadable_list_is_never_legal() -> None:
    deck = parse_deck_text(f"Doctrine:\n1 {BIG.name}\nDeck:\nthree {unboosted().name}\n")
    report = check_deck(CONSTRUCTED, deck, POOL)
    assert not report.legal and report.errors[0].rule_id == "deck-unreadable"
    assert report.errors[0].line == 4


def test_all_findings_are_reported_not_only_the_first() -> None:
    parts = add(add(skirmish(deck=31, side=11), S, 1, incompatible().name), S, 1, BIG.name)
    report = check(CONSTRUCTED, parts, POOL)
    assert errors(report) >= {
        "wc-deck-size",
        "wc-sideboard-size",
        "wc-compatibility",
        "wc-doctrine-place",
    }


def drafted(doctrine: Card, copies: int = 5, cards: int = 9) -> list[Card]:
    pool = [c for c in POOL if c.set == doctrine.set and c.type != "doctrine"]
    return take(pool[:cards], copies * cards, lambda c: copies)


def draft_deck(doctrine: Card, pool: list[Card], size: int = 30) -> Parts:
    return {D: [(1, doctrine.name)], M: entries(pool[:size]), S: entries(pool[size:])}


@pytest.mark.parametrize("size", [29, 30, 31])
def test_draft_deck_is_exactly_30(size: int) -> None:
    pool = drafted(BIG)
    report = check(DRAFT, draft_deck(BIG, pool, size), POOL, drafted_pool=pool)
    assert errors(report) == (set() if size == 30 else {"wc-draft-deck-size"})


def test_draft_without_a_registered_pool_warns() -> None:
    pool = drafted(BIG)
    report = check(DRAFT, draft_deck(BIG, pool), POOL)
    assert report.legal and report.rule_ids("warning") == {"wc-draft-pool"}
    assert check(DRAFT, draft_deck(BIG, pool), POOL, drafted_pool=pool).findings == ()


@pytest.mark.parametrize("extra", [0, 1])
def test_draft_deck_comes_from_the_drafted_pool(extra: int) -> None:
    pool = drafted(BIG)
    n, name = draft_deck(BIG, pool)[M][0]
    assert n == 5 and not all(c.attributes & BIG.attributes for c in pool)
    parts = swap_in(draft_deck(BIG, pool), M, extra, name) if extra else draft_deck(BIG, pool)
    report = check(DRAFT, {D: parts[D], M: parts[M]}, POOL, drafted_pool=pool)
    assert errors(report) == (set() if extra == 0 else {"wc-draft-pool"})


def test_draft_pool_may_be_given_as_a_list() -> None:
    pool = drafted(BIG)
    as_list = deck_of({M: entries(pool)})
    assert check(DRAFT, draft_deck(BIG, pool), POOL, drafted_pool=as_list).findings == ()


def test_draft_doctrine_is_any_doctrine_of_the_drafted_set() -> None:
    pool = drafted(BIG)
    same_set = [d for d in DOCTRINES if d.set == BIG.set and d.name != BIG.name]
    other_set = [d for d in DOCTRINES if d.set != BIG.set]
    assert same_set and other_set
    assert check(DRAFT, draft_deck(same_set[0], pool), POOL, drafted_pool=pool).legal
    report = check(DRAFT, draft_deck(other_set[0], pool), POOL, drafted_pool=pool)
    assert errors(report) == {"wc-draft-doctrine-set"}


def test_every_rule_names_its_rulebook_section() -> None:
    for fmt in (CONSTRUCTED, DRAFT, CONQUEST):
        for rule in FORMAT_RULES[fmt]:
            assert rule.ref.startswith(("Warcaste", "docs/rules.md")), rule
    with pytest.raises(UnknownFormatError):
        check_deck("warcaste-sealed", deck_of(skirmish()), POOL)


def test_a_pool_read_from_text_checks_the_same() -> None:
    text = "game,name,type,attributes\nwarcaste,Solo Doctrine,doctrine,Swarming\n" + "".join(
        f"warcaste,Card {i},unit,Swarming\n" for i in range(10)
    )
    pool = parse_cardpool(text).pool
    cards = take(compatible(pool.cards[0], pool), 30, limit)
    parts = {D: [(1, "Solo Doctrine")], M: entries(cards)}
    assert check(CONSTRUCTED, parts, pool).legal


REPRINT_POOL = parse_cardpool(
    "game,name,type,set,attributes\n"
    "warcaste,Old Doctrine,doctrine,S1,Swarming\n"
    "warcaste,Lone Doctrine,doctrine,S1,Swarming\n"
    "warcaste,Old Doctrine,doctrine,S2,Swarming\n"  # the reprint in the drafted set
    + "".join(f"warcaste,New Unit {i},unit,S2,Targeting\n" for i in range(10))
).pool


def test_a_doctrine_reprinted_in_the_drafted_set_is_of_the_drafted_set() -> None:
    """8b: "any doctrine from the set they drafted": a reprint there counts (issue 25)."""
    reprinted = REPRINT_POOL.find("Old Doctrine")
    lone = REPRINT_POOL.find("Lone Doctrine")
    assert reprinted is not None and lone is not None
    assert reprinted.set == "S1" and reprinted.sets == {"S1", "S2"}
    pool = take([c for c in REPRINT_POOL if c.type == "unit"], 30, lambda c: 3)
    legal = check(DRAFT, draft_deck(reprinted, pool), REPRINT_POOL, drafted_pool=pool)
    assert legal.legal, legal.findings
    illegal = check(DRAFT, draft_deck(lone, pool), REPRINT_POOL, drafted_pool=pool)
    assert errors(illegal) == {"wc-draft-doctrine-set"}
    assert "Lone Doctrine is printed in S1, not in the drafted set (S2)" in str(
        illegal.errors[0].message
    )


def test_a_list_that_lost_its_doctrine_after_sideboarding_is_illegal() -> None:
    """A between-games check keeps every deck rule (issue 25 item 9), not only the swap's."""
    parts = skirmish(side=10)
    swap = drop(parts, S, count(parts, S) - 2)[S]
    kept = after(parts, 2, swap)
    assert check(CONSTRUCTED, parts, POOL, after_sideboarding=kept).legal
    lost = {M: kept[M]}  # the doctrine is gone
    report = check(CONSTRUCTED, parts, POOL, after_sideboarding=lost)
    assert errors(report) == {"wc-doctrine-count"}
    assert all(f.message.startswith("after sideboarding: ") for f in report.errors)
    two = {D: [*kept[D], (1, other_doctrine().name)], M: kept[M]}
    assert "wc-doctrine-count" in errors(check(CONSTRUCTED, parts, POOL, after_sideboarding=two))


SAMPLE_TEXT = (
    resources_dir() / "decklists" / "sample-warcaste-skirmish-constructed.txt"
).read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("written", "finding"),
    [("(Bold)", False), ("(Bold 1)", False), ("(Bold 3)", True), ("(bold  3)", True)],
)
def test_a_boost_value_the_pool_does_not_have_is_a_finding(written: str, finding: bool) -> None:
    """Smoke Runner's Bold variant is worth 1 in the pool (issue 25 item 13)."""
    text = SAMPLE_TEXT.replace("2 Smoke Runner (Bold)", f"2 Smoke Runner {written}")
    report = check_deck(CONSTRUCTED, parse_deck_text(text), POOL)
    assert report.legal
    found = [f for f in report.findings if "Smoke Runner" in f.message]
    assert bool(found) is finding
    if finding:
        assert found[0].severity == "warning" and found[0].rule_id == "card-boost-value"
        assert "the pool's Bold variant is worth 1" in found[0].message


def test_drafted_cards_count_for_every_set_they_are_printed_in() -> None:
    """8b (issue 36 item 6): units first printed in S1 and reprinted in the drafted set S2
    take S2's doctrine; a doctrine of a set none of them is printed in is still refused."""
    pool = parse_cardpool(
        "game,name,type,set,attributes\n"
        "warcaste,New Doctrine,doctrine,S2,Swarming\n"
        "warcaste,Far Doctrine,doctrine,S3,Swarming\n"
        + "".join(f"warcaste,Old Unit {i},unit,S1,Swarming\n" for i in range(10))
        + "".join(f"warcaste,Old Unit {i},unit,S2,Swarming\n" for i in range(10))
    ).pool
    units = [c for c in pool if c.type == "unit"]
    assert all(c.set == "S1" and c.sets == {"S1", "S2"} for c in units)
    drafted = take(units, 30, lambda c: 3)
    new, far = pool.find("New Doctrine"), pool.find("Far Doctrine")
    assert new is not None and far is not None
    legal = check(DRAFT, draft_deck(new, drafted), pool, drafted_pool=drafted)
    assert legal.legal, legal.findings
    illegal = check(DRAFT, draft_deck(far, drafted), pool, drafted_pool=drafted)
    assert errors(illegal) == {"wc-draft-doctrine-set"}
    assert "printed in S3, not in the drafted set (S1, S2)" in illegal.errors[0].message
