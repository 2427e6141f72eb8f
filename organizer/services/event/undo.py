"""Undo of registration actions, read back from the action journal.

The journal entry of each registration call holds the before/after the undo
needs. Undoing marks that entry undone and journals the undo itself, so the
audit trail keeps both. Once a player has been paired, removing them would
rewrite history: such an undo is refused with the reason.
"""

from __future__ import annotations

from typing import Any

from organizer.services.kit.changes import Done
from organizer.services.kit.errors import RefusedError
from organizer.services.kit.write_lock import write
from organizer.storage import events_repo, journal_repo, registrations_repo
from organizer.storage.database import Database, Tx
from organizer.storage.journal_repo import Action, JournalEntry

UNDOABLE = (
    Action.PLAYER_ADD,
    Action.PLAYER_EDIT,
    Action.PLAYER_DROP,
    Action.PLAYER_UNDROP,
    Action.PLAYERS_IMPORT,
    Action.PLAYER_CHECKIN,
    Action.PLAYER_PAID,
    Action.PLAYER_FIX_TABLE,
)


def next_undo(db: Database, *, event_id: int) -> JournalEntry | None:
    """What Ctrl+Z would undo now (for the menu text), or None."""
    with db.reading() as s:
        return journal_repo.last_undoable(s, event_id=event_id, actions=UNDOABLE)


@write
def undo_last(s: Tx, *, event_id: int) -> Done[str]:
    entry = journal_repo.last_undoable(s, event_id=event_id, actions=UNDOABLE)
    if entry is None:
        raise RefusedError("there is nothing to undo")
    if entry.action in (Action.PLAYER_ADD, Action.PLAYERS_IMPORT):
        ids = _added_ids(entry)
        seated = [i for i in ids if registrations_repo.is_seated(s, registration_id=i)]
        if seated:
            raise RefusedError(
                f"cannot undo '{entry.summary}': {len(seated)} of those players are "
                "already paired; drop them instead"
            )
        registrations_repo.delete(s, registration_ids=ids)
    else:
        _restore(s, entry)
    journal_repo.mark_undone(s, entry_id=entry.id)
    summary = f"undid: {entry.summary}"
    if entry.action == Action.PLAYER_DROP:
        back = _back_to_waiting(s, event_id=event_id, drop=entry)
        summary += "".join(f"; {name} is back on the waiting list" for name in back)
    journal_repo.append(s, event_id=event_id, action=Action.UNDO, summary=summary, undoes=entry.id)
    return Done(summary)


def _restore(s: Tx, entry: JournalEntry) -> None:
    """Put back the registration fields `entry` changed, as its `before` holds them."""
    before: dict[str, Any] = entry.before
    registrations_repo.update(
        s,
        registration_id=int(before["registration_id"]),
        values={k: v for k, v in before.items() if k != "registration_id"},
    )


def _back_to_waiting(s: Tx, *, event_id: int, drop: JournalEntry) -> list[str]:
    """The player back from a drop takes a place again: while the event is over its cap,
    whoever came in from the waiting list since that drop, newest first, goes back to their
    old place on the list (names, in that order). Why: the drop let them in; without this
    an undone drop left the event over its cap. Not once round 1 is paired (they play)."""
    row = events_repo.get_row(s, event_id)
    assert row is not None
    cap = events_repo.settings_of(row).cap
    if not cap or events_repo.rounds_paired(s, event_id=event_id) > 0:
        return []
    players = registrations_repo.players(s, event_id=event_id)
    names = {p.registration_id: p.name for p in players}
    came_in = journal_repo.undoable_since(
        s, event_id=event_id, after=drop.id, action=Action.PLAYER_FROM_WAITING
    )
    back = came_in[: max(0, sum(p.holds_place for p in players) - cap)]
    for entry in back:
        _restore(s, entry)
        journal_repo.mark_undone(s, entry_id=entry.id)
    return [names[int(entry.before["registration_id"])] for entry in back]


def _added_ids(entry: JournalEntry) -> list[int]:
    after: dict[str, Any] = entry.after
    if entry.action == Action.PLAYER_ADD:
        return [int(after["registration_id"])]
    return [int(i) for i in after["registration_ids"]]
