"""What a Conquest result must not overlook: a penalty given at the table before it; and
the one reading of a game with one loser.

A Game Loss or Match Loss at a Conquest table means the player loses its one game, and a
Disqualification takes the player out of it (docs/rules.md, "Penalties and the judge log").
Given before the result, the penalty can change no score yet, so a result that then names
that player the winner, or among those who drew, would drop it without a word. Two-player
tables warn through `penalties_repo.unplayed_game_losses`; here the result is refused until
the TO confirms it (`--confirm`, or Yes in the app). Kept apart from `results` so the result
rules stay one focused module.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from organizer.core import penalties as rules
from organizer.core.results import ResultError
from organizer.storage import penalties_repo
from organizer.storage.database import Tx

_TAKES_THE_GAME = (*rules.LOSSES, rules.DISQUALIFICATION)


def penalized_among(
    s: Tx,
    *,
    event_id: int,
    round_number: int,
    table: int,
    winner: str | None,
    drew: Collection[str],
) -> str | None:
    """Why a result naming `winner` (or `drew`) at this table needs the TO's confirmation;
    None when no player it favours has a standing loss or disqualification here."""
    favoured = ({winner} if winner is not None else set()) | set(drew)
    found = [
        p
        for p in penalties_repo.of_event(s, event_id=event_id)
        if not p.removed
        and (p.round_number, p.table) == (round_number, table)
        and p.penalty in _TAKES_THE_GAME
        and p.code in favoured
    ]
    if not found:
        return None
    given = "; ".join(f"{p.name} ({p.code}) has a {p.penalty} (penalty {p.id})" for p in found)
    role = (
        "the winner"
        if winner is not None and found[0].code == winner
        else ("among the players who drew")
    )
    return (
        f"table {table}: this result names a penalized player {role}: {given}, which means "
        "losing this table's game (docs/rules.md, Penalties and the judge log). Record the "
        "result without them, or enter it with --confirm if the judge decided so"
    )


def all_but_loser(
    codes: Sequence[str],
    loser: str | None,
    winner: str | None,
    drawn: Sequence[str] | None,
) -> Sequence[str] | None:
    """The players who drew when `loser` ended the game (1d: a concession or a destroyed
    last territory ends it, and that player loses; docs/rules.md, Conquest): everyone else
    at the table. `drawn` unchanged when no loser is named."""
    if loser is None:
        return drawn
    if winner is not None or drawn:
        raise ResultError("a game with one loser names neither a winner nor who drew")
    if loser not in codes:
        raise ResultError(f"{loser} does not sit there ({', '.join(codes)})")
    return [c for c in codes if c != loser]
