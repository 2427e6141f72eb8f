"""Reprints in a card pool: when two rows are one card, and when they cannot be.

shared/spec/formats.md, "Card data" (docs/rules.md, "Card data", decided here): a pool
may list one card several times, once per printing (a reprint in a later set, a promo).
Rows with the same name (and boost variant) are one card for every deck rule, so copies
are counted together; they must agree on the facts the rules read (type, attributes,
boost, copy limit, faction), or the pool is unreadable, naming both lines. WTactics: a
card number never changes while the name may be revised ("Deck Building"), so rows with
the same card number are also one card, under either name (both names stay findable;
`formats.wtactics.same_card_groups` counts their copies together).

Must not import Qt, SQL or anything of ours outside organizer.core.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # cardpool.py reads pools through this module
    from organizer.core.cardpool import Card

FACTS = ("type", "attributes", "boost", "boost_value", "copy_limit", "faction")
"""What the deck rules read of a card: printings of one card must agree on these."""


def differences(a: Card, b: Card) -> list[str]:
    """The facts on which two printings disagree, as `type 'unit' / 'tactic'`."""
    out = []
    for fact in FACTS:
        x, y = getattr(a, fact), getattr(b, fact)
        if x != y:
            shown = (", ".join(sorted(v)) if isinstance(v, frozenset) else v for v in (x, y))
            out.append("{} {!r} / {!r}".format(fact.replace("_", " "), *shown))
    return out


def _number(card: Card) -> tuple[str, str] | None:
    if card.game != "wtactics" or not card.number.strip():
        return None
    return (card.game, card.number.strip().casefold())


@dataclass
class Printings:
    """The rows read so far; `add` says whether a new row is a new card, a reprint, or wrong."""

    by_key: dict[tuple[str, str, str | None], tuple[int, Card]] = field(default_factory=dict)
    by_number: dict[tuple[str, str], tuple[int, Card]] = field(default_factory=dict)

    def add(self, card: Card, line: int) -> tuple[bool, list[str]]:
        """(keep the row as a card of its own, problems). A reprint agreeing with the first
        printing is not kept (it is that card); a WTactics row sharing a number under
        another name is kept, so both names find the card."""
        problems: list[str] = []
        keep = True
        first = self.by_key.get(card.key)
        if first is not None:
            keep = False
            problems += _clash(card, first, "the same card")
        same_number = self.by_number.get(_number(card) or ("", ""))
        if same_number is not None and same_number != first:
            problems += _clash(card, same_number, f"card number {card.number}, the same card")
        if not problems and keep:
            self.by_key[card.key] = (line, card)
            number = _number(card)
            if number is not None:
                self.by_number.setdefault(number, (line, card))
        return keep and not problems, problems


def _clash(card: Card, first: tuple[int, Card], what: str) -> list[str]:
    line, other = first
    diff = differences(other, card)
    if not diff:
        return []
    return [
        f"{card.display_name!r} is {what} as line {line} ({other.display_name!r}, another "
        f"printing) but disagrees on {'; '.join(diff)}: printings of one card must agree"
    ]
