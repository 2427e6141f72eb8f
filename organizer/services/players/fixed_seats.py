"""Fixed seats: the TO keeps a player at one table all day (a wheelchair, a player who
cannot walk the hall), as EventLink locks tables.

One write sets or clears the number, journaled so `organizer undo` takes it back and the
other stations follow. The pairing service reads the numbers back with the event and
renumbers each new round around them (`core.seating.fixed_tables`); a round already
paired keeps its tables. Decided here (docs/rules.md, "Fixed seats"): a table is fixed for
one player at a time among those still in the event, so two tables of a round never ask
for the same number; a dropped player's number is free again.
"""

from __future__ import annotations

from organizer.core.input_bounds import TABLE
from organizer.services.kit.changes import Done
from organizer.services.kit.errors import InputError, RefusedError
from organizer.services.kit.write_lock import write
from organizer.services.players.registration import player_in_event, write_fields
from organizer.storage import registrations_repo
from organizer.storage.database import Tx
from organizer.storage.journal_repo import Action
from organizer.storage.records import PlayerRecord


@write
def fix_table(
    s: Tx, *, event_id: int, registration_id: int, table: int | None
) -> Done[PlayerRecord]:
    """Seat the player at `table` in every round paired from now on (None: any table)."""
    player = player_in_event(s, event_id=event_id, registration_id=registration_id)
    if table is not None and not TABLE.low <= table <= TABLE.high:
        raise InputError(f"table must be from {TABLE.low} to {TABLE.high:,}, not {table}")
    if player.fixed_table == table:
        raise RefusedError(
            f"{player.name} has no fixed table"
            if table is None
            else f"{player.name} already sits at table {table}"
        )
    if table is not None:
        if player.dropped:
            raise RefusedError(f"{player.name} has dropped: take the drop back first")
        holder = next(
            (
                p
                for p in registrations_repo.players(s, event_id=event_id)
                if p.fixed_table == table and not p.dropped and p.code != player.code
            ),
            None,
        )
        if holder is not None:
            raise RefusedError(
                f"table {table} is fixed for {holder.name} ({holder.code}): clear theirs first"
            )
    write_fields(
        s,
        event_id=event_id,
        player=player,
        values={"fixed_table": table},
        action=Action.PLAYER_FIX_TABLE,
        summary=f"{player.name}: "
        + (f"fixed at table {table}" if table is not None else "no fixed table"),
    )
    return Done(player_in_event(s, event_id=event_id, registration_id=registration_id))
