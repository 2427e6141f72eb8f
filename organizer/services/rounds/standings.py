"""Standings of an event, always recomputed from every recorded result.

Nothing is cached: a corrected result in round 2 shows in the standings the
moment it is saved. The tiebreaker order is the format's, unless the event's
settings name another (`EventSettings.tiebreakers`).
"""

from __future__ import annotations

from organizer.core.event import PlayerId
from organizer.core.pairing.event_standings import final_of as final_of
from organizer.core.pairing.event_standings import standings_of as standings_of
from organizer.core.pairing.event_standings import tiebreaker_order as tiebreaker_order
from organizer.core.pairing.standings import FinalRow, StandingRow
from organizer.core.views.standings_lines import StandingLine
from organizer.core.views.standings_lines import final_lines as core_final_lines
from organizer.services.event.events import get_event
from organizer.services.event.interchange import load_event
from organizer.storage import journal_repo
from organizer.storage.database import Database
from organizer.storage.journal_repo import Action


def standings(db: Database, *, event_id: int) -> tuple[StandingRow, ...]:
    record = get_event(db, event_id)
    return standings_of(load_event(db, event_id=event_id), record.settings)


def final(db: Database, *, event_id: int) -> tuple[FinalRow, ...]:
    return final_of(
        load_event(db, event_id=event_id),
        get_event(db, event_id).settings,
        decided=cut_order(db, event_id=event_id),
    )


def cut_order(db: Database, *, event_id: int) -> tuple[PlayerId, ...]:
    """The order the TO gave a tie across the cut line, as the cut journaled it (best
    first; () when the cut had no tie): the final standings keep it (docs/rules.md)."""
    with db.reading() as s:
        started = journal_repo.last_undoable(s, event_id=event_id, actions=(Action.TOPCUT_START,))
    if started is None or not isinstance(started.after, dict):
        return ()
    tie = started.after.get("cut_tie") or {}
    return tuple(PlayerId(str(p)) for p in tie.get("order", ()))


def final_lines(db: Database, *, event_id: int) -> tuple[StandingLine, ...]:
    """The final standings in the words of the sheet and the Standings tab ("Champion",
    "Top 4"), from one read of the event."""
    event = load_event(db, event_id=event_id)
    rows = final_of(event, get_event(db, event_id).settings, cut_order(db, event_id=event_id))
    return core_final_lines(event, rows)
