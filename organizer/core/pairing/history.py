"""What Swiss pairing needs to know about the rounds already played.

Holds `PairingHistory` and `pairing_history`: each player's match points, the
opponents they have met and the byes they have had, counted over the Swiss rounds
before a given round; and `swiss_round`, the round to pair or seat (its number,
that history, who sits out on an awarded bye, who is left), which the two-player
pairing and the multiplayer seating both start from. Standings with tiebreakers
live in `standings.py`; this is only the few facts the pairing rules read. Pure
Python: must not import Qt, SQL or any other organizer layer.

Rules applied (shared/spec/event-json.md): a match is won by the player with more
game wins, equal game wins is a draw; a bye is a match win; a multiplayer game
gives its `winner` the win points and everyone the draw points when it was drawn.
A player with no match in a round (not yet arrived, or absent) scores nothing for
it, so a late entry starts on 0 points.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence, Set
from dataclasses import dataclass

from organizer.core.event import EventData, Match, PlayerId, Points, Round


class PairingError(ValueError):
    """The event cannot be paired as asked (an earlier round is unfinished, an unknown player)."""


@dataclass(frozen=True, slots=True)
class PairingHistory:
    """Per player, listed like `event.players`: match points, opponents met, byes had.

    Opponents are positions in `event.players` too, which is what the pairing solver
    works on; `position` maps a player id to its position.
    """

    position: Mapping[PlayerId, int]
    points: Sequence[int]
    opponents: Sequence[Set[int]]
    byes: Sequence[int]


def pairing_history(event: EventData, before_round: int) -> PairingHistory:
    """Tally the Swiss rounds numbered below `before_round`; every one must be complete."""
    position = {p.id: i for i, p in enumerate(event.players)}
    if len(position) != len(event.players):
        raise PairingError("two players share an id")
    tally = _Tally(position, event.points)
    for rnd in event.rounds:
        if rnd.stage != "swiss" or rnd.number >= before_round:
            continue
        try:
            tally.add_round(rnd)
        except KeyError as exc:
            raise PairingError(f"round {rnd.number} names {exc} who is not in the event") from None
    return PairingHistory(position, tally.points, tally.met, tally.byes)


@dataclass(frozen=True, slots=True)
class SwissRound:
    """A Swiss round about to be paired or seated, as both the pairing and the seating read it.

    Positions are in `event.players`: who plays this round, who of them sits it out
    on an awarded bye, and who is left to pair or seat."""

    number: int
    history: PairingHistory
    awarded: list[int]
    to_seat: list[int]


def swiss_round(event: EventData, round_number: int | None) -> SwissRound:
    """Round `round_number` (default: the next) of `event`, over the rounds before it."""
    number = (
        round_number
        if round_number is not None
        else max((r.number for r in event.rounds), default=0) + 1
    )
    if number < 1:
        raise PairingError(f"round numbers start at 1, not {number}")
    history = pairing_history(event, number)
    players = event.players
    active = [i for i, p in enumerate(players) if p.active_in(number)]
    awarded = [i for i in active if players[i].awarded_byes >= number]
    to_seat = [i for i in active if players[i].awarded_byes < number]
    return SwissRound(number, history, awarded, to_seat)


class _Tally:
    def __init__(self, position: dict[PlayerId, int], scoring: Points) -> None:
        self.position = position
        self.scoring = scoring
        self.points = [0] * len(position)
        self.met: list[set[int]] = [set() for _ in position]
        self.byes = [0] * len(position)

    def add_round(self, rnd: Round) -> None:
        """Count one round (the hot loop: 16,000 matches take about 8 ms)."""
        position, points, met = self.position, self.points, self.met
        win, draw, loss = self.scoring.win, self.scoring.draw, self.scoring.loss
        for match in rnd.matches:
            seats = match.players
            if len(seats) == 2:
                a = position[seats[0]]
                b = position[seats[1]]
                met[a].add(b)
                met[b].add(a)
                wins = match.wins
                if wins is None:
                    raise PairingError(f"round {rnd.number} has a match without a result")
                if wins[0] == wins[1]:
                    points[a] += draw
                    points[b] += draw
                elif wins[0] > wins[1]:
                    points[a] += win
                    points[b] += loss
                else:
                    points[b] += win
                    points[a] += loss
            elif len(seats) == 1:
                points[position[seats[0]]] += win
                self.byes[position[seats[0]]] += 1
            else:
                self._add_multiplayer(match, rnd.number)

    def _add_multiplayer(self, match: Match, round_number: int) -> None:
        seats = [self.position[pid] for pid in match.players]
        for i in seats:
            self.met[i].update(j for j in seats if j != i)
        if match.winner is not None:
            winner = self.position[match.winner]
            for i in seats:
                self.points[i] += self.scoring.win if i == winner else self.scoring.loss
        elif match.draws:
            for i in seats:
                self.points[i] += self.scoring.draw
        else:
            raise PairingError(f"round {round_number} has a game without a result")
