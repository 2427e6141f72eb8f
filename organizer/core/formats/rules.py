"""The machinery deck rules are built from; the rules themselves live one module per game.

Holds `Slot` (a deck list entry with the card it names, if the pool knows it),
`DeckContext` (what a rule looks at), `Rule` (an id, the rulebook section it
implements, a one-line text and a check that yields every finding) and rule
factories shared by several games: part sizes, parts a format does not have,
cards of a type in the wrong part, copy limits, sideboarding. No rulebook is
implemented here; each factory is given its section by the game module using it.

Must not import Qt, SQL or anything of ours outside organizer.core.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Hashable, Iterable, Iterator, Sequence
from dataclasses import dataclass

from organizer.core.cardpool import Card, normalize_name
from organizer.core.decklist import DeckEntry, Part
from organizer.core.formats.report import Finding
from organizer.core.views.wording import plural


def card_key(card: Card) -> tuple[str, str | None]:
    """Normalised name and boost variant: copies of one card share it."""
    return (normalize_name(card.name), card.boost)


@dataclass(frozen=True, slots=True)
class Slot:
    """One deck list entry and the pool card it names (None when the pool does not know it)."""

    entry: DeckEntry
    card: Card | None

    @property
    def count(self) -> int:
        return self.entry.count

    @property
    def part(self) -> Part:
        return self.entry.part

    @property
    def line(self) -> int:
        return self.entry.line

    @property
    def boost(self) -> str | None:
        return self.card.boost if self.card is not None else self.entry.boost

    @property
    def name(self) -> str:
        """The card's name as the pool prints it (as the list wrote it when unknown)."""
        return self.card.display_name if self.card is not None else self.entry.display_name

    @property
    def key(self) -> tuple[str, str | None]:
        """Normalised name and boost variant: copies of one card share it."""
        if self.card is not None:
            return card_key(self.card)
        return (normalize_name(self.entry.name), self.entry.boost)

    def is_type(self, *types: str) -> bool:
        return self.card is not None and self.card.type in types


@dataclass(frozen=True, slots=True)
class DeckContext:
    """A deck as the rules see it, with what the caller knows around it."""

    format_id: str
    game: str
    slots: tuple[Slot, ...]
    drafted_pool: tuple[Card, ...] | None = None
    after_sideboarding: DeckContext | None = None
    for_player: bool = True
    """The deck is a registered player's (an event's), not a file checked on its own."""

    def part(self, *parts: Part) -> tuple[Slot, ...]:
        return tuple(s for s in self.slots if s.part in parts)

    def count(self, *parts: Part) -> int:
        return sum(s.count for s in self.slots if s.part in parts)


Check = Callable[[DeckContext, "Rule"], Iterable[Finding]]


@dataclass(frozen=True, slots=True)
class Rule:
    """A named deck rule: `check` yields every finding, not just the first."""

    id: str
    ref: str
    text: str
    check: Check

    def run(self, ctx: DeckContext) -> tuple[Finding, ...]:
        return tuple(self.check(ctx, self))

    def error(self, message: str, card: str | None = None, line: int | None = None) -> Finding:
        return Finding(self.id, "error", message, card, line, self.ref)

    def warning(self, message: str, card: str | None = None, line: int | None = None) -> Finding:
        return Finding(self.id, "warning", message, card, line, self.ref)


PART_LABELS: dict[Part, str] = {
    Part.DOCTRINE: "the doctrine",
    Part.DECK: "the deck",
    Part.SIDEBOARD: "the sideboard",
    Part.CASTLE: "the castle",
    Part.REGIONS: "the region pile",
}
GAME_PART_LABELS: dict[str, dict[Part, str]] = {"castle-wars": {Part.SIDEBOARD: "the side deck"}}
"""A game's own words for a part: Castle Wars has a side deck, not a sideboard (issue 25)."""


def part_label(part: Part, game: str = "") -> str:
    """ "the sideboard", or the game's own word ("the side deck" in Castle Wars)."""
    return GAME_PART_LABELS.get(game, {}).get(part, PART_LABELS[part])


def after_words(game: str) -> str:
    """How a finding on the list after the swap begins: Castle Wars swaps its side deck."""
    return "after the side deck swap" if game == "castle-wars" else "after sideboarding"


def article(word: str) -> str:
    """`a castle`, `an equipment`."""
    return f"an {word}" if word[:1].lower() in ("a", "e", "i", "o", "u") else f"a {word}"


def lines_of(slots: Iterable[Slot]) -> str:
    """`line 4` or `lines 4, 12`: where the copies of one card stand."""
    numbers = [str(s.line) for s in slots]
    return f"line {numbers[0]}" if len(numbers) == 1 else f"lines {', '.join(numbers)}"


def part_size(
    rule_id: str,
    ref: str,
    part: Part,
    *,
    exactly: int | None = None,
    at_most: int | None = None,
    label: str | None = None,
) -> Rule:
    """The cards in `part` number exactly `exactly` / at most `at_most`."""
    what = label or PART_LABELS[part]
    text = f"{what}: exactly {exactly} cards" if exactly is not None else f"{what}: 0-{at_most}"

    def check(ctx: DeckContext, rule: Rule) -> Iterator[Finding]:
        n = ctx.count(part)
        if exactly is not None and n != exactly:
            yield rule.error(f"{what} has {plural(n, 'card')}; it must have exactly {exactly}")
        if at_most is not None and n > at_most:
            yield rule.error(f"{what} has {plural(n, 'card')}; it may have at most {at_most}")

    return Rule(rule_id, ref, text, check)


def parts_used(rule_id: str, ref: str, allowed: Collection[Part], decks: str) -> Rule:
    """Cards only in the parts the format has (no castle in a Warcaste list, ...)."""

    def check(ctx: DeckContext, rule: Rule) -> Iterator[Finding]:
        for s in ctx.slots:
            if s.part not in allowed:
                where = part_label(s.part, ctx.game)
                msg = f"{s.name} is listed in {where}, which {decks} do not have"
                yield rule.error(msg, s.name, s.line)

    names = ", ".join(PART_LABELS[p].removeprefix("the ") for p in allowed)
    return Rule(rule_id, ref, f"only these parts: {names}", check)


def placement(
    rule_id: str, ref: str, card_type: str, home: Collection[Part], exclusive: Part | None
) -> Rule:
    """Cards of `card_type` only in `home`; in `exclusive` only cards of that type."""

    def check(ctx: DeckContext, rule: Rule) -> Iterator[Finding]:
        for s in ctx.slots:
            if s.is_type(card_type) and s.part not in home:
                kind = article(card_type)
                msg = f"{s.name} is {kind}; {kind} cannot be in {part_label(s.part, ctx.game)}"
                yield rule.error(msg, s.name, s.line)
            elif s.part == exclusive and s.card is not None and not s.is_type(card_type):
                msg = (
                    f"{s.name} is {article(s.card.type)}, not {article(card_type)}: "
                    f"it cannot be in {part_label(s.part, ctx.game)}"
                )
                yield rule.error(msg, s.name, s.line)

    where = " or ".join(PART_LABELS[p] for p in home)
    return Rule(rule_id, ref, f"a {card_type} only in {where}", check)


def exactly_one(rule_id: str, ref: str, part: Part, noun: str) -> Rule:
    """Exactly one card named in `part` (the doctrine, the castle)."""

    def check(ctx: DeckContext, rule: Rule) -> Iterator[Finding]:
        slots = ctx.part(part)
        n = sum(s.count for s in slots)
        if n == 0:
            yield rule.error(f"no {noun} named; name exactly 1 under '{part.capitalize()}:'")
        elif n > 1:
            names = ", ".join(f"{s.count} {s.name}" for s in slots)
            yield rule.error(
                f"{n} {noun}s named ({names}); name exactly 1",
                slots[0].name if len(slots) == 1 else None,
                slots[0].line,
            )

    return Rule(rule_id, ref, f"exactly 1 {noun}", check)


def copy_limit(
    rule_id: str,
    ref: str,
    parts: Collection[Part],
    limit: Callable[[Slot], int | None],
    text: str,
    key: Callable[[Slot], Hashable] = lambda s: s.key,
) -> Rule:
    """Copies of one card (same `key`) across `parts` add up to at most `limit(slot)`.

    `limit` returning None means the card has no limit (or this rule does not count it).
    """

    def check(ctx: DeckContext, rule: Rule) -> Iterator[Finding]:
        where = " and ".join(part_label(p, ctx.game).removeprefix("the ") for p in parts)
        groups: dict[Hashable, list[Slot]] = {}
        for s in ctx.part(*parts):
            groups.setdefault(key(s), []).append(s)
        for slots in groups.values():
            yield from too_many_copies(rule, slots, limit, f" in {where} ({lines_of(slots)})")

    return Rule(rule_id, ref, text, check)


def too_many_copies(
    rule: Rule, copies: Sequence[Slot], limit: Callable[[Slot], int | None], where: str
) -> Iterator[Finding]:
    """An error when `copies` (the slots of one card) add up to more than the lowest `limit`
    among them (None: no limit), said as `N copies of NAME{where}; at most M allowed`."""
    limits = [n for n in map(limit, copies) if n is not None]
    total = sum(s.count for s in copies)
    if limits and total > min(limits):
        names = " / ".join(dict.fromkeys(s.name for s in copies))
        msg = f"{total} copies of {names}{where}; at most {min(limits)} allowed"
        yield rule.error(msg, copies[0].name, copies[0].line)


def beyond_supply(
    used: Iterable[Slot], supply: Iterable[tuple[Hashable, int]]
) -> Iterator[tuple[Sequence[Slot], int, int]]:
    """Each card `used` more often than `supply` (keys with counts, a key may repeat) holds:
    its slots, the copies used and the copies held, in the order the list names them."""
    held: dict[Hashable, int] = {}
    for key, count in supply:
        held[key] = held.get(key, 0) + count
    by_card: dict[Hashable, list[Slot]] = {}
    for s in used:
        by_card.setdefault(s.key, []).append(s)
    for key, slots in by_card.items():
        total = sum(s.count for s in slots)
        if total > held.get(key, 0):
            yield slots, total, held.get(key, 0)


AFTER_SIDEBOARDING_RULES: dict[str, frozenset[str]] = {}
"""Rule id of each rule `sideboarding` made -> the ids of the rules it already checks on the
list after sideboarding (the deck's size). The checker runs every other rule of the format
on that list too (issue 25: a between-games check keeps every deck rule)."""


def sideboarding(
    rule_id: str,
    ref: str,
    deck_size: int,
    game: str = "",
    covers: tuple[str, ...] = (),
) -> Rule:
    """After swapping with the sideboard the deck again has `deck_size` cards, all of them
    from the registered list. Every other rule of the format but those it `covers` is run on
    that list as well, by the checker (`AFTER_SIDEBOARDING_RULES`). `game` gives the words
    (`after_words`, `part_label`: Castle Wars swaps a side deck)."""
    AFTER_SIDEBOARDING_RULES[rule_id] = frozenset(covers)
    words = after_words(game)
    label = part_label(Part.SIDEBOARD, game).removeprefix("the ")

    def check(ctx: DeckContext, rule: Rule) -> Iterator[Finding]:
        after = ctx.after_sideboarding
        if after is None:
            return
        n = after.count(Part.DECK)
        if n != deck_size:
            yield rule.error(
                f"{words} the deck has {plural(n, 'card')}; it must have exactly {deck_size}"
            )
        registered = ((s.key, s.count) for s in ctx.slots)
        for slots, total, held in beyond_supply(after.slots, registered):
            msg = (
                f"{words}: {total} {slots[0].name}, but the registered deck and {label} hold {held}"
            )
            yield rule.error(msg, slots[0].name, slots[0].line)

    return Rule(rule_id, ref, f"{words} the deck has exactly {deck_size} cards", check)
