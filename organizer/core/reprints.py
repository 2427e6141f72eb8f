"""Reprints in a card pool: when two rows are one card, and when they cannot be.

shared/spec/formats.md, "Printing data" (docs/rules.md, "Printing data", decided here): a pool
may list one card several times, once per printing (a reprint in a later set, a promo).
Rows with the same name (and boost variant) are one card for every deck rule, so copies
are counted together; they must agree on the facts the rules read (type, attributes,
boost, copy limit, faction), or the pool is unreadable, naming both lines. WTactics: a
card number never changes while the name may be revised ("Deck Building"), so rows with
the same card number are also one card, under either name (both names stay findable;
`formats.wtactics.same_card_groups` counts their copies together).

A row is read through `Printing` (what this module asks of a `core.cardpool.Card`),
so it imports nothing of `core.cardpool`, which reads pools through this module.
Must not import Qt, SQL or anything of ours outside organizer.core.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol


class Printing(Protocol):
    """What this module reads of a pool's row (`core.cardpool.Card` is one)."""

    @property
    def game(self) -> str: ...
    @property
    def number(self) -> str: ...
    @property
    def key(self) -> tuple[str, str, str | None]: ...
    @property
    def display_name(self) -> str: ...


FACTS = ("type", "attributes", "boost", "boost_value", "copy_limit", "faction")
"""What the deck rules read of a card: printings of one card must agree on these."""


def differences(a: Printing, b: Printing) -> list[str]:
    """The facts on which two printings disagree, as `type 'unit' / 'tactic'`."""
    out = []
    for fact in FACTS:
        x, y = getattr(a, fact), getattr(b, fact)
        if x != y:
            shown = (", ".join(sorted(v)) if isinstance(v, frozenset) else v for v in (x, y))
            out.append("{} {!r} / {!r}".format(fact.replace("_", " "), *shown))
    return out


def _number(card: Printing) -> tuple[str, str] | None:
    if card.game != "wtactics" or not card.number.strip():
        return None
    return (card.game, card.number.strip().casefold())


@dataclass
class Printings:
    """The rows read so far; `add` says whether a new row is a new card, a reprint, or wrong."""

    by_key: dict[tuple[str, str, str | None], tuple[int, Printing]] = field(default_factory=dict)
    by_number: dict[tuple[str, str], tuple[int, Printing]] = field(default_factory=dict)

    def add(self, card: Printing, line: int) -> tuple[bool, list[str]]:
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


def _clash(card: Printing, first: tuple[int, Printing], what: str) -> list[str]:
    line, other = first
    diff = differences(other, card)
    if not diff:
        return []
    return [
        f"{card.display_name!r} is {what} as line {line} ({other.display_name!r}, another "
        f"printing) but disagrees on {'; '.join(diff)}: printings of one card must agree"
    ]
