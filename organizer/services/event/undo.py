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
from organizer.storage import journal_repo, registrations_repo
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
        before: dict[str, Any] = entry.before
        registrations_repo.update(
            s,
            registration_id=int(before["registration_id"]),
            values={k: v for k, v in before.items() if k != "registration_id"},
        )
    journal_repo.mark_undone(s, entry_id=entry.id)
    summary = f"undid: {entry.summary}"
    journal_repo.append(s, event_id=event_id, action=Action.UNDO, summary=summary, undoes=entry.id)
    return Done(summary)


def _added_ids(entry: JournalEntry) -> list[int]:
    after: dict[str, Any] = entry.after
    if entry.action == Action.PLAYER_ADD:
        return [int(after["registration_id"])]
    return [int(i) for i in after["registration_ids"]]
