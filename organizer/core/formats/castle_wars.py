"""Castle Wars deck rules, for both rulebooks (each its own format).

Implements castle-wars-tcg-rulebook.txt, section "Deck" (format `castle-wars`:
50 cards, 3 copies across deck and side deck, one castle outside the 50, a side
deck of up to 10 in which extra castles count), and castle-wars-rulebook-with-
decrees.md, sections 2 and 8 (format `castle-wars-decrees`: 50 cards, 2 copies,
decrees 1 each and 5 in all, one castle outside the 50), with the decisions
docs/rules.md marks "decided here". `RULES` maps each format id to its rules.

Each version accepts its own card types only (issue 25; decided here): the TCG
rulebook's "Types of Cards" are castles, soldiers, mages, tricksters and items
(no decrees); the decree rulebook's are castles, soldiers, mages, tricksters and
decrees (sections 5-8, no items). One card pool serves both, so a card of the
other version's type is an error that names the version it belongs to.

Must not import Qt, SQL or anything of ours outside organizer.core.
"""

from __future__ import annotations

from collections.abc import Iterator

from organizer.core.decklist import Part
from organizer.core.formats.report import Finding
from organizer.core.formats.rules import (
    DeckContext,
    Rule,
    Slot,
    copy_limit,
    exactly_one,
    part_size,
    parts_used,
    placement,
    sideboarding,
)

DECK = 50
SIDE_DECK_MAX = 10
COPIES = 3
DECREES_COPIES = 2
DECREE_COPIES = 1
DECREES_MAX = 5

_CW = "Castle Wars, Deck"
_CWD = "Castle Wars (decrees)"

PARTS = parts_used("cw-parts", _CW, (Part.DECK, Part.SIDEBOARD, Part.CASTLE), "Castle Wars decks")
CASTLE_COUNT = exactly_one(
    "cw-castle", f"{_CW}; docs/rules.md (decided here: exactly one named)", Part.CASTLE, "castle"
)
CASTLE_PLACE = placement(
    "cw-castle-place", _CW, "castle", (Part.CASTLE, Part.SIDEBOARD), Part.CASTLE
)
DECK_SIZE = part_size("cw-deck-size", _CW, Part.DECK, exactly=DECK)
SIDE_DECK_SIZE = part_size(
    "cw-side-deck-size",
    _CW,
    Part.SIDEBOARD,
    at_most=SIDE_DECK_MAX,
    label="the side deck (extra castles included)",
)
COPY_LIMIT = copy_limit(
    "cw-copies",
    f"{_CW}; docs/rules.md (decided here: deck and side deck together)",
    (Part.DECK, Part.SIDEBOARD),
    lambda s: COPIES,
    "at most 3 copies of a card, deck and side deck together",
)
SIDE_DECK_SWAP = sideboarding(
    "cw-side-deck-swap", _CW, DECK, game="castle-wars", covers=("cw-deck-size",)
)

DECREES_PARTS = parts_used(
    "cwd-parts", f"{_CWD} 2", (Part.DECK, Part.CASTLE), "Castle Wars decks with decrees"
)
DECREES_CASTLE_COUNT = exactly_one(  # one castle a player: 4 "place their castles", 9
    "cw-castle",
    f"{_CWD} 4 (Beginning of a battle), 9; docs/rules.md (decided here: exactly one named)",
    Part.CASTLE,
    "castle",
)
DECREES_CASTLE_PLACE = placement(
    "cw-castle-place", f"{_CWD} 2.3", "castle", (Part.CASTLE,), Part.CASTLE
)
DECREES_DECK_SIZE = part_size("cwd-deck-size", f"{_CWD} 2.1", Part.DECK, exactly=DECK)


def _not_decree(slot: Slot) -> int | None:
    return None if slot.is_type("decree") else DECREES_COPIES


def _decree(slot: Slot) -> int | None:
    return DECREE_COPIES if slot.is_type("decree") else None


DECREES_COPY_LIMIT = copy_limit(
    "cwd-copies", f"{_CWD} 2.2", (Part.DECK,), _not_decree, "at most 2 copies of a card"
)
DECREE_COPY_LIMIT = copy_limit(
    "cwd-decree-copies", f"{_CWD} 2.2, 8.2", (Part.DECK,), _decree, "at most 1 of each decree"
)


def _decree_total(ctx: DeckContext, rule: Rule) -> Iterator[Finding]:
    decrees = [s for s in ctx.part(Part.DECK) if s.is_type("decree")]
    total = sum(s.count for s in decrees)
    if total > DECREES_MAX:
        names = ", ".join(s.name for s in decrees)
        yield rule.error(f"{total} decrees in the deck ({names}); at most {DECREES_MAX}")


DECREE_TOTAL = Rule("cwd-decrees", f"{_CWD} 8.2", "at most 5 decrees in all", _decree_total)


def card_types(rule_id: str, ref: str, foreign: str, home: str, home_id: str) -> Rule:
    """No card of type `foreign`, which only the other version's rulebook has."""

    def check(ctx: DeckContext, rule: Rule) -> Iterator[Finding]:
        for slot in ctx.slots:
            if slot.is_type(foreign):
                article = "an" if foreign[0] in "aeiou" else "a"
                yield rule.error(
                    f"{slot.name} is {article} {foreign}: {foreign}s belong to {home} "
                    f"(format {home_id}), not to this version's rulebook",
                    slot.name,
                    slot.line,
                )

    return Rule(rule_id, ref, f"no {foreign}s (another version's card type)", check)


TCG_TYPES = card_types(
    "cw-card-types",
    "Castle Wars, Types of Cards",
    "decree",
    "Castle Wars with Decrees",
    "castle-wars-decrees",
)
DECREES_TYPES = card_types(
    "cwd-card-types", f"{_CWD} 5-8", "item", "the Castle Wars TCG", "castle-wars"
)

RULES: dict[str, tuple[Rule, ...]] = {
    "castle-wars": (
        PARTS,
        CASTLE_COUNT,
        CASTLE_PLACE,
        DECK_SIZE,
        SIDE_DECK_SIZE,
        COPY_LIMIT,
        TCG_TYPES,
        SIDE_DECK_SWAP,
    ),
    "castle-wars-decrees": (
        DECREES_PARTS,
        DECREES_CASTLE_COUNT,
        DECREES_CASTLE_PLACE,
        DECREES_DECK_SIZE,
        DECREES_COPY_LIMIT,
        DECREE_COPY_LIMIT,
        DECREE_TOTAL,
        DECREES_TYPES,
    ),
}
