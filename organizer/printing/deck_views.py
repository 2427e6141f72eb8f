"""What a deck registration sheet shows: the sections of each format's form, blank or filled.

Holds `FORMS` (per format: the parts of a deck list with their card counts, rules in
docs/rules.md: Warcaste doctrine + deck 30 + sideboard up to 10, Castle Wars castle +
deck 50 + side deck up to 10, WARS 60 cards, WTactics army deck 50 + region pile),
`DeckSheetView`, `blank_form` (a form to fill in by hand) and `deck_sheet` (a submitted
`DeckList` laid out by part, with counts and totals). Entries in a part the form does not
have are kept, in a section of their own: a sheet never drops a card. A blank form names
the banned cards (the rulebook's, with the section, and the event's house bans); a filled
sheet prints its deck check's errors, so a banned card shows on paper too.

Nothing here draws. Imports only the standard library and organizer.core; must not import
Qt, sqlmodel/sqlalchemy, organizer.services or organizer.storage.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from organizer.core.decklist import DeckList, Part
from organizer.core.event import EventData, PlayerId
from organizer.core.formats.bans import rulebook_bans
from organizer.core.formats.catalog import format_info
from organizer.core.formats.report import Finding, LegalityReport
from organizer.core.views.wording import plural
from organizer.printing.views import Heading


@dataclass(frozen=True, slots=True)
class FormSection:
    """A part of a deck list as a form asks for it."""

    part: Part
    label: str
    cards: int | None
    """The number of cards the part holds: exactly, or at most when `up_to`; None: any."""
    up_to: bool = False
    lines: int = 1
    """Write-in lines on a blank form. A column holds 36 on Letter; more flow into the next."""

    @property
    def rule(self) -> str:
        if self.cards is None:
            return ""
        return f"{'up to' if self.up_to else 'exactly'} {plural(self.cards, 'card')}"


def _s(part: Part, label: str, cards: int | None, lines: int, up_to: bool = False) -> FormSection:
    return FormSection(part, label, cards, up_to, lines)


_DOCTRINE = _s(Part.DOCTRINE, "Doctrine", 1, 1)
_CASTLE = _s(Part.CASTLE, "Castle", 1, 1)
FORMS: Final[dict[str, tuple[FormSection, ...]]] = {
    "warcaste-skirmish-constructed": (
        _DOCTRINE,
        _s(Part.DECK, "Deck", 30, 30),
        _s(Part.SIDEBOARD, "Sideboard", 10, 10, up_to=True),
    ),
    "warcaste-skirmish-draft": (_DOCTRINE, _s(Part.DECK, "Deck (from your drafted pool)", 30, 30)),
    "warcaste-conquest": (_DOCTRINE, _s(Part.DECK, "Deck", 50, 36)),
    "castle-wars": (
        _CASTLE,
        _s(Part.DECK, "Deck", 50, 34),
        _s(Part.SIDEBOARD, "Side deck", 10, 10, up_to=True),
    ),
    "castle-wars-decrees": (_CASTLE, _s(Part.DECK, "Deck (decrees included)", 50, 36)),
    "wars-constructed": (_s(Part.DECK, "Deck (at least 1 location)", 60, 50),),
    "wtactics-orc": (
        _s(Part.DECK, "Army deck", 50, 36),
        _s(Part.REGIONS, "Region pile (Chapter)", None, 12),
    ),
}
_OTHER_LABELS: Final = {
    Part.DOCTRINE: "Doctrine",
    Part.DECK: "Deck",
    Part.SIDEBOARD: "Sideboard",
    Part.CASTLE: "Castle",
    Part.REGIONS: "Regions",
}


def form_sections(format_id: str) -> tuple[FormSection, ...]:
    """The sections of a format's form; KeyError for a format without one."""
    try:
        return FORMS[format_id]
    except KeyError:
        raise KeyError(f"no deck registration form for format {format_id!r}") from None


@dataclass(frozen=True, slots=True)
class DeckSection:
    label: str
    rule: str
    target: int | None
    """The count to reach (exact), or None when any count (or up to a limit) is fine."""
    entries: tuple[tuple[int, str], ...]
    """(count, card name) as submitted; empty on a blank form."""
    lines: int
    """Lines the section takes on the sheet: write-in lines, or one per entry."""

    @property
    def total(self) -> int:
        return sum(count for count, _ in self.entries)


@dataclass(frozen=True, slots=True)
class DeckSheetView:
    heading: Heading
    format_title: str
    player_name: str
    player_id: str
    sections: tuple[DeckSection, ...]
    filled: bool
    notes: tuple[str, ...] = ()
    """Lines printed under the player fields: the banned cards on a blank form, the deck
    check's errors (bans among them) on a filled sheet."""


def _section(spec: FormSection, entries: tuple[tuple[int, str], ...], filled: bool) -> DeckSection:
    target = None if spec.up_to else spec.cards
    lines = max(len(entries), 1) if filled else spec.lines
    return DeckSection(spec.label, spec.rule, target, entries, lines)


def ban_notes(format_id: str, house_bans: Sequence[str] = ()) -> tuple[str, ...]:
    """What a blank form says is banned: the rulebook's bans with their section, the event's."""
    notes = []
    for ban in rulebook_bans(format_id):
        notes.append(f"Banned by the rulebook: {ban.label} ({ban.ref})")
    if house_bans:
        notes.append(f"Banned for this event: {'; '.join(house_bans)}")
    return tuple(notes)


def blank_form(
    format_id: str,
    *,
    event: str = "",
    date: dt.date | None = None,
    house_bans: Sequence[str] = (),
) -> DeckSheetView:
    """A deck registration form of a format, to fill in by hand."""
    sections = tuple(_section(spec, (), False) for spec in form_sections(format_id))
    return DeckSheetView(
        Heading(event, date),
        format_info(format_id).title,
        "",
        "",
        sections,
        filled=False,
        notes=ban_notes(format_id, house_bans),
    )


def _note(finding: Finding) -> str:
    where = f"line {finding.line}: " if finding.line is not None else ""
    return f"Deck check: {where}{finding.message}"


def deck_sheet(
    event: EventData,
    player: PlayerId,
    deck: DeckList,
    *,
    format_id: str | None = None,
    report: LegalityReport | None = None,
) -> DeckSheetView:
    """The submitted deck of `player`, by the parts of the event's (or `format_id`'s) form;
    `report`'s errors (a banned card among them) are printed on it."""
    fmt = format_id or event.format_id
    if fmt is None:
        raise ValueError("the event has no format: name the format of the deck sheet")
    specs = form_sections(fmt)
    sections = []
    for spec in specs:
        entries = tuple((e.count, e.display_name) for e in deck.part(spec.part))
        sections.append(_section(spec, entries, True))
    known = {spec.part for spec in specs}
    for part in Part:
        extra = tuple((e.count, e.display_name) for e in deck.part(part))
        if part not in known and extra:
            label = f"{_OTHER_LABELS[part]} (not part of this format)"
            sections.append(DeckSection(label, "", None, extra, len(extra)))
    entrant = event.player(player)
    return DeckSheetView(
        Heading(event.name, event.date),
        format_info(fmt).title,
        entrant.name,
        str(entrant.id),
        tuple(sections),
        filled=True,
        notes=tuple(_note(f) for f in report.errors) if report is not None else (),
    )
