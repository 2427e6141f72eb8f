"""Warcaste deck rules for Skirmish Constructed, Skirmish Draft and Conquest.

Implements warcaste-comprehensive-rules.md: 1a (Skirmish deck, sideboard), 1c
(sideboarding back to 30), 2f (boost variants), 2g and 7b (compatibility through
shared attributes; factions do not count), 3a and 7a (exactly one doctrine, outside
the 30), 7c (copies per name and boost variant), 8b (draft) and 8c (Conquest), as
docs/rules.md lists them. `RULES` maps each format id to its rules.

Must not import Qt, SQL or anything of ours outside organizer.core.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from organizer.core.cardpool import Card
from organizer.core.decklist import Part
from organizer.core.formats.report import Finding
from organizer.core.formats.rules import (
    DeckContext,
    Rule,
    Slot,
    beyond_supply,
    card_key,
    copy_limit,
    exactly_one,
    part_size,
    parts_used,
    placement,
    sideboarding,
)

SKIRMISH_DECK = 30
CONQUEST_DECK = 50
SIDEBOARD_MAX = 10
COPIES_WITHOUT_BOOST = 3
COPIES_PER_BOOST_VARIANT = 2

PARTS = parts_used(
    "wc-parts", "Warcaste 7a", (Part.DOCTRINE, Part.DECK, Part.SIDEBOARD), "Warcaste decks"
)
DOCTRINE_COUNT = exactly_one("wc-doctrine-count", "Warcaste 3a, 7a", Part.DOCTRINE, "doctrine")
DRAFT_DOCTRINE_COUNT = exactly_one(
    "wc-doctrine-count",
    "Warcaste 3a; docs/rules.md (decided here: a draft list must name it)",
    Part.DOCTRINE,
    "doctrine",
)
DOCTRINE_PLACE = placement(
    "wc-doctrine-place", "Warcaste 3a, 1a", "doctrine", (Part.DOCTRINE,), Part.DOCTRINE
)
DECK_SIZE = part_size("wc-deck-size", "Warcaste 7a, 1a", Part.DECK, exactly=SKIRMISH_DECK)
SIDEBOARD_SIZE = part_size(
    "wc-sideboard-size", "Warcaste 1a, 7a", Part.SIDEBOARD, at_most=SIDEBOARD_MAX
)
CONQUEST_DECK_SIZE = part_size(
    "wc-conquest-deck-size", "Warcaste 8c, 1a", Part.DECK, exactly=CONQUEST_DECK
)


def _no_sideboard(ctx: DeckContext, rule: Rule) -> Iterator[Finding]:
    for s in ctx.part(Part.SIDEBOARD):
        yield rule.error(f"{s.name} is in the sideboard; Conquest has no sideboard", s.name, s.line)


CONQUEST_SIDEBOARD = Rule("wc-conquest-sideboard", "Warcaste 8c", "no sideboard", _no_sideboard)
DRAFT_DECK_SIZE = part_size("wc-draft-deck-size", "Warcaste 8b", Part.DECK, exactly=SKIRMISH_DECK)


def _copies(slot: Slot) -> int:
    return COPIES_PER_BOOST_VARIANT if slot.boost else COPIES_WITHOUT_BOOST


COPIES = copy_limit(
    "wc-copies",
    "Warcaste 7c, 1a",
    (Part.DECK, Part.SIDEBOARD),
    _copies,
    "at most 3 copies of a card without a boost, 2 of each boost variant, "
    "deck and sideboard together",
)


def doctrine(ctx: DeckContext) -> Card | None:
    """The one doctrine the list names, when it names exactly one the pool knows."""
    slots = ctx.part(Part.DOCTRINE)
    if len(slots) == 1 and slots[0].count == 1 and slots[0].is_type("doctrine"):
        return slots[0].card
    return None


def _listed(words: Iterable[str], empty: str = "none") -> str:
    """Attributes or sets as a finding names them: "Fire, Water", or `empty` for none."""
    return ", ".join(sorted(words)) or empty


def _compatibility(ctx: DeckContext, rule: Rule) -> Iterator[Finding]:
    chief = doctrine(ctx)
    if chief is None:
        return
    for s in ctx.part(Part.DECK, Part.SIDEBOARD):
        if s.card is None or s.is_type("doctrine") or s.card.attributes & chief.attributes:
            continue
        msg = (
            f"{s.name} (attributes: {_listed(s.card.attributes)}) shares no attribute with "
            f"the doctrine {chief.name} ({_listed(chief.attributes)})"
        )
        yield rule.error(msg, s.name, s.line)


COMPATIBILITY = Rule(
    "wc-compatibility",
    "Warcaste 7b, 2g, 3a",
    "every card in deck and sideboard shares an attribute with the doctrine",
    _compatibility,
)


def _drafted_pool(ctx: DeckContext, rule: Rule) -> Iterator[Finding]:
    if ctx.drafted_pool is None:
        yield rule.warning(
            "no drafted pool is registered for this player: the deck cannot be checked against it"
            if ctx.for_player
            else "no drafted pool to check against (the deck is checked on its own, outside an "
            "event): register it with the player's list to check it"
        )
        return
    drafted = ((card_key(card), 1) for card in ctx.drafted_pool)
    for slots, total, held in beyond_supply(ctx.part(Part.DECK, Part.SIDEBOARD), drafted):
        msg = f"{total} {slots[0].name} in deck and sideboard, but the drafted pool holds {held}"
        yield rule.error(msg, slots[0].name, slots[0].line)


DRAFTED_POOL = Rule(
    "wc-draft-pool",
    "Warcaste 8b",
    "every card of deck and sideboard from the player's drafted pool",
    _drafted_pool,
)


def _doctrine_set(ctx: DeckContext, rule: Rule) -> Iterator[Finding]:
    chief = doctrine(ctx)
    if chief is None:
        return
    if ctx.drafted_pool is not None:
        cards = list(ctx.drafted_pool)
    else:
        cards = [s.card for s in ctx.part(Part.DECK, Part.SIDEBOARD) if s.card is not None]
    # each card counts for every set it is printed in, the doctrine too (8b; issue 36)
    drafted_sets = {name for c in cards if c.type != "doctrine" for name in c.sets}
    if drafted_sets and not chief.sets & drafted_sets:
        slot = ctx.part(Part.DOCTRINE)[0]
        msg = (
            f"the doctrine {chief.name} is printed in {_listed(chief.sets, '(none)')}, "
            f"not in the drafted set ({_listed(drafted_sets)})"
        )
        yield rule.error(msg, chief.name, slot.line)


DOCTRINE_SET = Rule(
    "wc-draft-doctrine-set", "Warcaste 8b", "the doctrine is of the drafted set", _doctrine_set
)
SIDEBOARDING = sideboarding(
    "wc-sideboarding",
    "Warcaste 1c",
    SKIRMISH_DECK,
    covers=("wc-deck-size", "wc-draft-deck-size"),
)

RULES: dict[str, tuple[Rule, ...]] = {
    "warcaste-skirmish-constructed": (
        PARTS,
        DOCTRINE_COUNT,
        DOCTRINE_PLACE,
        DECK_SIZE,
        SIDEBOARD_SIZE,
        COMPATIBILITY,
        COPIES,
        SIDEBOARDING,
    ),
    "warcaste-skirmish-draft": (
        PARTS,
        DRAFT_DOCTRINE_COUNT,
        DOCTRINE_PLACE,
        DRAFT_DECK_SIZE,
        DRAFTED_POOL,
        DOCTRINE_SET,
        SIDEBOARDING,
    ),
    "warcaste-conquest": (
        PARTS,
        DOCTRINE_COUNT,
        DOCTRINE_PLACE,
        CONQUEST_DECK_SIZE,
        CONQUEST_SIDEBOARD,
        COMPATIBILITY,
        COPIES,
    ),
}
