"""Banned cards at their boundary (core.formats.bans).

WARS TCG Comprehensive Rules 1.5, Section Three: Rulings: Talkan (1PF3) "can't be used in
sanctioned constructed tournament play"; a `wars-constructed` deck holding it in any number
is illegal. House bans (formats.md, "Banned cards, every format"): an event's own list, whose
finding says "banned for this event". Pools are the sample WARS pool plus Talkan.
"""

from __future__ import annotations

import pytest

from organizer.core.cardpool import Card, CardPool
from organizer.core.decklist import Part, parse_deck_text
from organizer.core.formats.bans import RULEBOOK_BANS
from organizer.core.formats.checker import FORMAT_RULES, check_deck
from organizer.services.kit.resources import resources_dir
from tests.core.formats.helpers import Parts, deck_of, sample_pool, swap_in
from tests.core.formats.test_wars import WARS, build

TALKAN = Card("wars", "Talkan", "character", set="1", number="1PF3")
POOL = CardPool((*sample_pool("wars").cards, TALKAN))
RENAMED = Card("wars", "Talkan, Reprinted", "character", set="2", number="1PF3")


def check(parts: Parts, pool: CardPool = POOL, house: tuple[str, ...] = ()) -> set[str]:
    report = check_deck(WARS, deck_of(parts), pool, house_bans=house)
    return {f.rule_id for f in report.errors}


def test_the_same_deck_without_talkan_is_legal() -> None:
    assert check(build()) == set()


@pytest.mark.parametrize("n", [1, 4])
def test_talkan_in_any_number_makes_a_wars_deck_illegal(n: int) -> None:
    report = check_deck(WARS, deck_of(swap_in(build(), Part.DECK, n, "Talkan")), POOL)
    assert {f.rule_id for f in report.errors} == {"card-banned"}
    (finding,) = report.errors
    assert finding.card == "Talkan" and "banned by the rulebook" in finding.message
    assert finding.rule_ref == "WARS, Section Three: Rulings (Banned)"


def test_the_ban_follows_the_card_number_and_a_card_the_pool_lacks() -> None:
    reprint = CardPool((*sample_pool("wars").cards, RENAMED))
    assert "card-banned" in check(swap_in(build(), Part.DECK, 1, RENAMED.name), reprint)
    unknown = check(swap_in(build(), Part.DECK, 1, "Talkan"), sample_pool("wars"))
    assert unknown == {"card-banned", "card-unknown"}


def test_the_ban_is_a_rule_of_the_format_with_its_section() -> None:
    assert {"wars-constructed": RULEBOOK_BANS["wars-constructed"]} == RULEBOOK_BANS
    assert "card-banned" in {r.id for r in FORMAT_RULES[WARS]}
    assert "card-banned" not in {r.id for r in FORMAT_RULES["castle-wars"]}


def test_a_house_ban_is_banned_for_this_event_only() -> None:
    card = build()[Part.DECK][0][1]
    assert check(build(), house=("Some Other Card",)) == set()
    report = check_deck(WARS, deck_of(build()), POOL, house_bans=(card.upper(),))
    (finding,) = report.errors
    assert finding.rule_id == "card-house-banned" and "banned for this event" in finding.message
    assert "rulebook" not in finding.message


def test_a_wtactics_house_ban_follows_the_card_number_to_its_other_name() -> None:
    """T-014 is "Grove Druid" and, revised, "Grove Druid of the Old Wood" (WTactics "Deck
    Building": the number never changes): banning either name bans both (issue 25 item 6)."""
    text = (resources_dir() / "decklists" / "sample-wtactics-orc.txt").read_text(encoding="utf-8")
    pool = sample_pool("wtactics")
    deck = parse_deck_text(text)
    old, new = pool.find("Grove Druid"), pool.find("Grove Druid of the Old Wood")
    assert old is not None and new is not None and old.number == new.number == "T-014"
    assert check_deck("wtactics-orc", deck, pool).legal
    only_new = parse_deck_text(  # the revised name only, still 50 cards
        text.replace("3 Grove Druid\n", "")
        .replace("6 Militia Recruit", "8 Militia Recruit")
        .replace("5 Spark Wisp", "6 Spark Wisp")
    )
    assert check_deck("wtactics-orc", only_new, pool).legal
    report = check_deck("wtactics-orc", only_new, pool, house_bans=("Grove Druid",))
    (finding,) = (f for f in report.errors if f.rule_id == "card-house-banned")
    assert finding.rule_id == "card-house-banned" and finding.card == "Grove Druid of the Old Wood"
    assert "the same card as Grove Druid: card number T-014" in finding.message
    both = check_deck("wtactics-orc", deck, pool, house_bans=("grove druid of the old wood",))
    assert {f.card for f in both.errors} == {"Grove Druid", "Grove Druid of the Old Wood"}
    other = check_deck("wtactics-orc", deck, pool, house_bans=("Elder Treant",))
    assert {f.card for f in other.errors} == {"Elder Treant"}
