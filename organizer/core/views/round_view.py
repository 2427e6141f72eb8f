"""A round as every client shows it: its tables, each seat's points before the round, results.

Holds `RoundView` (one round's `TableView`s by table number, byes last, with
`by_name()` for the lists by name) and `round_view`, which builds it from the event:
names, match points before the round (the `tally` of the rounds before),
who drops after the round, the recorded result and whether sudden death applies at
the table (a two-player table of a format whose rounds end in sudden death, Warcaste
rulebook 1d). The GUI's pairings models, the pairings sheets and slips, the players'
page and the command line all show these rows; the words are `wording`'s.
`round_progress` says how far a round is (the players' page and the rewind list count so).

Pure Python: imports only the standard library and `organizer.core`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import NamedTuple

from organizer.core.event import EventData, Match, PlayerId, Round
from organizer.core.formats.catalog import format_or_unknown
from organizer.core.gc_pause import gc_paused
from organizer.core.names import sort_key
from organizer.core.pairing.tally import tally
from organizer.core.results import Score
from organizer.core.views import wording


class TableOutcome(NamedTuple):
    """The result of a multiplayer table, by seat index (0-based)."""

    winner: int | None
    drawn: tuple[int, ...]
    """The seats sharing a draw (all of them for a draw for everyone); empty after a win."""


@dataclass(frozen=True, slots=True)
class Seat:
    """A player at a table, with match points before the round."""

    id: PlayerId
    name: str
    points: int
    dropping: bool = False
    """Whether the player drops after this round (ticked on the slip)."""


@dataclass(frozen=True, slots=True)
class TableView:
    """One table of a round: two seats, one (a bye, no table number) or three to five."""

    table: int | None
    seats: tuple[Seat, ...]
    result: Score | None = None
    """A two-player table's recorded games (seat A first); None while missing or for a bye."""
    outcome: TableOutcome | None = None
    """A multiplayer table's recorded result; None while missing (and for two players)."""
    sudden_death: bool = False
    """Sudden death applies here: a two-player table of a format ending rounds so."""

    @property
    def is_bye(self) -> bool:
        return len(self.seats) == 1

    @property
    def is_multiplayer(self) -> bool:
        return len(self.seats) > 2

    @property
    def reported(self) -> bool:
        return self.is_bye or self.result is not None or self.outcome is not None

    @property
    def players(self) -> tuple[PlayerId, ...]:
        return tuple(s.id for s in self.seats)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.seats)

    @property
    def label(self) -> str:
        """The table's number, an en dash for a bye."""
        return wording.table_label(self.table)

    def result_text(self) -> str:
        """ "2-1", "1-1-1", "Bo Chen wins", "draw for everyone"; "bye"; "—" while missing."""
        if self.is_bye:
            return wording.BYE
        if self.outcome is not None:
            won = self.outcome.winner
            return wording.outcome(
                None if won is None else self.seats[won].name,
                [self.seats[i].name for i in self.outcome.drawn],
                len(self.seats),
            )
        if self.result is None:
            return wording.MISSING
        return str(self.result)

    def reported_text(self) -> str | None:
        """The result of a played table once it is in; None while missing and for a bye."""
        return self.result_text() if self.reported and not self.is_bye else None

    def seat_text(self, seat: int) -> str:
        """ "Ada Byrne (6)", the points before the round in brackets; " · drops" when dropping
        after it; "" for a seat the table does not have."""
        if seat >= len(self.seats):
            return ""
        one = self.seats[seat]
        text = f"{one.name} ({one.points})"
        return text + " · drops" if one.dropping else text

    def seat_result(self, seat: int) -> str:
        """A multiplayer seat's part of the result: "win", "draw", "loss", or "" while missing."""
        if self.outcome is None:
            return ""
        if self.outcome.winner is not None:
            return "win" if seat == self.outcome.winner else "loss"
        return "draw" if seat in self.outcome.drawn else "loss"

    def versus(self) -> str:
        """The names as the slip reads them: "Ada Byrne vs Bo Chen"."""
        return " vs ".join(self.names)

    def others(self, seat: int) -> tuple[Seat, ...]:
        """Everyone at the table but seat `seat` (0-based): a player's opponents."""
        return self.seats[:seat] + self.seats[seat + 1 :]


@dataclass(frozen=True, slots=True)
class NameRow:
    """One player's line on the pairings by name; no opponents for a bye."""

    player: Seat
    seat: int
    """1-based place at the table (1 for a bye)."""
    at: TableView
    """The player's table."""

    @property
    def table(self) -> int | None:
        return self.at.table

    @property
    def opponents(self) -> tuple[Seat, ...]:
        return self.at.others(self.seat - 1)


@dataclass(frozen=True, slots=True)
class RoundView:
    """One round as stored (`round`) and as shown: its tables by number, byes last.

    A write that pairs a round returns this (`services.pairing`, the top cut's start in
    `services.topcut`), built by `new_round_view` from the event it read under its lock,
    so no client reads the event again to show what it paired.
    """

    round: Round
    tables: tuple[TableView, ...]
    event: EventData | None = field(default=None, compare=False, repr=False)
    """The event this round is in, as of the view: a client can show its other rounds
    (and their points before) without reading it again."""

    @property
    def number(self) -> int:
        return self.round.number

    @property
    def matches(self) -> tuple[Match, ...]:
        """The round's matches as stored (what a pairing's caller records results at)."""
        return self.round.matches

    def by_name(self) -> tuple[NameRow, ...]:
        """Every seated player in alphabetical order (`core.names.sort_key`)."""
        return by_name(self.tables)

    def where_seated(self) -> dict[PlayerId, str]:
        """Where each player sits this round, as a judge at a table asks it:
        "round 3, table 7 vs Bo Chen, result entered", "round 3: a bye"."""
        where: dict[PlayerId, str] = {}
        for table in self.tables:
            for n, seat in enumerate(table.seats):
                if table.is_bye:
                    where[seat.id] = f"round {self.number}: a bye"
                    continue
                others = ", ".join(o.name for o in table.others(n))
                entered = ", result entered" if table.reported else ""
                where[seat.id] = f"round {self.number}, table {table.table} vs {others}{entered}"
        return where


def by_name(tables: Iterable[TableView]) -> tuple[NameRow, ...]:
    """Every player seated at `tables` in alphabetical order (`core.names.sort_key`)."""
    lines = [NameRow(seat, n, table) for table in tables for n, seat in enumerate(table.seats, 1)]
    lines.sort(key=lambda r: (sort_key(r.player.name), r.player.id))
    return tuple(lines)


def find_round(event: EventData, round_number: int) -> Round:
    for rnd in event.rounds:
        if rnd.number == round_number:
            return rnd
    raise KeyError(f"the event has no round {round_number}")


def points_before(event: EventData, round_number: int) -> dict[PlayerId, int]:
    """Every player's swiss match points from the rounds before `round_number`."""
    before = tally(event.rounds, event.points, event.best_of, through_round=round_number - 1)
    return dict(zip(before.players, before.points, strict=True))


def table_key(table: TableView) -> tuple[bool, int, str]:
    """Tables by number, byes last (by name)."""
    if table.table is not None:
        return (False, table.table, "")
    return (True, 0, sort_key(table.seats[0].name) if table.seats else "")


def round_view(event: EventData, round_number: int) -> RoundView:
    """Round `round_number` of `event` as every client shows it.

    When the event's format ends its rounds in sudden death (`FormatInfo.end_of_round`),
    its two-player tables are marked `TableView.sudden_death`.
    """
    with gc_paused():  # nothing made here forms a cycle; collections would double the time
        return _round_view(event, find_round(event, round_number))


def new_round_view(before: EventData, new: Round) -> RoundView:
    """`new` as shown: `before` (the event a write read under its lock, before it stored
    `new`) with `new` in it. What a write that pairs a round returns, so that no client
    reads the event again to show it."""
    rounds = tuple(r for r in before.rounds if r.number != new.number)
    return round_view(replace(before, rounds=(*rounds, new)), new.number)


def _round_view(event: EventData, rnd: Round) -> RoundView:
    round_number = rnd.number
    sudden_death = format_or_unknown(event.format_id).end_of_round == "sudden_death"
    before = points_before(event, round_number)
    players = {p.id: p for p in event.players}

    def seat(pid: PlayerId) -> Seat:
        player = players.get(pid)
        return Seat(
            pid,
            pid if player is None else player.name,
            before.get(pid, 0),
            player is not None and player.dropped_after_round == round_number,
        )

    tables = [
        TableView(
            None if m.is_bye else m.table,
            tuple(seat(p) for p in m.players),
            _score(m),
            _outcome(m),
            sudden_death and len(m.players) == 2,
        )
        for m in rnd.matches
    ]
    tables.sort(key=table_key)
    return RoundView(rnd, tuple(tables), event)


def _score(m: Match) -> Score | None:
    if m.wins is None or len(m.wins) != 2:
        return None
    return Score(m.wins[0], m.wins[1], m.draws)


def _outcome(m: Match) -> TableOutcome | None:
    if not m.is_multiplayer or m.wins is None:
        return None
    winner = m.players.index(m.winner) if m.winner in m.players else None
    drawn = () if winner is not None else tuple(i for i, p in enumerate(m.players) if p in m.drew)
    return TableOutcome(winner, drawn)


@dataclass(frozen=True, slots=True)
class RoundProgress:
    """How far a round is. A bye needs no result, so it is in neither number: the players'
    page says "37 of 64 results in", the rewind list "37 of 64 results"."""

    round: int
    stage: str
    tables: int
    """Tables that need a result."""
    results: int
    """Results recorded at those tables."""


def round_progress(rnd: Round) -> RoundProgress:
    played = [m for m in rnd.matches if not m.is_bye]
    return RoundProgress(rnd.number, rnd.stage, len(played), sum(1 for m in played if m.reported))
