"""An event as plain data: players, rounds, matches and their results.

This is the one picture of a tournament that pairing, standings, printing and
the event interchange JSON share. Storage maps its rows to these classes and
back; nothing here knows about databases or Qt.

A match seats one player (a bye), two (a normal match) or three to five (a
Warcaste Conquest game, rulebook 8c). Results count games: `wins[i]` is the
number of games won by `players[i]`, `draws` the drawn games. A multiplayer
game records its `winner`, or no winner with `draws == 1` for a drawn game:
`drawn` names who drew (the players still in at time, when the event's rule
says so); empty means everyone at the table drew.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Final, NewType

PlayerId = NewType("PlayerId", str)
"""A player's id inside one event: any string, unique in that event."""


@dataclass(frozen=True, slots=True)
class Points:
    """Match points for a win, a draw and a loss (3 / 1 / 0 unless a format says otherwise)."""

    win: int = 3
    draw: int = 1
    loss: int = 0

    def as_tuple(self) -> tuple[int, int, int]:
        """(win, draw, loss): how the settings and the events table hold them."""
        return (self.win, self.draw, self.loss)


STANDARD_POINTS: Final = Points().as_tuple()
"""3 / 1 / 0, said once: the event setting's default and a new event's columns."""


@dataclass(frozen=True, slots=True)
class Player:
    """A registered player as pairing and standings see them."""

    id: PlayerId
    name: str
    dropped_after_round: int | None = None
    awarded_byes: int = 0
    email: str | None = None
    missed_round_losses: int = 0
    """Rounds missed before a late entry that count as losses (an event setting)."""
    fixed_table: int | None = None
    """The table this player always sits at (accessibility: `core.seating.fixed_tables`)."""

    def active_in(self, round_number: int) -> bool:
        """Whether the player takes part in `round_number` (not dropped before it)."""
        return self.dropped_after_round is None or round_number <= self.dropped_after_round


@dataclass(frozen=True, slots=True)
class Match:
    """One table of one round, with its result once reported."""

    table: int | None
    players: tuple[PlayerId, ...]
    wins: tuple[int, ...] | None = None
    draws: int = 0
    winner: PlayerId | None = None
    drawn: tuple[PlayerId, ...] = ()

    @property
    def is_bye(self) -> bool:
        return len(self.players) == 1

    @property
    def is_multiplayer(self) -> bool:
        return len(self.players) > 2

    @property
    def reported(self) -> bool:
        """A bye is always complete; other matches once their game counts are in."""
        return self.is_bye or self.wins is not None

    @property
    def drew(self) -> tuple[PlayerId, ...]:
        """Who drew a multiplayer game without a winner: `drawn`, or everyone at the table
        when it names nobody. The one reading of an empty `drawn` (storage, standings,
        the interchange and the services all ask here)."""
        return self.drawn or self.players


@dataclass(frozen=True, slots=True)
class Round:
    number: int
    matches: tuple[Match, ...]
    stage: str = "swiss"  # "swiss" or "elimination"
    seed: int | None = None

    @property
    def complete(self) -> bool:
        return all(m.reported for m in self.matches)


@dataclass(frozen=True, slots=True)
class EventData:
    """A whole event, self-contained: what the interchange JSON describes."""

    name: str
    players: tuple[Player, ...]
    rounds: tuple[Round, ...] = ()
    date: dt.date | None = None
    format_id: str | None = None
    best_of: int = 1
    points: Points = field(default_factory=Points)

    def player(self, player_id: PlayerId) -> Player:
        for p in self.players:
            if p.id == player_id:
                return p
        raise KeyError(player_id)
