"""Checking a deck list against a format: the one entry point, `check_deck`.

Looks every entry up in the card pool (an unknown name is an error, or a warning
when the organizer says so, with "did you mean"; a card of another game is always
an error), then runs every rule of the format (one module per game: warcaste,
castle_wars, wars, wtactics) and collects all findings into a LegalityReport. A
list with unreadable lines is never legal (docs/rules.md, "Deck lists").
The rules are those of docs/rules.md, each citing its rulebook section.

Must not import Qt, SQL or anything of ours outside organizer.core.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace

from organizer.core.cardpool import Card, CardPool
from organizer.core.decklist import DeckEntry, DeckList
from organizer.core.formats import castle_wars, warcaste, wars, wtactics
from organizer.core.formats.bans import RULEBOOK_BAN, house_ban_rule, rulebook_bans
from organizer.core.formats.catalog import format_info
from organizer.core.formats.report import Finding, LegalityReport
from organizer.core.formats.rules import (
    AFTER_SIDEBOARDING_RULES,
    DeckContext,
    Rule,
    Slot,
    after_words,
)

FORMAT_RULES: dict[str, tuple[Rule, ...]] = {
    format_id: (*rules, RULEBOOK_BAN) if rulebook_bans(format_id) else rules
    for format_id, rules in {
        **warcaste.RULES,
        **castle_wars.RULES,
        **wars.RULES,
        **wtactics.RULES,
    }.items()
}
"""Each format's rules, the rulebook's bans last where it has any (WARS: Talkan)."""


def _nothing(ctx: DeckContext, rule: Rule) -> Iterator[Finding]:
    return iter(())


READABLE = Rule(
    "deck-unreadable",
    "docs/rules.md, Deck lists",
    "every line of the list can be read",
    _nothing,
)
KNOWN_CARD = Rule(
    "card-unknown", "docs/rules.md, Card data", "every card is in the card pool", _nothing
)
BOOST_VALUE = Rule(
    "card-boost-value",
    "docs/rules.md, Card data",
    "a boost value written on a list is the card pool's",
    _nothing,
)
SAME_GAME = Rule(
    "card-wrong-game",
    "docs/rules.md, Card data",
    "every card is a card of the format's game",
    _nothing,
)


def find_card(pool: CardPool, entry: DeckEntry, game: str) -> Card | None:
    """The card an entry names, in the format's game; `Name (Bold)` may also be a plain name."""
    card = pool.find(entry.name, entry.boost, game)
    if card is None and entry.boost is not None:
        card = pool.find(entry.display_name, None, game)
    return card


class _Resolver:
    def __init__(self, pool: CardPool, game: str, unknown_is_error: bool) -> None:
        self.pool, self.game, self.unknown_is_error = pool, game, unknown_is_error
        self.findings: list[Finding] = []
        self.game_is_empty = game not in pool.games

    def slots(self, deck: DeckList, prefix: str = "") -> tuple[Slot, ...]:
        for p in deck.problems:
            msg = f"{prefix}unreadable line {p.line} ({p.text.strip()!r}): {p.message}"
            self.findings.append(READABLE.error(msg, None, p.line))
        return tuple(Slot(e, self.card(e, prefix)) for e in deck.entries)

    def card(self, entry: DeckEntry, prefix: str) -> Card | None:
        card = find_card(self.pool, entry, self.game)
        if card is not None:
            self._check_boost_value(entry, card, prefix)
            return card
        name = entry.display_name
        other = self.pool.find(entry.name, entry.boost)
        if other is not None and not self.pool.variants(entry.name, self.game):
            msg = f"{prefix}{name} is a {other.game} card ({other.type}), not a {self.game} card"
            self.findings.append(SAME_GAME.error(msg, name, entry.line))
            return None
        if self.game_is_empty:
            msg = f"{prefix}{name} is not in the card pool, which holds no {self.game} cards"
        elif self.pool.variants(entry.name, self.game):
            variant = f"no {entry.boost} variant" if entry.boost else "no version without a boost"
            options = ", ".join(self.pool.suggest(entry.name, self.game))
            msg = f"{prefix}{entry.name} has {variant} in the card pool; did you mean {options}?"
        else:
            close = self.pool.suggest(entry.name, self.game)
            hint = f"; did you mean {', '.join(close)}?" if close else ""
            msg = f"{prefix}{name} is not in the card pool{hint}"
        make = KNOWN_CARD.error if self.unknown_is_error else KNOWN_CARD.warning
        self.findings.append(make(msg, name, entry.line))
        return None

    def _check_boost_value(self, entry: DeckEntry, card: Card, prefix: str) -> None:
        """`Name (Bold 3)` where the pool's Bold variant is worth another value: the line
        does not describe the card the pool has (a finding; issue 25)."""
        if entry.boost_value is None or entry.boost_value == card.boost_value:
            return
        has = (
            f"the pool's {card.boost} variant is worth {card.boost_value}"
            if card.boost_value is not None
            else f"the pool gives no value for its {card.boost or 'boost'} variant"
        )
        msg = (
            f"{prefix}{entry.name} ({entry.boost} {entry.boost_value}): {has}; "
            "check the list against the card"
        )
        self.findings.append(BOOST_VALUE.warning(msg, card.display_name, entry.line))

    def pool_cards(self, drafted: Sequence[Card] | DeckList) -> tuple[Card, ...]:
        if not isinstance(drafted, DeckList):
            return tuple(drafted)
        cards: list[Card] = []
        for e in drafted.entries:
            card = find_card(self.pool, e, self.game)
            if card is None:
                msg = f"the drafted pool names {e.display_name}, which is not in the card pool"
                self.findings.append(KNOWN_CARD.warning(msg, e.display_name, e.line))
            else:
                cards.extend([card] * e.count)
        return tuple(cards)


def check_deck(
    format_id: str,
    deck: DeckList,
    pool: CardPool,
    *,
    drafted_pool: Sequence[Card] | DeckList | None = None,
    unknown_cards_are_errors: bool = True,
    after_sideboarding: DeckList | None = None,
    house_bans: Sequence[str] = (),
    for_player: bool = True,
) -> LegalityReport:
    """Every finding of `deck` against the rules of `format_id`.

    `drafted_pool` is the player's registered draft pool (one Card per card opened, or
    a list of counts); `after_sideboarding` the deck as it stands after a sideboard swap;
    `house_bans` the card names the event bans (its `banned_cards` setting);
    `for_player` False when the deck is checked on its own, outside an event.
    Raises catalog.UnknownFormatError for a format id not in the catalog.
    """
    info = format_info(format_id)
    resolver = _Resolver(pool, info.game, unknown_cards_are_errors)
    slots = resolver.slots(deck)
    drafted = resolver.pool_cards(drafted_pool) if drafted_pool is not None else None
    after = None
    if after_sideboarding is not None:
        after_slots = resolver.slots(after_sideboarding, f"{after_words(info.game)}: ")
        after = DeckContext(format_id, info.game, after_slots, drafted, for_player=for_player)
    ctx = DeckContext(format_id, info.game, slots, drafted, after, for_player)
    findings = list(resolver.findings)
    house = house_ban_rule(house_bans, _numbers_of(pool, info.game))
    rules = (*FORMAT_RULES[format_id], *((house,) if house else ()))
    for rule in rules:
        findings.extend(rule.check(ctx, rule))
    if after is not None:  # a between-games check keeps every deck rule (docs/rules.md)
        findings.extend(_after_sideboarding(after, rules, findings))
    return LegalityReport(format_id, tuple(findings))


NUMBERED_GAMES = ("wtactics",)
"""Games where a card number names the card whatever its name (WTactics "Deck Building")."""


def _numbers_of(pool: CardPool, game: str) -> Callable[[str], tuple[str, ...]] | None:
    """The card numbers of a card name in the pool, for a house ban to follow the card."""
    if game not in NUMBERED_GAMES:
        return None
    return lambda name: tuple(c.number.strip() for c in pool.variants(name, game) if c.number)


def _after_sideboarding(
    after: DeckContext, rules: Sequence[Rule], found: Sequence[Finding]
) -> list[Finding]:
    """The errors of every rule (but the sideboard swap itself) on the list as it stands
    after sideboarding, each saying so; none that is already reported."""
    seen = {(f.rule_id, f.message) for f in found}
    skip = {r.id for r in rules if r.id in AFTER_SIDEBOARDING_RULES}
    for r in rules:
        skip |= AFTER_SIDEBOARDING_RULES.get(r.id, frozenset())
    out = []
    for rule in rules:
        if rule.id in skip:
            continue
        for f in rule.check(after, rule):
            moved = replace(f, message=f"{after_words(after.game)}: {f.message}")
            if f.severity == "error" and (moved.rule_id, moved.message) not in seen:
                seen.add((moved.rule_id, moved.message))
                out.append(moved)
    return out
