"""Noticing what other stations changed, cheaply, so screens refresh only that.

Why: a result entered at the stage must show at the counter within two
seconds without anyone reloading. A watcher (the GUI runs one in a thread)
calls `look_again` every second, or as soon as PostgreSQL announces a write
(`storage.server.change_listener`): it reads every event's revision and the kinds of
the journal entries written since it last looked, and answers one `Changes`
per event that moved, naming what changed by the table a service's own
`Done` is derived from (`services.changes.ACTION_CHANGES`: a result →
results and players; a pairing → pairings…). A revision that
moved with no journal entry to explain it refreshes everything: never too
little. The station's own writes (through the same `Database`: the event
revisions it locked, the journal entries it appended, so also a new event or
a card pool) are left out: the screen that made them has refreshed already,
and "Updated from …" never names this station for its own write.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from organizer.services.kit.changes import EVERYTHING, Changes, changes_of
from organizer.storage import revisions_repo
from organizer.storage.database import Database


@dataclass(frozen=True, slots=True)
class Seen:
    """What a station last saw: every event's revision and the newest journal entry."""

    revisions: dict[int, int] = field(default_factory=dict)
    journal_id: int = 0


@dataclass(frozen=True, slots=True)
class RemoteChange:
    changes: Changes
    """What changed, with `event_id` set (None for what belongs to no event: card pools)."""
    actors: tuple[str, ...] = ()
    """Who wrote it (user@host), as the journal says."""


def first_look(db: Database) -> Seen:
    with db.reading() as s:
        return Seen(revisions_repo.revisions(s), revisions_repo.last_journal_id(s))


def look_again(db: Database, seen: Seen) -> tuple[Seen, list[RemoteChange]]:
    """What moved since `seen`; raises the database's errors when it cannot be reached."""
    with db.reading() as s:
        revisions = revisions_repo.revisions(s)
        entries = revisions_repo.actions_since(s, after_id=seen.journal_id)
    journal_id = entries[-1][0] if entries else seen.journal_id
    by_event: dict[int | None, tuple[Changes, tuple[str, ...]]] = {}
    only_own: set[int | None] = set()
    for entry_id, event_id, action, actor in entries:
        own = db.journaled_here(entry_id)  # this station's own write: shown already
        if event_id not in by_event and own:
            only_own.add(event_id)
        elif not own:
            only_own.discard(event_id)
        changes, actors = by_event.get(event_id, (Changes(), ()))
        by_event[event_id] = (
            changes | changes_of(action),
            actors if own or actor in actors else (*actors, actor),
        )
    if None in only_own:
        del by_event[None]  # card pools this station imported
    found: list[RemoteChange] = []
    for event_id in sorted(set(revisions) | set(seen.revisions)):
        old, new = seen.revisions.get(event_id), revisions.get(event_id)
        if old == new:
            continue
        if (
            old is not None
            and new is not None
            and db.written_here(event_id, range(old + 1, new + 1))
        ) or (old is None and event_id in only_own):  # an event this station created
            by_event.pop(event_id, None)  # this station's own writes: already shown
            continue
        changes, actors = by_event.pop(event_id, (EVERYTHING, ()))
        if event_id not in revisions or event_id not in seen.revisions:
            changes = changes | Changes(events=True)  # created or deleted elsewhere
        found.append(RemoteChange(replace(changes, event_id=event_id), actors))
    for event_id, (changes, actors) in by_event.items():
        if event_id is None or event_id not in revisions:  # card pools; a deleted event
            found.append(RemoteChange(changes | Changes(events=event_id is not None), actors))
    return Seen(revisions, journal_id), found
