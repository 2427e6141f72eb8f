"""An event's standings in its tiebreaker order: the format's, unless its settings name another.

Here in core, not in the standings service, because `organizer standings FILE` and
`organizer pair FILE` rank an event read from a file and must not load the database
stack (SQLAlchemy, alembic) for it; the service ranks a stored event the same way.
"""

from __future__ import annotations

from collections.abc import Sequence

from organizer.core.event import EventData, PlayerId
from organizer.core.event_settings import EventSettings
from organizer.core.formats.catalog import format_or_unknown
from organizer.core.pairing.standings import (
    FinalRow,
    StandingRow,
    compute_standings,
    final_standings,
)


def tiebreaker_order(
    format_id: str | None, settings: EventSettings | None = None
) -> tuple[str, ...]:
    if settings is not None and settings.tiebreakers:
        return settings.tiebreakers
    return format_or_unknown(format_id).tiebreakers


def standings_of(
    event: EventData, settings: EventSettings | None = None
) -> tuple[StandingRow, ...]:
    return compute_standings(event, tiebreakers=tiebreaker_order(event.format_id, settings))


def final_of(
    event: EventData, settings: EventSettings | None = None, decided: Sequence[PlayerId] = ()
) -> tuple[FinalRow, ...]:
    """`decided`: the TO's recorded order of a tie across the cut line (the standings
    service reads it from the cut's journal entry)."""
    return final_standings(
        event, tiebreakers=tiebreaker_order(event.format_id, settings), decided=decided
    )
