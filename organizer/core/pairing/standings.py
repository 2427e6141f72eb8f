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

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import NamedTuple

from organizer.core.event import EventData, PlayerId
from organizer.core.formats.catalog import MTR_TIEBREAKERS
from organizer.core.pairing.tiebreakers import (
    Record,
    TiebreakValues,
    check_order,
    compute_records,
    sort_key,
    tiebreak_values,
)


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
    matches: int
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
    def mwp(self) -> Fraction:
        return self.values.mw

    @property
    def omw(self) -> Fraction:
        return self.values.omw

    @property
    def gwp(self) -> Fraction:
        return self.values.gw

    @property
    def ogw(self) -> Fraction:
        return self.values.ogw

    @property
    def oomw(self) -> Fraction:
        """Opponents' OMW (Conquest's second tiebreaker)."""
        return self.values.oomw

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
    """
    order = check_order(tiebreakers)
    swiss = [r for r in event.rounds if r.stage == "swiss"]
    if through_round is not None:
        swiss = [r for r in swiss if r.number <= through_round]
    last_seated: dict[PlayerId, int] = {}
    for rnd in swiss:
        for match in rnd.matches:
            for p in match.players:
                last_seated[p] = max(last_seated.get(p, 0), rnd.number)
    last_round = max((r.number for r in swiss), default=0)
    cut_rounds = sorted({c for c in cuts if c < last_round})

    names = {p.id: p.name for p in event.players}
    everyone = list(dict.fromkeys([*names, *last_seated]))
    horizons: dict[int | None, list[PlayerId]] = {}
    tier: dict[PlayerId, int] = {}
    for p in everyone:
        t = sum(1 for c in cut_rounds if last_seated.get(p, 0) > c)
        tier[p] = t
        horizons.setdefault(cut_rounds[t] if t < len(cut_rounds) else None, []).append(p)

    entries: list[tuple[tuple[object, ...], PlayerId, _Values]] = []
    for horizon, members in horizons.items():
        records = compute_records(
            swiss,
            event.points,
            event.best_of,
            through_round=horizon,
            players=everyone,
            missed_losses={p.id: p.missed_round_losses for p in event.players},
        )
        values = tiebreak_values(records, event.points)
        shared = _Shared(values, names)
        for p in members:
            key = (tier[p], *sort_key(values[p], order))
            entries.append((key, p, _Values(records[p], shared, horizon)))
    entries.sort(key=lambda e: (names.get(e[1], e[1]).casefold(), e[1]))
    entries.sort(key=lambda e: e[0], reverse=True)  # stable: ties stay in name order

    rows: list[StandingRow] = []
    start = 0
    while start < len(entries):
        end = start
        while end + 1 < len(entries) and entries[end + 1][0] == entries[start][0]:
            end += 1
        for i in range(start, end + 1):
            rows.append(_row(i + 1, (start + 1, end + 1), entries[i][1], entries[i][2]))
        start = end + 1
    return tuple(rows)


@dataclass(frozen=True, slots=True)
class _Values:
    record: Record
    shared: _Shared
    horizon: int | None


def _row(rank: int, tie_range: tuple[int, int], player: PlayerId, v: _Values) -> StandingRow:
    r = v.record
    return StandingRow(
        rank=rank,
        player=player,
        name=v.shared.names.get(player, player),
        points=r.points,
        wins=r.wins,
        losses=r.losses,
        draws=r.draws,
        byes=r.byes,
        matches=r.matches,
        game_points=r.game_points,
        games=r.games,
        tie_range=tie_range,
        values=v.shared.values[player],
        opponent_rounds=r.opponents,
        as_of_round=v.horizon,
        shared=v.shared,
    )


def final_standings(
    event: EventData,
    *,
    tiebreakers: Sequence[str] = MTR_TIEBREAKERS,
    cuts: Sequence[int] = (),
) -> tuple[FinalRow, ...]:
    """Standings after the top cut: the playoff players by how far they got, then the rest.

    A playoff player who reached a later elimination round places above one who went out
    earlier; in the same round the winner places above the loser (the finalists: champion
    first); players who went out in the same round keep their swiss order. Everyone else
    follows in swiss order. Unreported playoff matches count as reached, not won.
    """
    swiss = compute_standings(event, tiebreakers=tiebreakers, cuts=cuts)
    reached = _playoff_reach(event)
    unplaced = (0, False)
    ordered = sorted(
        swiss, key=lambda row: (*reached.get(row.player, unplaced), -row.rank), reverse=True
    )
    return tuple(
        FinalRow(
            rank=i,
            player=row.player,
            name=row.name,
            playoff_round=reached[row.player][0] if row.player in reached else None,
            won_playoff_round=reached.get(row.player, unplaced)[1],
            swiss=row,
        )
        for i, row in enumerate(ordered, start=1)
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
