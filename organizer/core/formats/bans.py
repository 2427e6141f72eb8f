"""Banned cards: the rulebooks' own bans, as format data, and a TO's house bans for one event.

Rulebook bans: WARS TCG Comprehensive Rules 1.5, Section Three: Rulings, "Banned"
("Talkan 1PF3 ... can't be used in sanctioned constructed tournament play"). A ban is
matched by the card's name (case and spaces do not matter) or, where the pool gives
one, its card number; a deck holding the card in any part, in any number, is illegal.
Banned cards may still be used in limited play, so only constructed formats list them.

House bans (shared/spec/formats.md, "Banned cards, every format", decided here): an
event setting lists card names; a deck holding one is illegal and the finding says
"banned for this event", not "banned by the rulebook". A ban follows the card, not the
spelling (issue 25): where a card number names the card whatever its name (WTactics,
"Deck Building": a revised card keeps its number), the checker gives the numbers the
pool knows for a banned name, and the card is banned under its other name too.

Must not import Qt, SQL or anything of ours outside organizer.core.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from organizer.core.cardpool import normalize_name
from organizer.core.formats.report import Finding
from organizer.core.formats.rules import DeckContext, Rule, Slot


@dataclass(frozen=True, slots=True)
class Ban:
    name: str
    number: str = ""
    """The printed card number, where the rulebook gives one (WARS: 1PF3)."""
    ref: str = ""
    """The rulebook section that bans it."""

    def matches(self, slot: Slot) -> bool:
        if normalize_name(slot.entry.name) == normalize_name(self.name):
            return True
        card = slot.card
        if card is None:
            return False
        if normalize_name(card.name) == normalize_name(self.name):
            return True
        return bool(self.number) and card.number.strip().casefold() == self.number.casefold()

    @property
    def label(self) -> str:
        return f"{self.name} ({self.number})" if self.number else self.name


WARS_REF = "WARS, Section Three: Rulings (Banned)"

RULEBOOK_BANS: dict[str, tuple[Ban, ...]] = {
    "wars-constructed": (Ban("Talkan", "1PF3", WARS_REF),),
}
"""Per format id: the cards its rulebook bans from sanctioned (constructed) play."""

HOUSE_REF = "docs/rules.md, Card data (banned for this event)"


def _findings(ctx: DeckContext, rule: Rule, bans: Iterable[Ban], why: str) -> Iterator[Finding]:
    """One error per deck list line naming a banned card (deck, sideboard, every part).

    A list after sideboarding can hold only registered cards (the sideboarding rule), so
    the registered list is where a ban is found.
    """
    bans = tuple(bans)
    for slot in ctx.slots:
        ban = next((b for b in bans if b.matches(slot)), None)
        if ban is None:
            continue
        same = normalize_name(ban.name) in (
            normalize_name(slot.entry.name),
            normalize_name(slot.card.name if slot.card else ""),
        )
        alias = "" if same else f" (the same card as {ban.name}: card number {ban.number})"
        yield rule.error(f"{slot.name} is {why}{alias}", slot.name, slot.line)


def _rulebook(ctx: DeckContext, rule: Rule) -> Iterator[Finding]:
    return _findings(
        ctx,
        rule,
        rulebook_bans(ctx.format_id),
        "banned by the rulebook in sanctioned constructed play",
    )


RULEBOOK_BAN = Rule(
    "card-banned", WARS_REF, "no card the rulebook bans from constructed play", _rulebook
)


def house_ban_rule(
    names: Iterable[str], numbers_of: Callable[[str], Iterable[str]] | None = None
) -> Rule | None:
    """The rule for an event's own banned cards (None when it bans none); `numbers_of` gives
    the card numbers a banned name has where a number names the card (WTactics)."""
    bans: list[Ban] = []
    for name in (n.strip() for n in names):
        if not name:
            continue
        bans.append(Ban(name))
        numbers = dict.fromkeys(numbers_of(name)) if numbers_of is not None else {}
        bans.extend(Ban(name, number) for number in numbers if number)
    if not bans:
        return None

    def check(ctx: DeckContext, rule: Rule) -> Iterator[Finding]:
        return _findings(ctx, rule, bans, "banned for this event (the organizer's house rule)")

    return Rule("card-house-banned", HOUSE_REF, "no card banned for this event", check)


def rulebook_bans(format_id: str) -> tuple[Ban, ...]:
    return RULEBOOK_BANS.get(format_id, ())
