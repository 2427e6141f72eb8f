"""Standings of an event, always recomputed from every recorded result.

Nothing is cached: a corrected result in round 2 shows in the standings the
moment it is saved. The tiebreaker order is the format's, unless the event's
settings name another (`EventSettings.tiebreakers`).
"""

from __future__ import annotations

from organizer.core.event import EventData
from organizer.core.event_settings import EventSettings
from organizer.core.pairing.can_draw import CanDraw, CanDrawError
from organizer.core.pairing.can_draw import can_draw as core_can_draw
from organizer.core.pairing.event_standings import final_of as final_of
from organizer.core.pairing.event_standings import standings_of as standings_of
from organizer.core.pairing.event_standings import tiebreaker_order as tiebreaker_order
from organizer.core.pairing.standings import FinalRow, StandingRow
from organizer.core.views.standings_lines import StandingLine
from organizer.core.views.standings_lines import final_lines as core_final_lines
from organizer.services.event.events import get_event
from organizer.services.event.finish import final_rows_in
from organizer.services.event.interchange import load_event
from organizer.services.kit.errors import refused_on
from organizer.storage.database import Database


def standings(db: Database, *, event_id: int) -> tuple[StandingRow, ...]:
    record = get_event(db, event_id)
    return standings_of(load_event(db, event_id=event_id), record.settings)


def final(db: Database, *, event_id: int) -> tuple[FinalRow, ...]:
    return final_rows(db, event_id=event_id, event=load_event(db, event_id=event_id))


def final_rows(
    db: Database, *, event_id: int, event: EventData, settings: EventSettings | None = None
) -> tuple[FinalRow, ...]:
    """`finish.final_rows_in` in a read of its own."""
    with db.reading() as s:
        return final_rows_in(s, event_id=event_id, event=event, settings=settings)


def final_lines(db: Database, *, event_id: int) -> tuple[StandingLine, ...]:
    """The final standings in the words of the sheet and the Standings tab ("Champion",
    "Top 4"), from one read of the event."""
    event = load_event(db, event_id=event_id)
    return core_final_lines(event, final_rows(db, event_id=event_id, event=event))


def can_draw(db: Database, *, event_id: int, cut: int = 8) -> CanDraw:
    """Who can draw into a top `cut` in the latest swiss round (paired, not yet played),
    under the event's tiebreakers and match points; refused when no such round exists."""
    event = load_event(db, event_id=event_id)
    order = tiebreaker_order(event.format_id, get_event(db, event_id).settings)
    with refused_on(CanDrawError):
        return core_can_draw(event, cut=cut, tiebreakers=order)


def can_draw_document(result: CanDraw) -> dict[str, object]:
    """The `--can-draw --json` document (docs/json.md)."""
    return {
        "round": result.round,
        "cut": result.cut,
        "tables": [
            {
                "table": t.table,
                "players": [
                    {
                        "id": p.player,
                        "name": p.name,
                        "points": p.points,
                        "with_draw": p.with_draw,
                        "draw": p.verdict,
                        "why": p.why,
                    }
                    for p in t.players
                ],
                "draw": t.verdict,
                "why": t.why,
            }
            for t in result.tables
        ],
    }
