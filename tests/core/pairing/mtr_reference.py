"""The MTR Appendix C percentages written plainly, one player at a time, in `Fraction`s.

The reference the app's integer path (`core.pairing.tiebreakers.numerators`: every player's
percentages as numerators over shared denominators) is checked against in
tests/core/pairing/test_tiebreakers.py. Only tests run it: it reads as the rulebook does, and
is too slow for 4,096 players.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from itertools import repeat

from organizer.core.event import PlayerId, Points
from organizer.core.pairing.tally import GAME_WIN_POINTS
from organizer.core.pairing.tiebreakers import FLOOR, Record, TiebreakValues, numerators


def match_win_percentage(record: Record, points: Points) -> Fraction:
    """MWP: match points / (win points x matches played), at least 1/3 (1/3 with no matches)."""
    possible = points.win * record.matches
    if possible <= 0:
        return FLOOR
    return max(FLOOR, Fraction(record.points, possible))


def game_win_percentage(record: Record) -> Fraction:
    """GWP: game points / (3 x games played), at least 1/3 (1/3 with no games)."""
    if record.games <= 0:
        return FLOOR
    return max(FLOOR, Fraction(record.game_points, GAME_WIN_POINTS * record.games))


def opponents_average(record: Record, values: Mapping[PlayerId, Fraction]) -> Fraction:
    """Mean of `values` over the record's opponents, one entry per match; 1/3 with none.

    With no opponents (only byes) the mean is undefined; 1/3 is the lowest any mean of floored
    percentages can be, so such a player sorts below every player with opponents.
    """
    opponents = record.opponents
    if not opponents:
        return FLOOR
    total = sum((values[o] for _, o in opponents), Fraction(0))
    return total / len(opponents)


def tiebreak_values(
    records: Mapping[PlayerId, Record], points: Points
) -> dict[PlayerId, TiebreakValues]:
    """The app's integer path for `records`: MWP, OMW, GWP, OGW and OOMW of every
    player as numerators over shared denominators (`numerators`), for comparing with the
    plain fractions above."""
    players = list(records)
    rows = list(records.values())
    match_points = [r.points for r in rows]
    n = numerators(
        players,
        match_points,
        [r.matches for r in rows],
        [r.game_points for r in rows],
        [r.games for r in rows],
        [r.opponents for r in rows],
        points,
    )
    values = map(TiebreakValues, n.mw, n.omw, n.gw, n.ogw, n.oomw, repeat(n.scale))
    return dict(zip(players, values, strict=True))


def reference_values(
    records: Mapping[PlayerId, Record], points: Points
) -> dict[PlayerId, tuple[Fraction, Fraction, Fraction, Fraction, Fraction]]:
    """(MWP, GWP, OMW, OGW, OOMW) of every player, worked out plainly from the rules."""
    mwp = {p: match_win_percentage(r, points) for p, r in records.items()}
    gwp = {p: game_win_percentage(r) for p, r in records.items()}
    omw = {p: opponents_average(r, mwp) for p, r in records.items()}
    return {
        p: (mwp[p], gwp[p], omw[p], opponents_average(r, gwp), opponents_average(r, omw))
        for p, r in records.items()
    }
