"""`EventsModel`: the events in the database as a table (name, date, format, players, rounds).

Holds plain `EventRow` tuples built from `services.events.list_events`, never
ORM objects; `refresh()` reads them again. The window keeps track of events by
id (`event_id_at`, `row_of`), so a refresh does not lose the selection.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt

from organizer.core.formats.catalog import FORMATS
from organizer.services.events import list_events
from organizer.storage.database import Database
from organizer.storage.records import EventRecord

HEADERS = ("Name", "Date", "Format", "Players", "Rounds")
NUMERIC = {3, 4}
SORT_ROLE = Qt.ItemDataRole.UserRole
_TITLES = {f.id: f.title for f in FORMATS}

AnyIndex = QModelIndex | QPersistentModelIndex


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


class EventsModel(QAbstractTableModel):
    def __init__(self, db: Database, parent: Any = None) -> None:
        super().__init__(parent)
        self._db = db
        self._rows: list[EventRow] = []
        self.refresh()

    def refresh(self) -> None:
        rows = [EventRow.of(r) for r in list_events(self._db)]
        self.beginResetModel()
        self._rows = rows
        self.endResetModel()

    def event_id_at(self, row: int) -> int:
        return self._rows[row].event_id

    def row_of(self, event_id: int) -> int | None:
        for i, r in enumerate(self._rows):
            if r.event_id == event_id:
                return i
        return None

    def row_values(self, row: int) -> EventRow:
        return self._rows[row]

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(HEADERS)

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        value = self._rows[index.row()][index.column() + 1]
        if role == Qt.ItemDataRole.DisplayRole:
            return str(value)
        if role == SORT_ROLE:
            return value
        if role == Qt.ItemDataRole.ToolTipRole:
            row = self._rows[index.row()]
            return f"{row.name}\n{row.format_title}, {row.date}"
        if role == Qt.ItemDataRole.TextAlignmentRole and index.column() in NUMERIC:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if (
            role == Qt.ItemDataRole.DisplayRole
            and orientation == Qt.Orientation.Horizontal
            and 0 <= section < len(HEADERS)
        ):
            return HEADERS[section]
        return None
