"""Checking a match result as written on a slip, before it is recorded.

A result is games won by each player and drawn games (`2-1`, `1-1-1`,
`0-0-3` for an intentional draw). What is possible depends on the match
length (best of 1, 3 or 5). Formats whose rules forbid a drawn game (WARS TCG,
"winning the game": tie breakers decide) refuse a drawn game unless the judge
names who won its tie breaker (that player takes the drawn game). A match that
is level at time without a drawn game (1-1) is recorded as it is, a drawn match:
no game nobody played is added (decided here, docs/rules.md "WARS TCG"; issue 25).
A match where no game finished is its unfinished game decided by the tie breaker
(`0-0-1`, tie breaker to A: 1-0); a tie breaker never gives more games than win the
match, and no match has more games than `max_games` (issue 36).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from organizer.core.views import wording

_SCORE = re.compile(r"^\s*(\d+)\s*[-/:]\s*(\d+)\s*(?:[-/:]\s*(\d+)\s*)?$")


class ResultError(ValueError):
    """A result that cannot be right; the message says why in the TO's words."""


@dataclass(frozen=True, slots=True)
class Score:
    a_wins: int
    b_wins: int
    draws: int = 0

    def __str__(self) -> str:
        return wording.score((self.a_wins, self.b_wins), self.draws)

    @property
    def drawn(self) -> bool:
        return self.a_wins == self.b_wins


def parse_score(text: str) -> Score:
    """`2-1`, `2-1-0`, `0-0-3` (also with `/` or `:`)."""
    m = _SCORE.match(text)
    if m is None:
        raise ResultError(
            f"{text!r} is not a score; write games won by each player, then draws: 2-1 or 1-1-1"
        )
    return Score(int(m.group(1)), int(m.group(2)), int(m.group(3) or 0))


def check_score(
    score: Score,
    *,
    best_of: int,
    draws_allowed: bool,
    tiebreak_winner: int | None = None,
    playoff: bool = False,
) -> Score:
    """The score to record, or `ResultError`.

    `tiebreak_winner` (0 for player A, 1 for B) is required when the format
    forbids drawn games and the score has one; it is refused otherwise. A `playoff`
    (top cut) match needs a winner: a level score is refused (docs/rules.md, Top cut).
    """
    checked = _check_score(score, best_of, draws_allowed, tiebreak_winner)
    if playoff and checked.drawn:
        raise ResultError(
            f"{checked} is level; a playoff match needs a winner: the players play another "
            "game, then enter the whole match (docs/rules.md, Top cut)"
        )
    return checked


def games_needed(best_of: int) -> int:
    """The games a player must win to take a best-of-`best_of` match: 1, 2 or 3."""
    return best_of // 2 + 1


def _check_score(
    score: Score, best_of: int, draws_allowed: bool, tiebreak_winner: int | None
) -> Score:
    needed = games_needed(best_of)
    if max(score.a_wins, score.b_wins) > needed:
        raise ResultError(
            f"{score}: in a best-of-{best_of} match nobody wins more than {needed} games"
        )
    if score.a_wins == needed and score.b_wins == needed:
        raise ResultError(f"{score}: both players cannot win the match")
    if score.a_wins + score.b_wins > best_of or score.draws > best_of:
        raise ResultError(f"{score}: more games than a best-of-{best_of} match has")
    games, most = score.a_wins + score.b_wins + score.draws, max_games(best_of)
    if games == 0:
        raise ResultError(
            "0-0: enter the games played (an intentional draw is 0-0-3)"
            if draws_allowed
            else "0-0: no game finished; the unfinished game goes to its tie breaker: enter "
            "0-0-1 (one drawn game) and name who won it: the tie breaker to A makes it 1-0"
        )
    if best_of == 1 and score.a_wins + score.b_wins + score.draws > 1:
        raise ResultError(
            f"{score}: a one-game match has one game: 1-0, 0-1 or a drawn game 0-0-1 "
            "(Warcaste 1d: every match is one game)"
        )
    if games > most:
        raise ResultError(
            f"{score} is {games} games, more than a best-of-{best_of} match can have: at most "
            f"{most} ({best_of} won or lost and {most - best_of} drawn; docs/rules.md, Results)"
        )
    if draws_allowed:
        if tiebreak_winner is not None:
            raise ResultError("a tie breaker winner is only asked for when draws are not allowed")
        return score
    if score.draws == 0:  # a level match (1-1 at time) is what happened: no game is invented
        if tiebreak_winner is not None:
            raise ResultError(f"{score} has no drawn game: no tie breaker is needed")
        return score
    if tiebreak_winner not in (0, 1):
        raise ResultError(
            f"{score}: this format has no drawn games; who won the tie breaker of the drawn game?"
        )
    # The tie breaker decides each drawn game (WARS "winning the game"); nothing more,
    # and never a game beyond the match's: 0-0-3 to A is not a 2-0 nobody played.
    a, b = score.a_wins, score.b_wins
    if tiebreak_winner == 0:
        a += score.draws
    else:
        b += score.draws
    if max(a, b) > needed:
        raise ResultError(
            f"{score} with the tie breaker to {'A' if tiebreak_winner == 0 else 'B'} gives "
            f"{a}-{b}, more than "
            f"the {needed} games that win the match: enter the games won as they stand and the "
            "unfinished game as one drawn game, 0-0-1"
        )
    return Score(a, b, 0)


def max_games(best_of: int) -> int:
    """The most games a best-of-`best_of` match can have, drawn ones included (decided
    here, docs/rules.md "Results"): its `best_of` won or lost games and at most
    `best_of - 1` drawn ones, so 1 in a best of 1 and 5 in a best of 3."""
    return 2 * best_of - 1


def table_draw(
    players: Sequence[str], winner: str | None, drawn: Sequence[str] | None
) -> tuple[str, ...]:
    """Who drew at a multiplayer (Conquest) table; () when `winner` won.

    docs/rules.md, Conquest (decided here): a game is won by one player and everyone
    else loses; when time ends it, the players still in draw. Naming nobody means
    everyone at the table drew; a draw needs two players or more (one player left
    is that player's win). Every path (a slip in the GUI, `organizer result`) asks here.
    """
    if winner is not None:
        if winner not in players:
            raise ResultError(f"{winner} does not sit there ({', '.join(players)})")
        if drawn:
            raise ResultError("a game with a winner has no drawn players")
        return ()
    named = list(dict.fromkeys(drawn or ()))
    unknown = [d for d in named if d not in players]
    if unknown:
        raise ResultError(f"{', '.join(unknown)} do not sit there")
    if len(named) == 1:
        raise ResultError(
            f"a draw needs two players or more; if only {named[0]} is left, that is a win"
        )
    return tuple(named) if named else tuple(players)
