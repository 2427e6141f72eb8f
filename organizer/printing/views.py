"""What the round sheets show, as small frozen dataclasses built from core data by pure functions.

Holds `Heading` (event, date, round: the common page header), the pairings view (`pairings_view`:
the round's tables as `core.views.round_view` builds them for every client, and every player by
name), the standings view (`standings_view`, `final_standings_view`: the `core.views`
standings lines, with how far each playoff player got), the match slips view (`slips_view`)
and the input of pod sheets (`PodSheet`, `PodsView`; the pods core is not needed to print them).
The words and numbers are `core.views.wording`'s, as on the screen and the players' page.

Nothing here draws. Imports only the standard library and organizer.core; must not import
Qt, sqlmodel/sqlalchemy, organizer.services or organizer.storage.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass

from organizer.core.event import EventData
from organizer.core.formats.catalog import FormatInfo, format_or_unknown
from organizer.core.pairing.standings import FinalRow, StandingRow
from organizer.core.views import wording
from organizer.core.views.round_view import NameRow, RoundView, TableView, round_view
from organizer.core.views.standings_lines import (
    StandingLine,
    final_lines,
    standing_lines,
    standings_round,
)


@dataclass(frozen=True, slots=True)
class Heading:
    """The common page header: event name, date and (for round sheets) the round."""

    event: str
    date: dt.date | None = None
    round: int | None = None
    stage: str = "swiss"

    @property
    def round_label(self) -> str:
        if self.round is None:
            return ""
        return wording.round_label(self.round, self.stage)


def heading(event: EventData, round_number: int | None = None) -> Heading:
    stage = "swiss"
    for rnd in event.rounds:
        if rnd.number == round_number:
            stage = rnd.stage
    return Heading(event.name, event.date, round_number, stage)


@dataclass(frozen=True, slots=True)
class PairingsView:
    heading: Heading
    round: RoundView
    """Its tables by number, byes last."""
    names: tuple[NameRow, ...]
    """Every seated player in alphabetical order (`RoundView.by_name`)."""
    page_url: str | None = None
    """The players' page while it is served: each sheet then carries its QR code."""

    @property
    def tables(self) -> tuple[TableView, ...]:
        return self.round.tables


def pairings_view(event: EventData, round_number: int) -> PairingsView:
    """The pairings sheets of round `round_number`."""
    shown = round_view(event, round_number)
    return PairingsView(heading(event, round_number), shown, shown.by_name())


@dataclass(frozen=True, slots=True)
class StandingsView:
    heading: Heading
    lines: tuple[StandingLine, ...]
    final: bool = False


def standings_view(
    event: EventData, rows: Sequence[StandingRow], *, round_number: int | None = None
) -> StandingsView:
    """Swiss standings after `round_number` (default: the last complete swiss round)."""
    if round_number is None:
        round_number = standings_round(event)
    return StandingsView(Heading(event.name, event.date, round_number), standing_lines(rows))


def final_standings_view(event: EventData, rows: Sequence[FinalRow]) -> StandingsView:
    """Final standings after a top cut: playoff players first, labelled by how far they got."""
    return StandingsView(Heading(event.name, event.date), final_lines(event, rows), final=True)


Slip = TableView
"""One match slip: a table and its seats (2, or 3 to 5 for a Conquest game)."""


@dataclass(frozen=True, slots=True)
class SlipsView:
    heading: Heading
    format_title: str
    best_of: int
    draws_allowed: bool
    sudden_death: bool
    """Warcaste: the slip carries the sudden-death grid (end_of_round == "sudden_death")."""
    slips: tuple[Slip, ...]
    house_rule: str = ""
    """The event's round-length house rule in words, printed on every slip (docs/rules.md)."""


def event_format(event: EventData) -> FormatInfo | None:
    """The event's format; None when it names none or one this version does not know."""
    info = format_or_unknown(event.format_id)
    return None if info.id == "" else info


def slips_view(
    event: EventData, round_number: int, fmt: FormatInfo | None = None, house_rule: str = ""
) -> SlipsView:
    """One slip per table of the round, by table number; no slip for a bye."""
    fmt = fmt or event_format(event)
    tables = round_view(event, round_number).tables
    return SlipsView(
        heading=heading(event, round_number),
        format_title=fmt.title if fmt else "",
        best_of=event.best_of,
        draws_allowed=fmt.draws_allowed if fmt else True,
        sudden_death=fmt is not None and fmt.end_of_round == "sudden_death",
        slips=tuple(t for t in tables if not t.is_bye),
        house_rule=house_rule,
    )


@dataclass(frozen=True, slots=True)
class PodSheet:
    """One draft pod: seats in clockwise order (seen from above) and each pack's direction.

    Passing left goes to the next seat clockwise (the next number), passing right to the
    one before; `passes` lists "left"/"right" per pack, e.g. ("right", "left", "right").
    """

    pod: int
    passes: tuple[str, ...]
    seats: tuple[tuple[int, str], ...]
    """(seat number, player name), clockwise from seat 1."""


@dataclass(frozen=True, slots=True)
class PodsView:
    heading: Heading
    pods: tuple[PodSheet, ...]
