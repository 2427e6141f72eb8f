"""WTactics (Original Rules Concept) deck rules.

Implements wtactics-original-rules-concept.txt, "Deck Building": an army deck
of exactly 50 cards plus a region pile (the Chapter) kept apart; usually at most
4 copies of a card, but the card's footer (`copy_limit` in a card pool) may allow
more or fewer; a card is the same card as another when it has the same card
number or the same name. Region cards live in the region pile ("Region (3)",
"Card States"); decided here: the pile holds at least one region, as a player
with no region has lost. Loyalty ("Deck Building": the army deck is composed
"within the limits of the loyalty restrictions"; a card of a faction the active
region does not support cannot be played, a card of no faction always can):
decided here, a card of the army deck whose factions no region of the pile
supports could never be played, so it breaks the loyalty restrictions (an error);
where a region's loyalty is not in the card pool it cannot be checked (a warning).
`RULES` maps the format id to its rules.

Must not import Qt, SQL or anything of ours outside organizer.core.
"""

from __future__ import annotations

from collections.abc import Iterator

from organizer.core.cardpool import UNLIMITED, Card, normalize_name
from organizer.core.decklist import Part
from organizer.core.formats.report import Finding
from organizer.core.formats.rules import (
    DeckContext,
    Rule,
    Slot,
    lines_of,
    part_size,
    parts_used,
    placement,
    too_many_copies,
)

DECK = 50
COPIES = 4

_REF = "WTactics, Deck Building"

PARTS = parts_used("wt-parts", _REF, (Part.DECK, Part.REGIONS), "WTactics decks")
DECK_SIZE = part_size("wt-deck-size", _REF, Part.DECK, exactly=DECK, label="the army deck")
REGION_PLACE = placement(
    "wt-region-place", f"{_REF}; Region (3)", "region", (Part.REGIONS,), Part.REGIONS
)


def _region_pile(ctx: DeckContext, rule: Rule) -> Iterator[Finding]:
    if ctx.count(Part.REGIONS) == 0:
        yield rule.error("no region pile: list at least 1 region under 'Regions:'")


REGION_PILE = Rule(
    "wt-region-pile",
    f"{_REF}; Region (3); docs/rules.md (decided here)",
    "a region pile of at least 1 region",
    _region_pile,
)


def same_card_groups(slots: tuple[Slot, ...]) -> list[list[Slot]]:
    """Slots grouped so that cards sharing a card number or a name are one group."""
    parent = list(range(len(slots)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    first: dict[tuple[str, str], int] = {}
    for i, s in enumerate(slots):
        marks = [("name", normalize_name(s.card.name if s.card else s.entry.name))]
        if s.card is not None and s.card.number:
            marks.append(("number", s.card.number.strip().casefold()))
        for mark in marks:
            j = first.setdefault(mark, i)
            parent[root(i)] = root(j)
    groups: dict[int, list[Slot]] = {}
    for i, s in enumerate(slots):
        groups.setdefault(root(i), []).append(s)
    return list(groups.values())


def card_copy_limit(slot: Slot) -> int | None:
    """4, the number in the card's footer, or None when the footer allows any number."""
    limit = slot.card.copy_limit if slot.card is not None else None
    if limit is None:
        return COPIES
    return None if limit == UNLIMITED else int(limit)


def _copies(ctx: DeckContext, rule: Rule) -> Iterator[Finding]:
    for group in same_card_groups(ctx.part(Part.DECK, Part.REGIONS)):
        where = f" ({lines_of(group)}; same card number or name)"
        yield from too_many_copies(rule, group, card_copy_limit, where)


COPY_LIMIT = Rule(
    "wt-copies",
    f"{_REF}; Card Layout 6 (footer)",
    "at most 4 copies of a card unless its footer says otherwise; same number or name = same card",
    _copies,
)


def factions(card: Card) -> frozenset[str]:
    """The factions a card belongs to (a region: those it is loyal to); `Gaia/Ironhold` is two."""
    return frozenset(f.strip() for f in card.faction.split("/") if f.strip())


def _loyalty(ctx: DeckContext, rule: Rule) -> Iterator[Finding]:
    regions = [s for s in ctx.part(Part.REGIONS) if s.is_type("region") and s.card is not None]
    if not regions:
        return  # no region pile: wt-region-pile says so
    loyal = [factions(s.card) for s in regions if s.card is not None]
    unknown = [s.name for s in regions if s.card is not None and not factions(s.card)]
    supported = frozenset().union(*loyal)
    for s in ctx.part(Part.DECK):
        belongs = factions(s.card) if s.card is not None else frozenset()
        if not belongs or any(belongs <= region for region in loyal):
            continue
        what = f"{s.name} ({'/'.join(sorted(belongs))})"
        pile = f"the region pile supports {_listed(supported)}"
        if unknown:
            yield rule.warning(
                f"{what}: {pile}; the loyalty of {_listed(frozenset(unknown))} is not in the "
                "card pool, so whether it can be played cannot be checked",
                s.name,
                s.line,
            )
        else:
            yield rule.error(
                f"{what} can never be played: no region of the pile is loyal to "
                f"{'all of ' if len(belongs) > 1 else ''}{'/'.join(sorted(belongs))} ({pile})",
                s.name,
                s.line,
            )


def _listed(names: frozenset[str]) -> str:
    return ", ".join(sorted(names)) or "no faction"


LOYALTY = Rule(
    "wt-loyalty",
    f"{_REF} (loyalty restrictions); docs/rules.md (decided here)",
    "every card of a faction is supported by a region of the pile",
    _loyalty,
)

RULES: dict[str, tuple[Rule, ...]] = {
    "wtactics-orc": (PARTS, DECK_SIZE, REGION_PILE, REGION_PLACE, COPY_LIMIT, LOYALTY),
}
