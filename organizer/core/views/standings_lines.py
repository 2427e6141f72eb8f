"""A standings as every client shows it: one `StandingLine` of text per player.

Holds `StandingLine` (rank, with "3-4" for players tied on every tiebreaker; name;
points; W-L-D; MWP, OMW, GW and OGW as percentages with two decimals; for final
standings how far a playoff player got, `playoff_label`, `final_lines`) and
`standing_lines`. The opponent-by-opponent
breakdown behind OMW and OGW (`StandingLine.opponents`) is worked out only when read:
the players' page shows it for the rows on screen, the paper never. The GUI's standings
models, the standings sheet, the players' page and the command line read these lines;
the words are `wording`'s.

Pure Python: imports only the standard library and `organizer.core`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from organizer.core.event import EventData, PlayerId
from organizer.core.pairing.standings import FinalRow, StandingRow
from organizer.core.views import wording


@dataclass(frozen=True, slots=True)
class OpponentText:
    """One match against an opponent in a breakdown: that opponent's MWP and GWP."""

    round: int
    name: str
    mwp: str
    gwp: str


@dataclass(frozen=True, slots=True)
class StandingLine:
    player: PlayerId
    rank: str
    """ "3", or "3-4" (en dash) for players tied on every tiebreaker."""
    name: str
    points: int
    record: str
    """Match wins-losses-draws, byes counted as wins: "3-1-0"."""
    byes: int
    mwp: str
    omw: str
    gw: str
    ogw: str
    oomw: str
    """Opponents' OMW (Conquest's second tiebreaker)."""
    dropped: bool = False
    playoff: str = ""
    """Final standings only: "Champion", "Finalist", "Top 4" … for playoff players."""
    row: StandingRow | None = field(default=None, compare=False, repr=False)

    @property
    def opponents(self) -> tuple[OpponentText, ...]:
        """The OMW / OGW breakdown, one line per match against someone (byes left out)."""
        if self.row is None:
            return ()
        return tuple(
            OpponentText(o.round, o.name, wording.percent(o.mwp), wording.percent(o.gwp))
            for o in self.row.opponents
        )


def standings_round(event: EventData) -> int | None:
    """The last swiss round with every result in: the round the standings are "after"
    on the sheet's heading and the players' page (None before one is complete)."""
    done = [r.number for r in event.rounds if r.stage == "swiss" and r.complete]
    return max(done, default=None)


def standing_line(
    row: StandingRow, *, rank: str | None = None, playoff: str = "", dropped: bool = False
) -> StandingLine:
    """`row` in words; `rank` replaces the swiss rank (a final standings' place)."""
    return StandingLine(
        player=row.player,
        rank=wording.rank(row.rank, row.tie_range) if rank is None else rank,
        name=row.name,
        points=row.points,
        record=wording.record(row.wins, row.losses, row.draws),
        byes=row.byes,
        mwp=wording.percent(row.values.mw),
        omw=wording.percent(row.values.omw),
        gw=wording.percent(row.values.gw),
        ogw=wording.percent(row.values.ogw),
        oomw=wording.percent(row.values.oomw),
        dropped=dropped,
        playoff=playoff,
        row=row,
    )


def standing_lines(
    rows: Iterable[StandingRow], dropped: Iterable[str] = ()
) -> tuple[StandingLine, ...]:
    """Every row in words; `dropped` names the players who dropped."""
    gone = frozenset(dropped)
    return tuple(standing_line(r, dropped=r.player in gone) for r in rows)


def playoff_label(row: FinalRow, size: int, first_round: int, final_table: bool = False) -> str:
    """How far the player got in a top `size` whose first round is `first_round`: "Champion",
    "Finalist", "Top 4" (the round they went out in, or are still playing); at a Conquest
    `final_table` the winner is "Champion" and everyone else "Final table"."""
    if row.playoff_round is None or size < 2:
        return ""
    if final_table:
        return "Champion" if row.won_playoff_round else "Final table"
    depth = row.playoff_round - first_round  # 0 for the first elimination round
    rounds = size.bit_length() - 1
    if row.won_playoff_round and depth + 1 >= rounds:
        return "Champion"
    reached = depth + 1 if row.won_playoff_round else depth  # the round they are (or went out) in
    if reached >= rounds - 1:
        return "Finalist"
    return f"Top {size >> reached}"


def final_lines(event: EventData, rows: Sequence[FinalRow]) -> tuple[StandingLine, ...]:
    """Final standings in words: the place, how far each playoff player got, the swiss row.

    The cut's size and first round are read off the event's first elimination round
    (two seats a match in a bracket, every seat at a Conquest final table)."""
    first = next((r for r in event.rounds if r.stage == "elimination"), None)
    size = 0 if first is None else sum(len(m.players) for m in first.matches)
    number = 0 if first is None else first.number
    table = first is not None and any(m.is_multiplayer for m in first.matches)
    return tuple(
        standing_line(
            r.swiss,
            rank=wording.rank(r.rank, r.tie_range),
            playoff=playoff_label(r, size, number, table),
        )
        for r in rows
    )
