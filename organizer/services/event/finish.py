"""The TO closes an event (`organizer finish`): it is over, whatever its rounds say.

An event is also over when its planned rounds and top cut all have results
(`core.event_end`); closing it by hand is for an event ended early or
played without a planned number of rounds. What waits for an event to be over
(forgetting a player who asks) reads `finished_at`.
"""

from __future__ import annotations

import datetime as dt

from organizer.core.event import EventData, PlayerId
from organizer.core.event_end import still_playing
from organizer.core.event_settings import EventSettings
from organizer.core.pairing.event_standings import final_of
from organizer.core.pairing.standings import FinalRow
from organizer.services.kit.changes import Done
from organizer.services.kit.errors import RefusedError
from organizer.services.kit.write_lock import write
from organizer.storage import events_repo, journal_repo
from organizer.storage.database import Tx
from organizer.storage.journal_repo import Action
from organizer.storage.records import EventRecord


@write
def finish_event(s: Tx, *, event_id: int) -> Done[dt.datetime]:
    row = events_repo.get_row(s, event_id)
    assert row is not None  # the lock found it
    if row.finished_at is not None:
        raise RefusedError(f"event {event_id} was closed on {row.finished_at:%Y-%m-%d %H:%M}")
    row.finished_at = dt.datetime.now(dt.UTC)
    s.add(row)
    journal_repo.append(
        s, event_id=event_id, action=Action.EVENT_FINISH, summary="closed the event"
    )
    return Done(row.finished_at)


def still_played(record: EventRecord, event: EventData) -> str | None:
    """What keeps a stored event from being over (`core.event_end`), its closing and its top
    cut read off its record: what prizes and publishing wait for."""
    return still_playing(
        event,
        record.planned_rounds,
        closed=record.finished_at is not None,
        cut_started=record.playoff_seeds is not None,
    )


def final_rows_in(
    s: Tx, *, event_id: int, event: EventData, settings: EventSettings | None = None
) -> tuple[FinalRow, ...]:
    """The final standings of `event` (as read, or with its names as published) with the
    TO's order of a tie across the cut line, as the cut journaled it: every place the app
    shows, prints, publishes, gives a prize or season points for (docs/rules.md).
    `settings`: the event's, when already read."""
    if settings is None:
        row = events_repo.get_row(s, event_id)
        assert row is not None
        settings = events_repo.settings_of(row)
    decided = tuple(PlayerId(p) for p in journal_repo.cut_tie_order(s, event_id=event_id))
    return final_of(event, settings, decided)
