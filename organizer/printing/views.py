"""What the round sheets show, as small frozen dataclasses built from core data by pure functions.

Holds `Heading` (event, date, round: the common page header), the pairings view (`pairings_view`:
tables by number with each player's points before the round, byes, and every player by name),
the standings view (`standings_view`, `final_standings_view`: ranks with ties as "3-4",
W-L-D and the tiebreakers as percentages), the match slips view (`slips_view`) and the input of
pod sheets (`PodSheet`, `PodsView`; the pods core is not needed to print them).

Nothing here draws. Imports only the standard library and organizer.core; must not import
Qt, sqlmodel/sqlalchemy, organizer.services or organizer.storage.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from organizer.core.event import EventData, PlayerId, Round
from organizer.core.formats.catalog import FormatInfo, format_or_unknown
from organizer.core.names import sort_key
from organizer.core.pairing.standings import FinalRow, StandingRow
from organizer.core.pairing.tiebreakers import compute_records

BYE = "BYE"
DASH = "\u2013"


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
        return f"Round {self.round}" + (" (playoff)" if self.stage == "elimination" else "")


def heading(event: EventData, round_number: int | None = None) -> Heading:
    stage = "swiss"
    for rnd in event.rounds:
        if rnd.number == round_number:
            stage = rnd.stage
    return Heading(event.name, event.date, round_number, stage)


@dataclass(frozen=True, slots=True)
class Seat:
    """A player at a table, with match points before the round."""

    id: PlayerId
    name: str
    points: int


@dataclass(frozen=True, slots=True)
class TableRow:
    """One table of a round; a bye has one seat and no table number."""

    table: int | None
    seats: tuple[Seat, ...]

    @property
    def is_bye(self) -> bool:
        return len(self.seats) == 1


@dataclass(frozen=True, slots=True)
class NameRow:
    """One player's line on the pairings by name; no opponents for a bye."""

    player: Seat
    table: int | None
    opponents: tuple[Seat, ...]


@dataclass(frozen=True, slots=True)
class PairingsView:
    heading: Heading
    tables: tuple[TableRow, ...]
    """By table number, byes last."""
    names: tuple[NameRow, ...]
    """Every seated player in alphabetical order (`core.names.sort_key`)."""
    page_url: str | None = None
    """The players' page while it is served: each sheet then carries its QR code."""


def find_round(event: EventData, round_number: int) -> Round:
    for rnd in event.rounds:
        if rnd.number == round_number:
            return rnd
    raise KeyError(f"the event has no round {round_number}")


def points_before(event: EventData, round_number: int) -> dict[PlayerId, int]:
    """Every player's swiss match points from the rounds before `round_number`."""
    records = compute_records(
        event.rounds,
        event.points,
        event.best_of,
        through_round=round_number - 1,
        players=[p.id for p in event.players],
    )
    return {pid: r.points for pid, r in records.items()}


def pairings_view(event: EventData, round_number: int) -> PairingsView:
    rnd = find_round(event, round_number)
    points = points_before(event, round_number)
    names = {p.id: p.name for p in event.players}
    tables: list[TableRow] = []
    for match in rnd.matches:
        seats = tuple(Seat(p, names.get(p, p), points.get(p, 0)) for p in match.players)
        tables.append(TableRow(None if match.is_bye else match.table, seats))
    tables.sort(key=lambda t: (t.is_bye, t.table is None, t.table or 0, sort_key(t.seats[0].name)))
    lines = [
        NameRow(seat, row.table, tuple(s for s in row.seats if s is not seat))
        for row in tables
        for seat in row.seats
    ]
    lines.sort(key=lambda r: (sort_key(r.player.name), r.player.id))
    return PairingsView(heading(event, round_number), tuple(tables), tuple(lines))


@dataclass(frozen=True, slots=True)
class StandingLine:
    rank: str
    """"3", or "3-4" (en dash) for players tied on every tiebreaker."""
    name: str
    points: int
    record: str
    """Match wins-losses-draws, byes counted as wins: "3-1-0"."""
    omw: str
    gw: str
    ogw: str
    playoff: str = ""
    """Final standings only: "Champion", "Finalist", "Top 4" ... for playoff players."""


@dataclass(frozen=True, slots=True)
class StandingsView:
    heading: Heading
    lines: tuple[StandingLine, ...]
    final: bool = False


def percent(value: Fraction) -> str:
    """A tiebreaker as a percentage with two decimals: 2/3 -> "66.67"."""
    return f"{float(value * 100):.2f}"


def standing_line(row: StandingRow, *, rank: str | None = None, playoff: str = "") -> StandingLine:
    low, high = row.tie_range
    shown = rank if rank is not None else (f"{low}{DASH}{high}" if low != high else str(row.rank))
    return StandingLine(
        rank=shown,
        name=row.name,
        points=row.points,
        record=f"{row.wins}-{row.losses}-{row.draws}",
        omw=percent(row.omw),
        gw=percent(row.gwp),
        ogw=percent(row.ogw),
        playoff=playoff,
    )


def standings_view(
    event: EventData, rows: Sequence[StandingRow], *, round_number: int | None = None
) -> StandingsView:
    """Swiss standings after `round_number` (default: the last complete swiss round)."""
    if round_number is None:
        done = (r.number for r in event.rounds if r.stage == "swiss" and r.complete)
        round_number = max(done, default=None)
    lines = tuple(standing_line(row) for row in rows)
    return StandingsView(Heading(event.name, event.date, round_number), lines)


def final_standings_view(event: EventData, rows: Sequence[FinalRow]) -> StandingsView:
    """Final standings after a top cut: playoff players first, labelled by how far they got."""
    last = max((r.playoff_round for r in rows if r.playoff_round is not None), default=None)
    reached = [r.playoff_round for r in rows if r.playoff_round is not None]
    at_final = sum(1 for r in reached if r == last)  # 3 to 5: a Conquest final table (8c)
    lines = []
    for row in rows:
        label = ""
        if row.playoff_round is not None:
            if row.playoff_round == last:
                runner_up = "Final table" if at_final > 2 else "Finalist"
                label = "Champion" if row.won_playoff_round else runner_up
            else:
                label = f"Top {sum(1 for r in reached if r >= row.playoff_round)}"
        lines.append(standing_line(row.swiss, rank=str(row.rank), playoff=label))
    return StandingsView(Heading(event.name, event.date), tuple(lines), final=True)


@dataclass(frozen=True, slots=True)
class Slip:
    """One match slip: a table and its seats (2, or 3 to 5 for a Conquest game)."""

    table: int | None
    seats: tuple[Seat, ...]


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
    pairings = pairings_view(event, round_number)
    slips = tuple(Slip(t.table, t.seats) for t in pairings.tables if not t.is_bye)
    return SlipsView(
        heading=pairings.heading,
        format_title=fmt.title if fmt else "",
        best_of=event.best_of,
        draws_allowed=fmt.draws_allowed if fmt else True,
        sudden_death=fmt is not None and fmt.end_of_round == "sudden_death",
        slips=slips,
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
