"""Swiss standings with every tiebreaker explained, and final standings after a top cut.

Holds `compute_standings` (one `StandingRow` per player: rank, exact-tie range, points, W-L-D,
MWP, OMW, GWP, OGW and, opponent by opponent, the MWP and GWP behind OMW and OGW) and
`final_standings` (the playoff players by how far they got, then everyone else in swiss order).

Rules: Magic Tournament Rules Appendix C through `tiebreakers`; only rounds with stage "swiss"
count; dropped players keep their rows. A cut inside the swiss (tests/data/oracle/FORMAT.md,
"Cuts"): players who played no swiss round after the cut rank below everyone who did, with
every value taken as of the cut round.

Pure Python: imports only the standard library and `organizer.core`; no Qt, no SQL.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, fields
from fractions import Fraction
from itertools import chain, compress, islice, repeat
from operator import attrgetter, eq
from typing import Any, NamedTuple, TypeVar

from organizer.core.event import EventData, PlayerId, Points
from organizer.core.formats.catalog import MTR_TIEBREAKERS
from organizer.core.gc_pause import gc_paused
from organizer.core.names import sort_key
from organizer.core.pairing.columns import frozen_rows
from organizer.core.pairing.tally import Tally, result_columns, tally
from organizer.core.pairing.tiebreakers import TiebreakValues, check_order, numerators

T = TypeVar("T")


class OpponentLine(NamedTuple):
    """One match against an opponent, with the values it adds to OMW and OGW."""

    round: int
    player: PlayerId
    name: str
    mwp: Fraction
    gwp: Fraction


@dataclass(frozen=True, slots=True)
class _Shared:
    """What every row of one standings shares: everyone's values and names (for breakdowns)."""

    values: Mapping[PlayerId, TiebreakValues]
    names: Mapping[PlayerId, str]


@dataclass(frozen=True, slots=True)
class StandingRow:
    """One player's place in the swiss standings.

    The percentages and the opponent-by-opponent breakdown are worked out when read,
    from values the whole standings share: 4,000 rows are built without 50,000
    breakdown lines nobody may look at.
    """

    rank: int
    player: PlayerId
    name: str
    points: int
    wins: int
    losses: int
    draws: int
    byes: int
    game_points: int
    games: int
    tie_range: tuple[int, int]
    """First and last rank of the players tied exactly with this one (rank, rank if none)."""
    values: TiebreakValues
    opponent_rounds: tuple[tuple[int, PlayerId], ...]
    """(round, opponent) of every match against someone, byes left out."""
    as_of_round: int | None = None
    """Set when the player missed a cut: every value is taken as of that round."""
    shared: _Shared = field(default=_Shared({}, {}), compare=False, repr=False)

    @property
    def tied(self) -> bool:
        return self.tie_range[0] != self.tie_range[1]

    @property
    def matches(self) -> int:
        """Rounds played, byes included (as `tiebreakers.Record.matches`)."""
        return self.wins + self.losses + self.draws

    @property
    def opponents(self) -> tuple[OpponentLine, ...]:
        """The OMW / OGW breakdown: one line per match against someone, byes left out."""
        values, names = self.shared.values, self.shared.names
        return tuple(
            OpponentLine(rnd, o, names.get(o, o), values[o].mw, values[o].gw)
            for rnd, o in self.opponent_rounds
        )


@dataclass(frozen=True, slots=True)
class FinalRow:
    """One player's final place: playoff players first, by the round they reached."""

    rank: int
    player: PlayerId
    name: str
    playoff_round: int | None
    """Number of the last elimination round the player played; None outside the playoff."""
    won_playoff_round: bool
    """Whether the player won that round (for the last round played: the champion)."""
    swiss: StandingRow
    tie_range: tuple[int, int] = (0, 0)
    """First and last place shared with players tied exactly (place, place if none)."""


def compute_standings(
    event: EventData,
    *,
    tiebreakers: Sequence[str] = MTR_TIEBREAKERS,
    cuts: Sequence[int] = (),
    through_round: int | None = None,
) -> tuple[StandingRow, ...]:
    """Swiss standings over the swiss rounds (up to `through_round`), best first.

    `tiebreakers` orders the players, e.g. ("points", "omw", "gw", "ogw"). `cuts` lists the
    rounds after which the swiss was cut: a player who played (was seated in) no swiss round
    after a cut ranks below every player who did and shows values as of that cut. Players
    tied on every tiebreaker are listed by name and share a `tie_range`.

    Works on columns (a list per value, a position per player, as `tally` returns them):
    one pass over the matches, integer sums and two sorts; the `StandingRow` and its
    `TiebreakValues` are the only objects made per player (4,096 players after 13 rounds
    once took 350 ms, see tests/benchmarks/test_standings_bench.py).
    """
    order = check_order(tiebreakers)
    with gc_paused():  # nothing made here forms a cycle; a collection would add 10 to 50 %
        return _standings(event, order, cuts, through_round)


def _standings(
    event: EventData, order: Sequence[str], cuts: Sequence[int], through_round: int | None
) -> tuple[StandingRow, ...]:
    swiss = [
        r
        for r in event.rounds
        if r.stage == "swiss" and (through_round is None or r.number <= through_round)
    ]
    last_round = max((r.number for r in swiss), default=0)
    cut_rounds = sorted({c for c in cuts if c < last_round})
    names = {p.id: p.name for p in event.players}
    missed = {p.id: p.missed_round_losses for p in event.players if p.missed_round_losses > 0}

    def columns(horizon: int | None, players: Iterable[PlayerId], tiers: list[int]) -> _Columns:
        counted = tally(
            swiss,
            event.points,
            event.best_of,
            through_round=horizon,
            players=players,
            missed_losses=missed,
            seat_unreported=True,
        )
        return _Columns.of(counted, event.points, names, order, horizon, tiers)

    if not cut_rounds:
        return _ranked(columns(None, names, []))
    last_seated: dict[PlayerId, int] = {}
    for rnd in sorted(swiss, key=attrgetter("number")):
        seated = chain.from_iterable(map(attrgetter("players"), rnd.matches))
        last_seated.update(dict.fromkeys(seated, max(rnd.number, 0)))
    everyone = list(dict.fromkeys([*names, *last_seated]))
    tiers = [sum(1 for c in cut_rounds if last_seated.get(p, 0) > c) for p in everyone]
    # every seated player is in `everyone`: each horizon's columns line up with it
    by_tier = {
        t: columns(cut_rounds[t] if t < len(cut_rounds) else None, everyone, tiers)
        for t in set(tiers)
    }
    return _ranked(_Columns.merged([by_tier[t] for t in tiers]))


@dataclass(frozen=True, slots=True)
class _Columns:
    """What the rows of one standings are made of: the tally's columns (players, results,
    opponents) and the ones the standings add, a position per player in each."""

    tally: Tally
    name: list[str]
    values: list[TiebreakValues]
    as_of_round: list[int | None]
    shared: list[_Shared]
    key: list[tuple[int, ...]]
    """The sort key: the tier (how many cuts made), then the tiebreakers' integers."""

    @classmethod
    def of(
        cls,
        t: Tally,
        points: Points,
        names: Mapping[PlayerId, str],
        order: Sequence[str],
        horizon: int | None,
        tiers: list[int],
    ) -> _Columns:
        """The columns of `t`'s players, valued as of `horizon`; `tiers` (all 0 if empty)."""
        n = numerators(t.players, t.points, t.matches, t.game_points, t.games, t.opponents, points)
        values = frozen_rows(
            TiebreakValues, (n.mw, n.omw, n.gw, n.ogw, n.oomw, [n.scale] * len(n.mw))
        )
        sorted_on = {
            "points": t.points,
            "mw": n.mw,
            "omw": n.omw,
            "gw": n.gw,
            "ogw": n.ogw,
            "oomw": n.oomw,
        }
        size = len(t.players)
        key = list(zip(tiers or [0] * size, *(sorted_on[name] for name in order), strict=True))
        shared = _Shared(dict(zip(t.players, values, strict=True)), names)
        return cls(
            t,
            list(map(names.get, t.players, t.players)),
            values,
            [horizon] * size,
            [shared] * size,
            key,
        )

    @classmethod
    def merged(cls, by_position: Sequence[_Columns]) -> _Columns:
        """Position i of every column (the tally's too) from `by_position[i]` (columns that
        line up)."""

        def pick(columns: Iterable[list[Any]]) -> list[Any]:
            return [column[i] for i, column in enumerate(columns)]

        tallies = [c.tally for c in by_position]
        return cls(
            Tally(**{f.name: pick(getattr(t, f.name) for t in tallies) for f in fields(Tally)}),
            **{
                f.name: pick(getattr(c, f.name) for c in by_position)
                for f in fields(cls)
                if f.name != "tally"
            },
        )


def _ranked(c: _Columns) -> tuple[StandingRow, ...]:
    """The rows best first: by key, descending; exact ties by name, then id."""
    by_name = sorted(
        range(len(c.name)),
        key=list(zip(map(sort_key, c.name), c.tally.players, strict=True)).__getitem__,
    )
    ranked = sorted(by_name, key=c.key.__getitem__, reverse=True)  # stable: ties by name

    def by_rank(column: Sequence[T]) -> list[T]:
        return list(map(column.__getitem__, ranked))

    ranks = range(1, len(ranked) + 1)
    columns = (
        ranks,
        by_rank(c.tally.players),
        by_rank(c.name),
        *map(by_rank, result_columns(c.tally)),
        _tie_ranges(by_rank(c.key)),
        by_rank(c.values),
        by_rank(c.tally.opponents),
        by_rank(c.as_of_round),
        by_rank(c.shared),
    )
    return tuple(frozen_rows(StandingRow, columns))


def _tie_ranges(keys: list[tuple[int, ...]]) -> list[tuple[int, int]]:
    """(first rank, last rank) of the players sharing each sorted key: (rank, rank) for most.

    Only the positions where a key equals the next one are visited in Python: in a big
    event nearly every player's key is their own.
    """
    ranks = range(1, len(keys) + 1)
    ties = list(zip(ranks, ranks, strict=True))
    runs: list[list[int]] = []  # [first, last] positions of equal keys
    for i in compress(range(len(keys)), map(eq, keys, islice(keys, 1, None))):
        if runs and runs[-1][1] == i:  # keys[i] == keys[i + 1] goes on with a run
            runs[-1][1] = i + 1
        else:
            runs.append([i, i + 1])
    for first, last in runs:
        ties[first : last + 1] = repeat((first + 1, last + 1), last + 1 - first)
    return ties


def final_standings(
    event: EventData,
    *,
    tiebreakers: Sequence[str] = MTR_TIEBREAKERS,
    cuts: Sequence[int] = (),
    decided: Sequence[PlayerId] = (),
) -> tuple[FinalRow, ...]:
    """Standings after the top cut: the playoff players by how far they got, then the rest.

    A playoff player who reached a later elimination round places above one who went out
    earlier; in the same round the winner places above the loser (the finalists: champion
    first); players who went out in the same round keep their swiss order. Everyone else
    follows in swiss order. Unreported playoff matches count as reached, not won.

    Players tied on every swiss tiebreaker who went out in the same round share a place
    ("6-7", `FinalRow.tie_range`), unless the TO recorded their order (`decided`: the cut
    tie's order, best first), which then stands. A player who left the event during the
    playoff (dropped or disqualified, and not seated in a later playoff round) counts as
    going out in the last playoff round they played, below everyone who lost in it
    (docs/rules.md "Top cut").
    """
    swiss = compute_standings(event, tiebreakers=tiebreakers, cuts=cuts)
    reached = _playoff_reach(event)
    last = max((r.number for r in event.rounds if r.stage == "elimination"), default=0)
    left = {
        p.id
        for p in event.players
        if p.dropped_after_round is not None and p.id in reached and reached[p.id][0] < last
    }
    for p in left:
        reached[p] = (reached[p][0], False)
    order = {p: i for i, p in enumerate(decided)}
    unplaced = (0, False)

    def place(row: StandingRow) -> tuple[int, bool, bool]:
        return (*reached.get(row.player, unplaced), row.player not in left)

    def key(row: StandingRow) -> tuple[int, bool, bool, int, int]:
        return (*place(row), -row.tie_range[0], -order.get(row.player, -1))

    ordered = sorted(swiss, key=lambda row: (*key(row), -row.rank), reverse=True)
    ranges = _tie_ranges(
        [
            (*map(int, place(row)), *row.tie_range, i if row.player in order else -1)
            for i, row in enumerate(ordered)
        ]
    )  # equal keys: the same place, tied exactly, no order recorded: one shared place
    return tuple(
        FinalRow(
            rank=tie[0],
            player=row.player,
            name=row.name,
            playoff_round=reached[row.player][0] if row.player in reached else None,
            won_playoff_round=reached.get(row.player, unplaced)[1],
            swiss=row,
            tie_range=tie,
        )
        for row, tie in zip(ordered, ranges, strict=True)
    )


def _playoff_reach(event: EventData) -> dict[PlayerId, tuple[int, bool]]:
    """For every playoff player: the last elimination round played and whether they won it."""
    reached: dict[PlayerId, tuple[int, bool]] = {}
    playoff = sorted((r for r in event.rounds if r.stage == "elimination"), key=lambda r: r.number)
    for rnd in playoff:
        for match in rnd.matches:
            wins = match.wins
            for seat, p in enumerate(match.players):
                if match.is_bye:
                    won = True
                elif wins is None or len(wins) != len(match.players):
                    won = False  # not reported yet
                elif match.winner is not None:
                    won = match.winner == p
                else:
                    won = all(wins[seat] > w for other, w in enumerate(wins) if other != seat)
                reached[p] = (rnd.number, won)
    return reached
