"""The People screen's tables: people, one person's events, a season's leaderboard.

Each holds the frozen rows the services return (`PersonRecord`, `HistoryEntry`,
`LeaderRow`) and answers Qt through `RowsModel`; names sort by the collation.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt

from organizer.core.season.leaderboard import LeaderRow
from organizer.gui.kit.table_model import RowsModel
from organizer.services.players.people import HistoryEntry
from organizer.storage.people_repo import PersonRecord


class PeopleModel(RowsModel[PersonRecord]):
    headers = ("Name", "Number", "E-mail", "Events", "Last seen")
    right_aligned = frozenset({3})

    def set_people(self, rows: list[PersonRecord]) -> None:
        self._replace_rows(rows)

    def cell(self, row: int, column: int, role: int) -> Any:
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        p = self._rows[row]
        seen = p.last_seen.isoformat() if p.last_seen else ""
        return (p.name, p.number or "", p.email or "", str(p.events), seen)[column]


class HistoryModel(RowsModel[HistoryEntry]):
    headers = ("Date", "Event", "Place", "W-L-D", "Deck", "Dropped")
    right_aligned = frozenset({2})

    def set_history(self, rows: list[HistoryEntry]) -> None:
        self._replace_rows(rows)

    def cell(self, row: int, column: int, role: int) -> Any:
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        h = self._rows[row]
        values = (
            h.date.isoformat() if h.date else "",
            h.event,
            str(h.place) if h.place is not None else "",
            f"{h.wins}-{h.losses}-{h.draws}",
            h.deck_status or "",
            "dropped" if h.dropped else "",
        )
        return values[column]


class LeaderboardModel(RowsModel[LeaderRow]):
    headers = ("Rank", "Name", "Points", "Events", "Counted")
    right_aligned = frozenset({0, 2, 3, 4})

    def set_rows(self, rows: tuple[LeaderRow, ...]) -> None:
        self._replace_rows(rows)

    def cell(self, row: int, column: int, role: int) -> Any:
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        r = self._rows[row]
        rank = str(r.rank) if r.rank is not None else "\u2013"
        return (rank, r.name, str(r.points), str(r.events), str(r.counted))[column]
