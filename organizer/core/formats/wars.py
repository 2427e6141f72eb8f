"""WARS TCG deck rules for constructed play.

Implements wars-tcg-comprehensive-rules-1.5.md, "building a deck" (exactly 60
cards, at least one location, at most four copies of a card) and "unlimited" (any
number of copies of a card with that keyword, given in a card pool as
`copy_limit` = `unlimited`), as docs/rules.md lists them. A number in a
card's `copy_limit` replaces the four (resources/cardpools/README.md). `RULES` maps the format
id to its rules. WARS has no side deck in its rulebook.

Must not import Qt, SQL or anything of ours outside organizer.core.
"""

from __future__ import annotations

from collections.abc import Iterator

from organizer.core.cardpool import UNLIMITED
from organizer.core.decklist import Part
from organizer.core.formats.report import Finding
from organizer.core.formats.rules import (
    DeckContext,
    Rule,
    Slot,
    copy_limit,
    part_size,
    parts_used,
)

DECK = 60
COPIES = 4
LOCATION_TYPES = ("location", "site", "sector")
"""A location is a site or a sector ("location"); pools may give either as the type."""

_REF = "WARS, building a deck"

PARTS = parts_used("wars-parts", _REF, (Part.DECK,), "WARS decks")
DECK_SIZE = part_size("wars-deck-size", _REF, Part.DECK, exactly=DECK)


def _location(ctx: DeckContext, rule: Rule) -> Iterator[Finding]:
    if not any(s.is_type(*LOCATION_TYPES) for s in ctx.part(Part.DECK)):
        yield rule.error("the deck has no location; it needs at least 1 to start the game with")


LOCATION = Rule("wars-location", _REF, "at least one location", _location)


def card_copy_limit(slot: Slot) -> int | None:
    """4, the card's own number, or None for an unlimited card."""
    if slot.card is None or slot.card.copy_limit is None:
        return COPIES
    if slot.card.copy_limit == UNLIMITED:
        return None
    return slot.card.copy_limit


COPY_LIMIT = copy_limit(
    "wars-copies",
    f"{_REF}; WARS, unlimited",
    (Part.DECK,),
    card_copy_limit,
    "at most 4 copies of a card, any number of an unlimited card",
)

RULES: dict[str, tuple[Rule, ...]] = {
    "wars-constructed": (PARTS, DECK_SIZE, LOCATION, COPY_LIMIT),
}
