"""What a penalty does: a Game Loss or Match Loss to the player's match, a Disqualification
to the player, and taking that back when the penalty is removed.

Called by `services.penalties` inside its locked transaction (`s` is that session). Every
score goes through the result rules (`results.write_two_player_result`), so it is checked
for the match length and format and journaled as a result or a correction. The decisions
are in docs/rules.md, "Penalties and the judge log"; the score arithmetic in
`core.penalties`.
"""

from __future__ import annotations

from typing import Any

from organizer.core import penalties as rules
from organizer.core.results import Score
from organizer.services.kit.errors import RefusedError
from organizer.services.players.registration import write_drop
from organizer.services.rounds.results import draws_allowed, write_two_player_result
from organizer.storage import (
    events_repo,
    journal_repo,
    penalties_repo,
    registrations_repo,
    rounds_repo,
)
from organizer.storage.database import Tx
from organizer.storage.journal_repo import Action
from organizer.storage.penalties_repo import PenaltyRecord
from organizer.storage.records import PlayerRecord
from organizer.storage.tables import MatchRow


def stored_score(s: Tx, match: MatchRow) -> Score | None:
    if match.status != "reported" or match.id is None:
        return None
    a, b = rounds_repo.seats_of(s, match_id=match.id)
    return Score(a.game_wins or 0, b.game_wins or 0, a.game_draws or 0)


def lose(
    s: Tx,
    event_id: int,
    number: int,
    match: MatchRow,
    who: PlayerRecord,
    named: str,
    warnings: list[str],
) -> dict[str, Any]:
    """Apply a Game Loss or Match Loss to the player's match; the effect to keep."""
    assert match.id is not None
    seats = rounds_repo.seats_of(s, match_id=match.id)
    if len(seats) == 1:
        raise RefusedError(
            f"{who.name} has a bye in round {number}: a bye has no game to lose "
            "(give the penalty in their next match; docs/rules.md)"
        )
    if len(seats) > 2:
        return _lose_at_conquest_table(s, match, seats, who, named)
    event = events_repo.get_row(s, event_id)
    assert event is not None
    seat = next(i for i, x in enumerate(seats) if x.registration_id == who.registration_id)
    old = stored_score(s, match)
    _refuse_a_cancelling_loss(s, event_id, number, match, who, named)
    if named == rules.GAME_LOSS:
        new = rules.after_game_loss(old, best_of=event.best_of, penalized=seat)
    else:
        new = rules.after_match_loss(best_of=event.best_of, penalized=seat)
    if new is None:
        warnings.append(
            f"table {match.table_no} has no result yet: {who.name} loses the game in progress "
            "(or the next); the slip is to count it"
        )
        return {"pending": True}
    if new == old:
        return {"unchanged": f"{old} stands (the match was already lost)"}
    draws_ok = draws_allowed(event.format_id)
    _, written = write_two_player_result(
        s,
        event_id=event_id,
        round_number=number,
        match_id=match.id,
        score=new,
        tiebreak_winner=1 - seat if new.draws > 0 and not draws_ok else None,
        correct=old is not None,
        how=f" ({named} for {who.name})",
    )
    warnings.extend(written)
    stored = stored_score(s, match)
    return {"before": None if old is None else str(old), "after": str(stored)}


def _refuse_a_cancelling_loss(
    s: Tx, event_id: int, number: int, match: MatchRow, who: PlayerRecord, named: str
) -> None:
    """Refuse a loss whose score would undo the opponent's standing loss at this table.

    Two losses at one table would cancel out: the second would give the match (or the game)
    back to the player who already lost it by a penalty. The app records no double loss
    (docs/rules.md, "Penalties and the judge log"), so the second is refused, naming the
    first; a Game Loss still waiting for its slip ("pending") changed no score and is no
    obstacle: each player's Game Loss is counted by the slip, in turn.
    """
    for earlier in penalties_repo.of_event(s, event_id=event_id):
        if (
            not earlier.removed
            and (earlier.round_number, earlier.table) == (number, match.table_no)
            and earlier.registration_id != who.registration_id
            and earlier.penalty in rules.LOSSES
            and earlier.effect.get("after") is not None
        ):
            raise RefusedError(
                f"{earlier.name} already has a {earlier.penalty} at table {match.table_no} "
                f"in round {number} (penalty {earlier.id}, {earlier.effect['after']}): a "
                f"{named} for {who.name} would hand that match back and cancel it out. The "
                "app records no double loss: keep one loss (the other on the log as a "
                f"Warning), or take the first back (penalty remove {earlier.id}) and record "
                f"the table's result as it should stand (result {match.table_no} SCORE "
                "--correct)"
            )


def _lose_at_conquest_table(
    s: Tx, match: MatchRow, seats: list[Any], who: PlayerRecord, named: str
) -> dict[str, Any]:
    """A Conquest table is one game: either loss means the player loses it (docs/rules.md)."""
    seat = next(x for x in seats if x.registration_id == who.registration_id)
    if match.status != "reported":
        return {"pending": True}
    table = match.table_no
    if match.winner_registration_id == who.registration_id:
        raise RefusedError(
            f"table {table}'s result names {who.name} the winner: record the table's result "
            f"as it should stand (result {table} WINNER_ID --correct), then give the {named}"
        )
    if seat.game_draws:
        raise RefusedError(
            f"table {table}'s result has {who.name} among the players who drew: record the "
            f"table's result as it should stand (result {table} WINNER_ID --correct), then give "
            f"the {named}"
        )
    return {"unchanged": f"{who.name} had already lost the game"}


def disqualify(
    s: Tx,
    event_id: int,
    number: int | None,
    match: MatchRow | None,
    who: PlayerRecord,
    warnings: list[str],
) -> dict[str, Any]:
    """Drop the player; a two-player match of theirs without a result is a Match Loss."""
    effect: dict[str, Any] = {}
    if match is not None and number is not None and match.id is not None:
        seats = rounds_repo.seats_of(s, match_id=match.id)
        if len(seats) == 2 and match.status != "reported":
            effect = lose(s, event_id, number, match, who, rules.MATCH_LOSS, warnings)
    if who.dropped:
        warnings.append(f"{who.name} was already dropped (after round {who.dropped_after_round})")
        return effect
    after = events_repo.rounds_paired(s, event_id=event_id)
    _disqualification_drop(s, event_id, who, after)
    return effect | {"dropped_after": after}


def restore_drop(s: Tx, event_id: int, found: PenaltyRecord, warnings: list[str]) -> None:
    """Take back the drop a removed Disqualification made, unless the drop changed since."""
    now = registrations_repo.get(s, registration_id=found.registration_id)
    assert now is not None
    if now.dropped_after_round != found.effect["dropped_after"]:
        warnings.append(f"{found.name}'s drop has changed since: left as it is")
        return
    _disqualification_drop(s, event_id, now, None)


def _disqualification_drop(
    s: Tx, event_id: int, who: PlayerRecord, after_round: int | None
) -> None:
    """Drop `who` after `after_round` for a Disqualification, or (None) take that drop back."""
    write_drop(
        s,
        event_id=event_id,
        player=who,
        after_round=after_round,
        action=Action.PENALTY_DROP if after_round is not None else Action.PENALTY_UNDROP,
        why="Disqualification" if after_round is not None else "Disqualification removed",
    )


def restore_score(s: Tx, event_id: int, found: PenaltyRecord, warnings: list[str]) -> None:
    effect = found.effect
    number, table = int(effect["round"]), int(effect["table"])
    round_row = rounds_repo.get_round(s, event_id=event_id, number=number)
    match = (
        rounds_repo.match_at_table(s, round_id=round_row.id, table=table)
        if round_row is not None and round_row.id is not None
        else None
    )
    now = stored_score(s, match) if match is not None else None
    if match is None or match.id is None or str(now) != effect["after"]:
        warnings.append(
            f"round {number} table {table}'s result is now {now or 'not entered'}, "
            f"not the {effect['after']} the penalty wrote: left as it is"
        )
        return
    before = effect.get("before")
    if before is None:
        rounds_repo.set_result(s, match_id=match.id, wins=None, draws=0)
        journal_repo.append(
            s,
            event_id=event_id,
            action=Action.RESULT_CLEAR,
            summary=f"round {number} table {table}: result cleared "
            f"(the {found.penalty} for {found.name} removed)",
        )
        return
    a, b, *rest = (int(x) for x in str(before).split("-"))
    _, written = write_two_player_result(
        s,
        event_id=event_id,
        round_number=number,
        match_id=match.id,
        score=Score(a, b, rest[0] if rest else 0),
        correct=True,
        how=f" (the {found.penalty} for {found.name} removed)",
    )
    warnings.extend(written)
