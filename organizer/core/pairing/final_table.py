"""Conquest playoffs: one final table of 3 to 5 players, never one-on-one games.

Warcaste 8c: Conquest "is designed for 3-5 players" and is won by destroying a
territory of each opponent. A Conquest event's playoff is therefore a Conquest
game (decided here, docs/rules.md "Top cut"; issue 25): `topcut 3|4|5` seats
the best 3, 4 or 5 players of the Swiss standings at one final table, the best
seed first; any other size is refused with the reason. A single-elimination
bracket of two-player matches would be Skirmish games, which a Conquest event
does not play.

The final table's winner is the champion. A final game without a winner (time
ended it: at time everyone at the table draws) names no champion: the same
table sits down for another game, as the next elimination round, until one
player wins.

Pure Python: must not import Qt, SQL or any other organizer layer.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from organizer.core.event import Match, PlayerId, Round

SIZES = (3, 4, 5)
"""Players at a Conquest final table (8c)."""


class FinalTableError(ValueError):
    """A final table the rules do not allow, or one that cannot go on yet."""


def check_size(size: int) -> None:
    """Refuses a Conquest playoff that is not one table of 3 to 5 players (8c)."""
    if size not in SIZES:
        raise FinalTableError(
            f"a Conquest playoff is one Conquest game: a final table of 3, 4 or 5 players "
            f"(Warcaste 8c), not a top {size}"
            + ("; one-on-one playoff games would be Skirmish, not Conquest" if size < 3 else "")
        )


@dataclass(frozen=True, slots=True)
class FinalTable:
    """The seeds (best first) and the final-table games played so far, in order."""

    seeds: tuple[PlayerId, ...]
    games: tuple[Match, ...] = ()

    @property
    def champion(self) -> PlayerId | None:
        return self.games[-1].winner if self.games else None

    @property
    def drawn_games(self) -> int:
        """Final games that ended without a winner (each was played again)."""
        return sum(1 for g in self.games if g.reported and g.winner is None)

    def next_game(self, number: int, gone: Collection[PlayerId] = ()) -> Round | None:
        """The next final-table game as Round `number`; None once there is a champion.

        A player in `gone` (dropped or disqualified) is not seated again; the others play
        on. Raises FinalTableError while the last game has no result, or when fewer than
        3 are left (8c: a Conquest game is 3 to 5 players; the TO decides).
        """
        if self.champion is not None:
            return None
        if self.games and not self.games[-1].reported:
            raise FinalTableError("the final table's game has no result yet")
        seated = tuple(p for p in self.seeds if p not in gone)
        if len(seated) < SIZES[0]:
            left = [p for p in self.seeds if p in gone]
            raise FinalTableError(
                f"{', '.join(left)} left the event: only {len(seated)} of the final table "
                "are still in, and a Conquest game is 3 to 5 players (8c); the TO decides"
            )
        return Round(number=number, matches=(Match(1, seated),), stage="elimination")


def final_table(seeds: Sequence[PlayerId], played: Sequence[Round] = ()) -> FinalTable:
    """The final table of `seeds` after the elimination rounds `played` (one game each)."""
    check_size(len(seeds))
    if len(set(seeds)) != len(seeds):
        raise FinalTableError("a player is seeded twice")
    games = []
    for rnd in played:
        seated = set(rnd.matches[0].players) if len(rnd.matches) == 1 else set()
        if not seated <= set(seeds) or len(seated) < SIZES[0]:  # a replay may lack who left
            raise FinalTableError(f"round {rnd.number} is not the final table")
        games.append(rnd.matches[0])
    return FinalTable(tuple(seeds), tuple(games))
