"""How many Swiss rounds to play, how big a top cut, and the single-elimination bracket.

Holds `recommended_structure` (Magic Tournament Rules, Appendix E, as the
organizer applies it) and the top-cut bracket: `bracket_order`, `build_bracket`
(seeds plus the elimination rounds played so far, as a structure a bracket view
can draw) and `next_elimination_round` (the next round's matches as a core
`Round`). Pure Python: must not import Qt, SQL or any other organizer layer.

Attendance to structure (Appendix E): 9-16 players: 5 rounds, top 4; 17-32: 5,
top 8; 33-64: 6, top 8; 65-128: 7, top 8; 129-226: 8, top 8; 227-409: 9, top 8;
410 or more: 10, top 8. Below 9 players Appendix E has no row; the organizer
plays ceil(log2 n) rounds (enough for at most one undefeated player) and no cut.

Bracket seeding is the standard one: seed s meets seed size + 1 - s, and the
bracket is ordered so that the top two seeds can meet only in the final
(top 8: 1-8, 4-5, 2-7, 3-6; top 4: 1-4, 2-3; top 16: 1-16, 8-9, 4-13, 5-12,
2-15, 7-10, 3-14, 6-11). The winner of match 2k meets the winner of match 2k + 1.
A match is won by the player with more game wins; the higher seed sits first.

A player who left the event (dropped, or disqualified) is never seated again: the
opponent advances on a bye in that playoff round (docs/rules.md "Top cut"; issue 36). When
both players of a match have left, nobody advances by rule and the round is refused
until the TO decides.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from organizer.core.event import Match, PlayerId, Round

_APPENDIX_E = ((16, 5, 4), (32, 5, 8), (64, 6, 8), (128, 7, 8), (226, 8, 8), (409, 9, 8))


class BracketError(ValueError):
    """Seeds or results that do not form a single-elimination bracket."""


class BothLeftError(BracketError):
    """Both players of a bracket match left the event: nobody advances by rule."""


@dataclass(frozen=True, slots=True)
class EventStructure:
    """Swiss rounds to play and the size of the top cut (0: no cut)."""

    swiss_rounds: int
    top_cut: int


def recommended_structure(players: int) -> EventStructure:
    """Swiss rounds and top cut for `players` entrants (see the module docstring)."""
    if players < 9:
        return EventStructure(math.ceil(math.log2(players)) if players > 1 else 0, 0)
    for most, rounds, cut in _APPENDIX_E:
        if players <= most:
            return EventStructure(rounds, cut)
    return EventStructure(10, 8)


def bracket_order(size: int) -> tuple[int, ...]:
    """Seeds in bracket order, two per first-round match: (1, 8, 4, 5, 2, 7, 3, 6) for 8."""
    if size < 2 or size & (size - 1):
        raise BracketError(f"a bracket needs a power of two players, not {size}")
    order = [1, 2]
    while len(order) < size:
        n = 2 * len(order)
        order = [s for seed in order for s in (seed, n + 1 - seed)]
    return tuple(order)


@dataclass(frozen=True, slots=True)
class Seat:
    """A player in the bracket with their seed (1 = best after the Swiss rounds)."""

    seed: int
    player: PlayerId


@dataclass(frozen=True, slots=True)
class BracketMatch:
    """Two seats (None while the earlier match feeding it is undecided) and the winner."""

    top: Seat | None
    bottom: Seat | None
    winner: Seat | None = None


@dataclass(frozen=True, slots=True)
class Bracket:
    """Elimination rounds, first round first; each has half the matches of the one before.

    `played` counts the rounds that have been paired so far (with or without results).
    """

    rounds: tuple[tuple[BracketMatch, ...], ...]
    played: int = 0

    @property
    def champion(self) -> Seat | None:
        return self.rounds[-1][0].winner


def build_bracket(seeds: Sequence[PlayerId], played: Sequence[Round] = ()) -> Bracket:
    """The bracket for `seeds` (best first) after the elimination rounds `played`, in order.

    A played round's matches are found by their two players; a match without a
    result (or with equal game wins) leaves its winner open.
    """
    if len(set(seeds)) != len(seeds):
        raise BracketError("a player is seeded twice")
    order = bracket_order(len(seeds))
    seats = [Seat(s, seeds[s - 1]) for s in order]
    current = [_decide(seats[i], seats[i + 1], played[:1]) for i in range(0, len(seats), 2)]
    rounds = [tuple(current)]
    depth = 1
    while len(current) > 1:
        current = [
            _decide(current[i].winner, current[i + 1].winner, played[depth : depth + 1])
            for i in range(0, len(current), 2)
        ]
        rounds.append(tuple(current))
        depth += 1
    if len(played) > len(rounds):
        raise BracketError(f"{len(played)} elimination rounds for a {len(rounds)}-round bracket")
    return Bracket(tuple(rounds), len(played))


def next_elimination_round(
    bracket: Bracket, number: int, gone: Collection[PlayerId] = ()
) -> Round | None:
    """The bracket round after the played ones, as Round `number`; None after the final.

    A player in `gone` (left the event) is not seated: the opponent advances on a bye.
    Raises BracketError while the round before still waits for a winner, or when both
    players of a match have gone.
    """
    if bracket.played >= len(bracket.rounds):
        return None
    tables: list[Match] = []
    byes: list[Match] = []
    for m in bracket.rounds[bracket.played]:
        if m.top is None or m.bottom is None:
            raise BracketError("the previous elimination round is not finished")
        present = [s.player for s in (m.top, m.bottom) if s.player not in gone]
        if not present:
            raise BothLeftError(
                f"{m.top.player} and {m.bottom.player} have both left the event: nobody "
                "advances by rule from their match; the TO decides"
            )
        if len(present) == 1:
            byes.append(Match(table=None, players=(present[0],)))
        else:
            tables.append(Match(table=len(tables) + 1, players=(m.top.player, m.bottom.player)))
    return Round(number=number, matches=(*tables, *byes), stage="elimination")


def _decide(a: Seat | None, b: Seat | None, played: Sequence[Round]) -> BracketMatch:
    if a is None or b is None:
        return BracketMatch(a, b)
    top, bottom = (a, b) if a.seed < b.seed else (b, a)
    for rnd in played:
        for match in rnd.matches:
            if match.is_bye and match.players[0] in (top.player, bottom.player):
                # the other player left the event: not seated, the one present advances
                if match.players[0] == top.player:
                    return BracketMatch(top, None, top)
                return BracketMatch(None, bottom, bottom)
            if set(match.players) != {top.player, bottom.player}:
                continue
            wins = match.wins
            if wins is None or wins[0] == wins[1]:
                return BracketMatch(top, bottom)
            first = wins[0] > wins[1]
            winner_id = match.players[0] if first else match.players[1]
            return BracketMatch(top, bottom, top if winner_id == top.player else bottom)
    return BracketMatch(top, bottom)
