"""Penalties a judge gives, and what a Game Loss or Match Loss does to a match's score.

The rulebooks define no penalties; docs/rules.md, "Penalties and the judge log",
states what the app decided (the four penalties, the default infraction
categories, how a penalty changes a score, what counts as an upgrade). This
module holds those decisions as data and pure functions, so the services, the
command line, the GUI and the printed report ask one place. Pure Python: no
Qt, no SQL.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from organizer.core.results import Score, games_needed

WARNING = "Warning"
GAME_LOSS = "Game Loss"
MATCH_LOSS = "Match Loss"
DISQUALIFICATION = "Disqualification"

PENALTIES: tuple[str, ...] = (WARNING, GAME_LOSS, MATCH_LOSS, DISQUALIFICATION)
"""Every penalty, lightest first; each has its one effect (docs/rules.md)."""

LOSSES: tuple[str, ...] = (GAME_LOSS, MATCH_LOSS)
"""Penalties that change the score of the player's match."""

DEFAULT_CATEGORIES: tuple[str, ...] = (
    "Tardiness",
    "Deck/Decklist Problem",
    "Game Play Error",
    "Procedural Error",
    "Slow Play",
    "Unsporting Conduct",
    "Cheating",
)
"""The infraction categories of a new event (an event setting, `penalty_categories`)."""


class PenaltyError(ValueError):
    """A penalty that cannot be given as asked; the message says why in the judge's words."""


def _match_word(text: str, choices: Sequence[str], what: str, plural: str) -> str:
    """`text` as one of `choices`, compared without case, spaces or hyphens."""

    def key(s: str) -> str:
        return "".join(ch for ch in s.casefold() if ch.isalnum())

    wanted = key(text)
    for choice in choices:
        if key(choice) == wanted:
            return choice
    raise PenaltyError(f"{text!r} is not a {what}; the {plural} are: {', '.join(choices)}")


def penalty_named(text: str) -> str:
    """The penalty `text` names ("game loss", "GameLoss", "Game Loss" are all Game Loss)."""
    return _match_word(text, PENALTIES, "penalty", "penalties")


def category_named(text: str, categories: Sequence[str]) -> str:
    """The event's category `text` names, spelled as the event spells it."""
    return _match_word(text, categories, "category", "categories")


def _as_player(score: Score, penalized: int) -> tuple[int, int, int]:
    """(penalized player's games, opponent's games, draws)."""
    if penalized == 0:
        return score.a_wins, score.b_wins, score.draws
    return score.b_wins, score.a_wins, score.draws


def _from_player(own: int, other: int, draws: int, penalized: int) -> Score:
    return Score(own, other, draws) if penalized == 0 else Score(other, own, draws)


def after_game_loss(score: Score | None, *, best_of: int, penalized: int) -> Score | None:
    """The match's score once seat `penalized` (0 for A, 1 for B) takes a Game Loss.

    The opponent gets a game. In a match with no result yet that game is the
    match's next one: a one-game match is then over (the opponent wins 1-0),
    a longer one goes on and None is returned (its slip will show that game).
    In a match with a result, the game is added when the match has room for
    it; otherwise it takes the place of a game the player won, or else of a
    drawn game. The opponent never gets more games than the match needs.
    """
    if score is None:
        return _from_player(0, 1, 0, penalized) if best_of == 1 else None
    own, other, draws = _as_player(score, penalized)
    other = min(other + 1, games_needed(best_of))
    if own + other + draws > best_of:
        if own > 0:
            own -= 1
        elif draws > 0:
            draws -= 1
    return _from_player(own, other, draws, penalized)


def after_match_loss(*, best_of: int, penalized: int) -> Score:
    """The match's score once seat `penalized` takes a Match Loss: lost by every game needed."""
    return _from_player(0, games_needed(best_of), 0, penalized)


@dataclass(frozen=True, slots=True)
class Given:
    """One penalty already on the log, as much as the upgrade rule reads."""

    player: str
    category: str
    penalty: str


def earlier_warnings(history: Sequence[Given], given: Given) -> int:
    """How many Warnings `given.player` already has in `given.category` on `history`.

    A Warning given when this is 1 or more is an upgrade (docs/rules.md): by
    common practice the second Warning of a kind becomes a Game Loss, and the
    judge decides.
    """
    return sum(
        1
        for g in history
        if g.player == given.player and g.category == given.category and g.penalty == WARNING
    )


def upgrade_flags(history: Sequence[Given]) -> list[int]:
    """For each penalty of `history` (in the order given), the Warnings of its kind before it.

    Non-zero on a Warning marks an upgrade ("2nd Warning"); 0 elsewhere.
    """
    flags: list[int] = []
    for index, given in enumerate(history):
        before = earlier_warnings(history[:index], given) if given.penalty == WARNING else 0
        flags.append(before)
    return flags


def ordinal(n: int) -> str:
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(n % 10 if n % 100 not in (11, 12, 13) else 0, "th")
    return f"{n}{suffix}"


DETAIL_SEPARATOR = " \u00b7 "
"""Between the parts of a penalty's details, on paper and on the command line alike."""


def penalty_details(*, note: str, effect: str, upgrade: str, removed: str | None) -> str:
    """A penalty in words after its columns: the judge's note, what it did to the match
    (a removed one's effect as what it "had"), an upgrade, a removal and its reason.

    The one wording of a penalty: the printed penalty report's second line and the
    command line's `penalty list` both say this (issue 35), so the paper and the
    terminal never word the same penalty two ways."""
    parts = [
        note,
        f"had: {effect}" if effect and removed is not None else effect,
        f"UPGRADE: {upgrade}" if upgrade else "",
        f"REMOVED: {removed}" if removed is not None else "",
    ]
    return DETAIL_SEPARATOR.join(p for p in parts if p)
