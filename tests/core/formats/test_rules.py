"""The two counts several games' rules share: too many copies, more than a supply holds."""

from __future__ import annotations

from organizer.core.decklist import DeckEntry, Part
from organizer.core.formats.rules import Rule, Slot, beyond_supply, too_many_copies

RULE = Rule("x-copies", "Book 1a", "at most N copies", lambda ctx, rule: ())


def slot(count: int, name: str, line: int, boost: str | None = None) -> Slot:
    return Slot(DeckEntry(count, name, boost, Part.DECK, line), None)


def test_copies_over_the_lowest_limit_are_one_error_at_the_first_line() -> None:
    copies = [slot(2, "Ember Scout", 3), slot(2, "ember scout", 9)]
    limits = {3: 4, 9: 3}  # the stricter limit of the two counts
    (finding,) = too_many_copies(RULE, copies, lambda s: limits[s.line], " (lines 3, 9)")
    assert (
        finding.message == "4 copies of Ember Scout / ember scout (lines 3, 9); at most 3 allowed"
    )
    assert (finding.rule_id, finding.severity, finding.card, finding.line) == (
        "x-copies",
        "error",
        "Ember Scout",
        3,
    )


def test_copies_within_the_limit_or_without_one_are_fine() -> None:
    copies = [slot(3, "Ember Scout", 3)]
    assert list(too_many_copies(RULE, copies, lambda s: 3, "")) == []
    assert list(too_many_copies(RULE, [slot(40, "Peasant", 1)], lambda s: None, "")) == []


def test_beyond_supply_names_each_card_used_more_often_than_held() -> None:
    scout, guard, mage = slot(2, "Scout", 1), slot(1, "Guard", 2), slot(1, "Mage", 3)
    more_scouts = slot(1, "scout", 4)
    supply = [(scout.key, 1), (scout.key, 1), (guard.key, 1)]  # a key may come once a card
    found = list(beyond_supply([scout, guard, mage, more_scouts], supply))
    assert found == [([scout, more_scouts], 3, 2), ([mage], 1, 0)]
