"""A tie across the top-cut line, shown before the cut and broken only as the TO decides.

Players equal on every tiebreaker share a rank ("4-6"). When such a group
straddles the cut (some of them make the top N, some do not), no rule in the
standings separates them: listing them by name is only an order to print in.
Decided here (docs/rules.md, "Top cut"; issue 25): the cut is not seeded until
the TO says how to break the tie, one of

- `name`: the standings' listing order (by name), taken as it is;
- `random`: a random draw from a recorded seed, so it can be replayed;
- an explicit order of every tied player, best first.

The tie is also broken this way inside the cut when it straddles the line, so
the seeds of the tied players who make it follow the same decision.

Pure Python: must not import Qt, SQL or any other organizer layer.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from organizer.core.event import PlayerId
from organizer.core.pairing.standings import StandingRow
from organizer.core.views.wording import percent

LABELS = {"points": "points", "mw": "MW", "omw": "OMW", "gw": "GW", "ogw": "OGW", "oomw": "OOMW"}


class CutLineError(ValueError):
    """An order that is not every tied player exactly once; the message says what is wrong."""


@dataclass(frozen=True, slots=True)
class CutTie:
    """Players tied exactly on every tiebreaker across the line of a top `size`."""

    size: int
    ranks: tuple[int, int]
    """First and last rank the tied players share in the standings."""
    start: int
    """Where the first of them stands among the players still in (0-based)."""
    players: tuple[PlayerId, ...]
    """In the standings' listing order (by name)."""
    names: tuple[str, ...]
    values: tuple[tuple[str, str], ...]
    """(tiebreaker, value) they all have, in the event's tiebreaker order."""

    @property
    def places(self) -> int:
        """How many of the tied players make the cut."""
        return self.size - self.start

    def describe(self) -> str:
        """ "ranks 4-6: Ann (p1), Bo (p2), Cy (p3) have 9 points, OMW 55.56% … each; 1 of
        them makes the top 4, and no tiebreaker separates them"."""
        who = ", ".join(f"{n} ({p})" for p, n in zip(self.players, self.names, strict=True))
        values = ", ".join(f"{label} {value}" for label, value in self.values)
        return (
            f"ranks {self.ranks[0]}-{self.ranks[1]}: {who} have the same {values}; "
            f"{self.places} of them make{'s' if self.places == 1 else ''} the top {self.size}, "
            "and no tiebreaker separates them (the standings only list them by name)"
        )


def _value(row: StandingRow, name: str) -> str:
    if name == "points":
        return str(row.points)
    value: Fraction = getattr(row.values, name)
    return f"{percent(value)}%"


def tie_across_cut(
    rows: Sequence[StandingRow], size: int, tiebreakers: Sequence[str]
) -> CutTie | None:
    """The tie across the line of a top `size` among `rows` (the players still in, best
    first), or None."""
    if len(rows) <= size:
        return None
    boundary = rows[size - 1]
    at = [i for i, r in enumerate(rows) if r.tie_range == boundary.tie_range]
    if at[-1] < size:
        return None
    tied = [rows[i] for i in at]
    return CutTie(
        size=size,
        ranks=boundary.tie_range,
        start=at[0],
        players=tuple(r.player for r in tied),
        names=tuple(r.name for r in tied),
        values=tuple((LABELS.get(t, t), _value(boundary, t)) for t in tiebreakers),
    )


def random_order(tie: CutTie, seed: int) -> tuple[PlayerId, ...]:
    """The tied players drawn in a random order from `seed` (the same seed, the same draw)."""
    drawn = list(tie.players)
    random.Random(seed).shuffle(drawn)
    return tuple(drawn)


def check_order(tie: CutTie, order: Sequence[str]) -> tuple[PlayerId, ...]:
    """`order` if it names every tied player exactly once; CutLineError saying what is wrong."""
    wanted = set(tie.players)
    unknown = [p for p in order if p not in wanted]
    if unknown:
        raise CutLineError(
            f"{', '.join(unknown)} {'is' if len(unknown) == 1 else 'are'} not in the tie "
            f"(the tied players are {', '.join(tie.players)})"
        )
    twice = sorted({p for p in order if list(order).count(p) > 1})
    if twice:
        raise CutLineError(f"{', '.join(twice)} named twice in the order")
    missing = [p for p in tie.players if p not in order]
    if missing:
        raise CutLineError(
            f"the order must name every tied player, best first; missing: {', '.join(missing)}"
        )
    return tuple(PlayerId(p) for p in order)


def seeds_with(
    rows: Sequence[StandingRow], size: int, tie: CutTie | None, order: Sequence[PlayerId]
) -> list[PlayerId]:
    """The top `size` seeds, the tied group (if any) in `order` at its place."""
    players = [r.player for r in rows]
    if tie is not None:
        players[tie.start : tie.start + len(tie.players)] = list(order)
    return players[:size]
