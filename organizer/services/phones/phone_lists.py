"""The TO's side of lists sent from phones: which came from the players' page, and locking.

A list a player sent stays theirs to change until the event's deadline; the
TO can lock it earlier (after reading it, or to stop last-minute swaps) and
unlock it again. Accepting an illegal list is the Decks tab's usual judge
acceptance (`decks.submit_deck` with a reason), which also makes the list
the TO's entry.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from organizer.core.views.times import as_utc
from organizer.services.decks.decks import DeckStatus, statuses_of
from organizer.services.kit.changes import Done
from organizer.services.kit.errors import RefusedError
from organizer.services.kit.write_lock import write
from organizer.storage import decks_repo, journal_repo, registrations_repo
from organizer.storage.database import Database, Tx
from organizer.storage.journal_repo import Action


@dataclass(frozen=True, slots=True)
class ListOrigin:
    by_player: bool
    submitted_at: dt.datetime
    locked: bool


def statuses_and_origins(
    db: Database, *, event_id: int
) -> tuple[list[DeckStatus], dict[int, ListOrigin]]:
    """`decks.deck_statuses` and `origins` from one read (the Decks tab refreshes both
    each time lists arrive from phones)."""
    with db.reading() as s:
        players = registrations_repo.players(s, event_id=event_id)
        rows = decks_repo.by_event(s, event_id=event_id, kind="deck")
    return statuses_of(players, rows), _origins(rows)


def _origins(rows: Mapping[int, Any]) -> dict[int, ListOrigin]:
    return {
        rid: ListOrigin(
            row.submitted_by == "player",
            as_utc(row.submitted_at),
            row.locked,
        )
        for rid, row in rows.items()
    }


@write
def set_locked(s: Tx, *, event_id: int, registration_id: int, locked_: bool) -> Done[None]:
    """Lock (or unlock) a player's list against changes from the players' page."""
    player = registrations_repo.get_in_event(s, event_id=event_id, registration_id=registration_id)
    if player is None:
        raise RefusedError(f"no registration {registration_id} in event {event_id}")
    if not decks_repo.set_locked(s, registration_id=registration_id, locked=locked_):
        raise RefusedError(f"{player.name} has no list to lock")
    journal_repo.append(
        s,
        event_id=event_id,
        action=Action.DECK_LOCK if locked_ else Action.DECK_UNLOCK,
        summary=f"{player.name}: list {'locked' if locked_ else 'unlocked'} "
        "against changes from the players' page",
    )
    return Done(None)
