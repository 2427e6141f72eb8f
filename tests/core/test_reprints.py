"""Card pools with reprints (formats.md, "Card data"): one card per name however many
printings, copies counted together; printings that disagree make the pool unreadable,
naming both lines; WTactics rows with the same card number are one card under either name.
"""

from __future__ import annotations

from organizer.core.cardpool import parse_cardpool
from organizer.core.decklist import parse_deck
from organizer.core.formats.checker import check_deck

HEADER = "game,set,number,name,type,subtypes,attributes,faction,boost,hand_size,copy_limit,rarity"


def pool(*rows: str) -> tuple[list[str], list[str]]:
    parsed = parse_cardpool("\n".join((HEADER, *rows)))
    return [c.display_name for c in parsed.pool], [str(p) for p in parsed.problems]


def test_a_reprint_and_a_promo_are_one_card() -> None:
    names, problems = pool(
        "wars,1,1C7,CGC Grunt,character,,,Earther,,,,common",
        "wars,2,2C40,CGC Grunt,character,,,Earther,,,,uncommon",  # a reprint: set, rarity
        "wars,PF,1PF9,cgc  grunt,character,,,Earther,,,,rare",  # a promo, written loosely
    )
    assert (names, problems) == (["CGC Grunt"], [])


def test_printings_that_disagree_make_the_pool_unreadable_naming_both_lines() -> None:
    names, problems = pool(
        "wars,1,1C7,CGC Grunt,character,,,Earther,,,,common",
        "wars,2,2C40,CGC Grunt,character,,,Earther,,,unlimited,common",
    )
    assert names == ["CGC Grunt"]
    (problem,) = problems
    assert problem.startswith("line 3: ") and "as line 2" in problem
    assert "copy limit None / 'unlimited'" in problem


def test_boost_variants_are_different_cards_not_reprints() -> None:
    names, problems = pool(
        "warcaste,S,1,Grunt,unit,,Swarming,,,,,",
        "warcaste,S,2,Grunt,unit,,Swarming,,Bold 2,,,",
        "warcaste,T,7,Grunt,unit,,Swarming,,Bold 2,,,",  # a reprint of the Bold variant
        "warcaste,T,8,Grunt,unit,,Swarming,,Bold 3,,,",  # the Bold variant, another value
    )
    assert names == ["Grunt", "Grunt (Bold)"]
    (problem,) = problems
    assert problem.startswith("line 5: ") and "as line 3" in problem and "boost value" in problem


WT = (
    "wtactics,ORC,17,Squire,creature,,,Kingdom,,,,",
    "wtactics,ORC2,17,Squire Errant,creature,,,Kingdom,,,,",  # renamed, same number
    "wtactics,ORC,90,Home Vale,region,,,,,,,",
)


def wt_deck(squires: int, errants: int) -> str:
    return (
        f"{squires} Squire\n{errants} Squire Errant\n"
        f"{50 - squires - errants} Filler\nRegions:\n1 Home Vale\n"
    )


def test_a_wtactics_card_number_is_one_card_under_either_name() -> None:
    names, problems = pool(*WT)
    assert (names, problems) == (["Squire", "Squire Errant", "Home Vale"], [])
    parsed = parse_cardpool("\n".join((HEADER, *WT, "wtactics,ORC,50,Filler,creature,,,,,,50,")))
    at_limit = check_deck("wtactics-orc", parse_deck(wt_deck(2, 2)), parsed.pool)
    assert at_limit.legal, at_limit.findings
    over = check_deck("wtactics-orc", parse_deck(wt_deck(2, 3)), parsed.pool)
    assert over.rule_ids("error") == {"wt-copies"}
    assert "5 copies of Squire / Squire Errant" in over.errors[0].message


def test_a_wtactics_number_with_other_facts_is_unreadable() -> None:
    _, problems = pool(WT[0], "wtactics,ORC2,17,Squire Errant,equipment,,,Kingdom,,,,")
    (problem,) = problems
    assert "card number 17" in problem and "as line 2" in problem and "type" in problem
