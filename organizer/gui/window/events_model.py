"""`EventsModel`: the events in the database as a table (name, date, format, players, rounds).

Holds plain `EventRow` tuples built from `services.events.list_events`, never
ORM objects; `refresh()` reads them again. The window keeps track of events by
id (`event_id_at`, `row_of`), so a refresh does not lose the selection.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from PySide6.QtCore import Qt

from organizer.core.formats.catalog import FORMATS
from organizer.gui.kit.table_model import RowsModel
from organizer.services.event.events import list_events
from organizer.storage.database import Database
from organizer.storage.records import EventRecord

HEADERS = ("Name", "Date", "Format", "Players", "Rounds")
NUMERIC = {3, 4}
SORT_ROLE = Qt.ItemDataRole.UserRole
_TITLES = {f.id: f.title for f in FORMATS}


class EventRow(NamedTuple):
    event_id: int
    name: str
    date: str
    format_title: str
    players: int
    rounds: int

    @classmethod
    def of(cls, record: EventRecord) -> EventRow:
        return cls(
            record.id,
            record.name,
            record.date.isoformat() if record.date else "",
            _TITLES.get(record.format_id, record.format_id),
            record.player_count,
            record.round_count,
        )


class EventsModel(RowsModel[EventRow]):
    headers = HEADERS
    right_aligned = NUMERIC

    def __init__(self, db: Database, parent: Any = None) -> None:
        super().__init__(parent)
        self._db = db
        self.refresh()

    def set_database(self, db: Database) -> None:
        """Show another database's events (the window joined or left a hosted event)."""
        self._db = db
        self.refresh()

    def refresh(self) -> None:
        self._replace_rows([EventRow.of(r) for r in list_events(self._db)])

    def event_id_at(self, row: int) -> int:
        return self._rows[row].event_id

    def row_of(self, event_id: int) -> int | None:
        return self._first_row(lambda r: r.event_id == event_id)

    def row_values(self, row: int) -> EventRow:
        return self._rows[row]

    def cell(self, row: int, column: int, role: int) -> Any:
        event = self._rows[row]
        value = event[column + 1]
        if role == Qt.ItemDataRole.DisplayRole:
            return str(value)
        if role == SORT_ROLE:
            return value
        if role == Qt.ItemDataRole.ToolTipRole:
            return f"{event.name}\n{event.format_title}, {event.date}"
        return None
