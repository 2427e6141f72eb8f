"""Seasons: a store's league over its weekly events, and the leaderboard.

The leaderboard is computed each time it is read from every event's final
standings (`core.season.leaderboard`), never stored, so a result corrected in
a past event shows at once. The points scheme is `SeasonSettings`, declared
once. A season names no event, so its writes hold no event's lock: they are
plain transactions, journaled with the season's id.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from organizer.core.event import EventData
from organizer.core.formats.catalog import format_or_unknown
from organizer.core.season.leaderboard import Entry, EventResult, LeaderRow, leaderboard
from organizer.core.season.settings import SEASON_SETTINGS, SeasonSettings
from organizer.services.kit.changes import Done
from organizer.services.kit.errors import InputError, NotFoundError
from organizer.services.kit.write_lock import write
from organizer.services.players.people import final_places
from organizer.storage import (
    events_repo,
    journal_repo,
    seasons_repo,
    snapshot_repo,
)
from organizer.storage.database import Database, Tx
from organizer.storage.journal_repo import Action
from organizer.storage.seasons_repo import SeasonRecord

MAX_MULTIPLIER = 10


@dataclass(frozen=True, slots=True)
class Season:
    record: SeasonRecord
    settings: SeasonSettings
    events: tuple[tuple[int, int], ...]
    """(event id, multiplier) of each of its events, oldest first."""

    def as_json(self) -> dict[str, object]:
        r = self.record
        return {
            "id": r.id,
            "name": r.name,
            "from": r.date_from.isoformat(),
            "to": r.date_to.isoformat(),
            "formats": list(r.formats),
            "settings": self.settings.as_dict(),
            "events": [{"event_id": e, "multiplier": m} for e, m in self.events],
        }


def _record(s: Tx, season_id: int) -> SeasonRecord:
    found = seasons_repo.get(s, season_id)
    if found is None:
        raise NotFoundError(f"there is no season {season_id}")
    return found


def get_season(db: Database, season_id: int) -> Season:
    with db.reading() as s:
        record = _record(s, season_id)
        events = tuple(seasons_repo.events_of(s, record))
    return Season(record, SeasonSettings.from_stored(record.settings), events)


def list_seasons(db: Database) -> list[SeasonRecord]:
    with db.reading() as s:
        return seasons_repo.all_seasons(s)


def current_season(db: Database, today: dt.date | None = None) -> SeasonRecord | None:
    """The season whose dates hold `today` (the latest begun), for the players' page."""
    day = today or dt.date.today()
    running = [r for r in list_seasons(db) if r.date_from <= day <= r.date_to]
    return max(running, key=lambda r: (r.date_from, r.id)) if running else None


@write
def new_season(
    s: Tx, *, name: str, date_from: dt.date, date_to: dt.date, formats: tuple[str, ...] = ()
) -> Done[int]:
    name = " ".join(name.split())
    if not name:
        raise InputError("a season needs a name")
    if date_to < date_from:
        raise InputError(f"the season ends ({date_to}) before it begins ({date_from})")
    for f in formats:
        format_or_unknown(f)
    record = seasons_repo.insert(
        s,
        name=name,
        date_from=date_from,
        date_to=date_to,
        formats=formats,
        settings=SeasonSettings().as_dict(),
    )
    journal_repo.append(
        s, event_id=None, action=Action.SEASON_NEW, summary=f"new season {record.id}: {name}"
    )
    return Done(record.id)


@write
def set_setting(s: Tx, *, season_id: int, key: str, value: str) -> Done[SeasonSettings]:
    """Set one points setting from what the TO typed; the error names the setting."""
    record = _record(s, season_id)
    setting = SEASON_SETTINGS.get(key)
    if setting is None:
        raise InputError(f"no season setting {key!r}: one of {', '.join(SEASON_SETTINGS)}")
    try:
        parsed = setting.parse(value)
    except ValueError as exc:
        raise InputError(f"{key}: {exc}") from None
    stored = SeasonSettings.from_stored(record.settings).as_dict()
    stored[key] = setting.to_json(parsed)
    seasons_repo.save_settings(s, season_id, stored)
    journal_repo.append(
        s,
        event_id=None,
        action=Action.SEASON_CHANGE,
        summary=f"season {season_id}: {key} = {setting.text(parsed)}",
    )
    return Done(SeasonSettings.from_stored(stored))


def _event_exists(s: Tx, event_id: int) -> None:
    if events_repo.get_row(s, event_id) is None:
        raise NotFoundError(f"there is no event {event_id}")


@write
def include_event(s: Tx, *, season_id: int, event: int, included: bool) -> Done[None]:
    """Add an event to the season by hand, or take one out (`event`, not `event_id`: a
    season's change holds no event's lock)."""
    _record(s, season_id)
    _event_exists(s, event)
    seasons_repo.set_member(s, season_id=season_id, event_id=event, included=included)
    verb = "added event" if included else "removed event"
    journal_repo.append(
        s, event_id=None, action=Action.SEASON_CHANGE, summary=f"season {season_id}: {verb} {event}"
    )
    return Done(None)


@write
def set_multiplier(s: Tx, *, season_id: int, event: int, multiplier: int) -> Done[None]:
    _record(s, season_id)
    _event_exists(s, event)
    if not 1 <= multiplier <= MAX_MULTIPLIER:
        raise InputError(f"multiplier: {multiplier} is not between 1 and {MAX_MULTIPLIER}")
    seasons_repo.set_member(s, season_id=season_id, event_id=event, multiplier=multiplier)
    journal_repo.append(
        s,
        event_id=None,
        action=Action.SEASON_CHANGE,
        summary=f"season {season_id}: event {event} counts x{multiplier}",
    )
    return Done(None)


Placed = tuple[tuple[str, int, int, int], ...]
"""An event's final standing: (player code, place, Swiss wins, Swiss draws) per player."""

_PLACED: dict[tuple[str, int], tuple[int, Placed]] = {}
"""(database, event id) -> (the event's revision, its final standing): an event's standing
is computed again only after a write to it (every write bumps its revision), so a
leaderboard over a year of weeks reads one changed event, not fifty-two."""


def _placed(s: Tx, event_id: int) -> Placed:
    event: EventData = snapshot_repo.load(s, event_id=event_id)
    if not event.rounds:
        return ()
    return tuple(
        (r.player, r.rank, r.swiss.wins, r.swiss.draws)
        for r in final_places(s, event_id, event).values()
    )


def event_results(s: Tx, members: list[tuple[int, int]]) -> list[EventResult]:
    """Each event's part in a season: each person's final place and Swiss wins and draws,
    named as the person is now."""
    ids = [e for e, _ in members]
    revisions = seasons_repo.revisions(s, ids)
    person = seasons_repo.people_of(s, ids)
    results = []
    for event_id, multiplier in members:
        key = (s.db.location, event_id)
        cached = _PLACED.get(key)
        if cached is None or cached[0] != revisions[event_id]:
            cached = _PLACED[key] = (revisions[event_id], _placed(s, event_id))
        entries = tuple(
            Entry(*person[(event_id, code)], place, wins, draws)
            for code, place, wins, draws in cached[1]
        )
        results.append(EventResult(event_id, entries, multiplier))
    return results


def standings(db: Database, *, season_id: int) -> tuple[LeaderRow, ...]:
    """The season's leaderboard as its events stand now (see the module and `_PLACED`)."""
    with db.reading() as s:
        record = _record(s, season_id)
        results = event_results(s, seasons_repo.events_of(s, record))
    return leaderboard(results, SeasonSettings.from_stored(record.settings))


def leaderboard_json(rows: tuple[LeaderRow, ...]) -> dict[str, object]:
    """`season standings --json` (docs/json.md); the players' page would show the same."""
    return {
        "rows": [
            {
                "rank": r.rank,
                "person": r.person,
                "name": r.name,
                "points": r.points,
                "events": r.events,
                "counted": r.counted,
            }
            for r in rows
        ]
    }
