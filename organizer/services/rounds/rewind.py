"""Going back to just before a round was paired, and the points an event can go back to.

"Can you undo that?" after a round was paired on wrong results, or a whole round played
on a wrong pairing: the TO returns the event to the moment before round N was paired.
Nothing has to be saved beforehand: that moment is the event as it is now without rounds
N and later, without the drops after them (a drop after round N-1 was made before round
N was paired, so it stays) and without the penalties given in them. The penalties stay
on the judge log, marked removed "rewound to before round N".

A rewind is one `@write` under the event's lock: a result from another station waits
for it or is refused by its own checks afterwards (its round is gone), never half
applied. The whole event as it was (the export) is journaled in the entry's `before`,
so `undo` (services/event/undo.py) puts the rounds, their results, the drops and the
penalties back.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from organizer.core.event import EventData
from organizer.core.interchange import event_to_dict, parse_event
from organizer.core.views.round_view import RoundProgress, round_progress
from organizer.core.views.wording import plural
from organizer.services.event import undo as event_undo
from organizer.services.kit.changes import Done
from organizer.services.kit.errors import RefusedError
from organizer.services.kit.write_lock import write
from organizer.storage import (
    journal_repo,
    judges_repo,
    penalties_repo,
    registrations_repo,
    rounds_repo,
    snapshot_repo,
)
from organizer.storage.database import Database, Tx
from organizer.storage.journal_repo import Action, JournalEntry


@dataclass(frozen=True, slots=True)
class RewindPlan:
    """What going back to before round `round` would take away."""

    round: int
    rounds: tuple[int, ...]
    results: int
    drops: tuple[str, ...]
    """Players whose drop after round `round` or later is taken back ("Name (id)")."""
    penalties: tuple[str, ...]
    """Penalties given in those rounds ("Name: Game Loss, round 4")."""

    def describe(self) -> list[str]:
        lines = [
            f"Going back to before round {self.round} was paired removes "
            f"{plural(len(self.rounds), 'round')} ({', '.join(map(str, self.rounds))}) "
            f"with {plural(self.results, 'result')}."
        ]
        if self.drops:
            lines.append("Drops taken back: " + ", ".join(self.drops) + ".")
        if self.penalties:
            lines.append(
                "Penalties removed (they stay on the judge log, marked removed): "
                + "; ".join(self.penalties)
                + "."
            )
        lines.append("Undo brings it all back.")
        return lines


def history(db: Database, *, event_id: int) -> tuple[RoundProgress, ...]:
    """The points the event can go back to, one a round (just before it was paired), each
    with how far that round got."""
    with db.reading() as s:
        event = snapshot_repo.load(s, event_id=event_id)
    return tuple(round_progress(r) for r in event.rounds)


def _plan(s: Tx, event_id: int, event: EventData, number: int) -> RewindPlan:
    later = [r for r in event.rounds if r.number >= number]
    if not later:
        last = event.rounds[-1].number if event.rounds else None
        raise RefusedError(
            f"there is no round {number} to go back before"
            + (f" (the latest is round {last})" if last is not None else " (no round yet)")
        )
    drops = tuple(
        f"{p.name} ({p.id})"
        for p in event.players
        if p.dropped_after_round is not None and p.dropped_after_round >= number
    )
    penalties = tuple(
        f"{p.name}: {p.penalty}, round {p.round_number}"
        for p in penalties_repo.of_event(s, event_id=event_id)
        if p.removed_at is None and p.round_number is not None and p.round_number >= number
    )
    results = sum(1 for r in later for m in r.matches if not m.is_bye and m.reported)
    return RewindPlan(number, tuple(r.number for r in later), results, drops, penalties)


def plan(db: Database, *, event_id: int, round_number: int) -> RewindPlan:
    """What `rewind` would take away, changing nothing."""
    with db.reading() as s:
        event = snapshot_repo.load(s, event_id=event_id)
        return _plan(s, event_id, event, round_number)


@write
def rewind(s: Tx, *, event_id: int, round_number: int) -> Done[RewindPlan]:
    """Back to just before round `round_number` was paired; journaled, undoable."""
    event = snapshot_repo.load(s, event_id=event_id)
    done = _plan(s, event_id, event, round_number)
    registration_of = registrations_repo.registration_ids(s, event_id=event_id)
    removed_penalties = [
        p.id
        for p in penalties_repo.of_event(s, event_id=event_id)
        if p.removed_at is None and p.round_number is not None and p.round_number >= round_number
    ]
    for number in reversed(done.rounds):
        row = rounds_repo.get_round(s, event_id=event_id, number=number)
        assert row is not None and row.id is not None
        judges_repo.resolve_round_calls(s, event_id=event_id, round_number=number)
        rounds_repo.delete_round(s, round_id=row.id)
    drops = {
        p.id: p.dropped_after_round
        for p in event.players
        if p.dropped_after_round is not None and p.dropped_after_round >= round_number
    }
    for code in drops:
        registrations_repo.update(
            s, registration_id=registration_of[code], values={"dropped_after_round": None}
        )
    for penalty_id in removed_penalties:
        penalties_repo.mark_removed(
            s, penalty_id=penalty_id, reason=f"rewound to before round {round_number}"
        )
    journal_repo.append(
        s,
        event_id=event_id,
        action=Action.ROUND_REWIND,
        summary=f"went back to before round {round_number} was paired "
        f"({plural(len(done.rounds), 'round')}, {plural(done.results, 'result')} removed)",
        before={
            "round": round_number,
            "event": event_to_dict(event),
            "drops": drops,
            "penalties": removed_penalties,
        },
    )
    return Done(done)


UNDOABLE = (*event_undo.UNDOABLE, Action.ROUND_REWIND)
"""What `organizer undo` takes back: a registration action or a rewind, the newest first."""


def undo_last(db: Database, *, event_id: int) -> Done[str]:
    """Undo the newest undoable action: a rewind here, anything else by services/event/undo.py."""
    with db.reading() as s:
        entry = journal_repo.last_undoable(s, event_id=event_id, actions=UNDOABLE)
    if entry is None or entry.action != Action.ROUND_REWIND:
        return event_undo.undo_last(db, event_id=event_id)
    return _undo_rewind(db, event_id=event_id, entry_id=entry.id)


@write
def _undo_rewind(s: Tx, *, event_id: int, entry_id: int) -> Done[str]:
    entry = journal_repo.last_undoable(s, event_id=event_id, actions=UNDOABLE)
    if entry is None or entry.id != entry_id:  # another station undid or wrote meanwhile
        raise RefusedError("the event changed meanwhile: look again before undoing")
    summary = _put_back(s, event_id=event_id, entry=entry)
    journal_repo.mark_undone(s, entry_id=entry.id)
    journal_repo.append(
        s, event_id=event_id, action=Action.UNDO, summary=f"undid: {summary}", undoes=entry.id
    )
    return Done(f"undid: {summary}")


def _put_back(s: Tx, *, event_id: int, entry: JournalEntry) -> str:
    """Put back what the rewind `entry` took away."""
    before: dict[str, Any] = entry.before
    number = int(before["round"])
    if rounds_repo.later_round_numbers(s, event_id=event_id, after=number - 1):
        raise RefusedError(
            f"cannot undo '{entry.summary}': round {number} was paired again since; "
            "go back to before it first"
        )
    event = parse_event(json.dumps(before["event"]))
    registration_of = registrations_repo.registration_ids(s, event_id=event_id)
    for rnd in event.rounds:
        if rnd.number >= number:
            rounds_repo.insert_round(
                s, event_id=event_id, round_=rnd, registration_of=registration_of
            )
    for code, after in dict(before["drops"]).items():
        registrations_repo.update(
            s, registration_id=registration_of[code], values={"dropped_after_round": after}
        )
    for penalty_id in before["penalties"]:
        penalties_repo.unmark_removed(s, penalty_id=int(penalty_id))
    return entry.summary


def next_undo(db: Database, *, event_id: int) -> JournalEntry | None:
    """What Ctrl+Z would undo now (a registration change or a rewind), for the menu text."""
    with db.reading() as s:
        return journal_repo.last_undoable(s, event_id=event_id, actions=UNDOABLE)
