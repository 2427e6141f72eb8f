"""`PlayersModel`: an event's registrations as a table, and `PlayersFilter` for search.

Columns: #, Id, Name, E-mail, Byes, Status, Here (checked in), Paid, Fixed table. The model
holds the frozen `PlayerRecord`s that `services.registration.list_players` returns (ids and
values, no ORM objects); `refresh()` reads them again and is called only when
a service's `Changes` names players. `PlayersFilter` keeps the rows whose name,
id or e-mail contains the search text as the TO types, folded as everywhere
(`core.names.fold`: "lukasz" finds "Łukasz"), and sorts text by the Unicode
Collation Algorithm (`core.names.sort_key`: Łukasz before Zoë).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt

from organizer.core.names import needle, search_key, sort_key
from organizer.gui.kit.table_model import EventRowsModel, SourceSortProxy, grey_brush
from organizer.services.players.door import counts_of
from organizer.services.players.registration import list_players
from organizer.services.players.roster import amount_text
from organizer.storage.records import PlayerRecord

HEADERS = ("#", "Id", "Name", "E-mail", "Byes", "Status", "Here", "Paid", "Fixed table")
FIXED_TABLE = 8
NUMERIC = {0, 4, FIXED_TABLE}


def status_text(player: PlayerRecord) -> str:
    if player.waiting is not None and not player.dropped:
        return f"Waiting ({player.waiting})"
    if player.dropped_after_round is None:
        return "Active"
    if player.dropped_after_round == 0:
        return "Dropped before round 1"
    return f"Dropped after round {player.dropped_after_round}"


def _paid_cell(player: PlayerRecord) -> str:
    if not player.paid:
        return ""
    return "✓" if player.paid_cents is None else amount_text(player.paid_cents)


def _values(p: PlayerRecord) -> tuple[int, str, str, str, int, str, str, str, str]:
    here = "✓" if p.checked_in else ""
    return (
        p.position,
        p.code,
        p.name,
        p.email or "",
        p.awarded_byes,
        status_text(p),
        here,
        _paid_cell(p),
        "" if p.fixed_table is None else str(p.fixed_table),
    )


class PlayersModel(EventRowsModel[PlayerRecord]):
    headers = HEADERS
    right_aligned = NUMERIC

    def read(self) -> list[PlayerRecord]:
        return list_players(self._db, event_id=self.event_id)

    def player_at(self, row: int) -> PlayerRecord:
        return self._rows[row]

    def row_of(self, registration_id: int) -> int | None:
        return self._first_row(lambda p: p.registration_id == registration_id)

    def dropped_count(self) -> int:
        return sum(p.dropped for p in self._rows)

    def rows(self) -> tuple[PlayerRecord, ...]:
        return tuple(self._rows)

    def door_text(self) -> str:
        """ ", 13 of 16 here, 11 paid, 4 waiting": the door's counts of the rows shown."""
        return counts_of(self._rows).words()

    def sort_value(self, row: PlayerRecord, column: int) -> Any:
        """A column's sort key: text in name order (the Unicode Collation Algorithm), fixed
        tables by number with the players on any table after them."""
        if column == FIXED_TABLE:
            return (row.fixed_table is None, row.fixed_table or 0)
        value = _values(row)[column]
        return sort_key(value) if isinstance(value, str) else value

    def cell(self, row: int, column: int, role: int) -> Any:
        player = self._rows[row]
        value = _values(player)[column]
        if role == Qt.ItemDataRole.DisplayRole:
            return str(value)
        if role == Qt.ItemDataRole.ForegroundRole and (player.dropped or not player.in_event):
            return grey_brush()
        return None


class PlayersFilter(SourceSortProxy):
    """Search as you type: name, id or e-mail contains the text, folded.

    Sorting is the model's (`PlayersModel.sort_value`), one key per row."""

    def set_search(self, text: str) -> None:
        folded = needle(text)

        def found(p: PlayerRecord) -> bool:
            fields = (p.name, p.code, p.player_number or "", p.email or "")
            return any(folded in search_key(field) for field in fields)

        self.filter_rows(found if folded else None)
