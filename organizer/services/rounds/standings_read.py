"""An event's standings read without the ORM, for the command line (`organizer standings`).

Why apart from `standings`: that module reads through `Database`, and loading the ORM,
SQLModel and the table classes costs a command most of a second on a laptop before it
reads anything (issue 35.6); a script that polls the standings pays it every time. The
rows are the ones `standings.standings` gives: the same event and settings
(`event_read.read_event`), the same core computation.
"""

from __future__ import annotations

from dataclasses import dataclass

from organizer.core.formats.catalog import format_or_unknown
from organizer.core.pairing.event_standings import standings_of
from organizer.core.pairing.standings import StandingRow
from organizer.services.event.event_read import read_event
from organizer.storage.plain_reads import PlainReader


@dataclass(frozen=True, slots=True)
class Standings:
    rows: tuple[StandingRow, ...]
    multiplayer: bool
    """Conquest tables: a winner or a draw, so OMW and OOMW rather than game win rates."""


def standings(reader: PlainReader, *, event_id: int) -> Standings:
    event, settings = read_event(reader, event_id=event_id)
    rows = standings_of(event, settings)
    return Standings(rows, format_or_unknown(event.format_id).multiplayer)
