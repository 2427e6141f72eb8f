"""The People screen's tables: people, one person's events, a season's leaderboard.

Each holds the frozen rows the services return (`PersonRecord`, `HistoryEntry`,
`LeaderRow`) and answers Qt through `RowsModel`; names sort by the collation.
All three show text only: a model says a row's texts (`texts`), `TextRowsModel`
answers Qt's questions with them and takes new rows (`set_rows`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from PySide6.QtCore import Qt

from organizer.core.season.leaderboard import LeaderRow
from organizer.core.views.wording import DASH, record
from organizer.gui.kit.table_model import RowsModel, RowT
from organizer.services.players.people import HistoryEntry
from organizer.storage.people_repo import PersonRecord


class TextRowsModel(RowsModel[RowT]):
    """Rows shown as text, one text per column (`texts`)."""

    def set_rows(self, rows: Iterable[RowT]) -> None:
        self._replace_rows(rows)

    def texts(self, row: RowT) -> tuple[str, ...]:
        """What `row` shows, column by column."""
        raise NotImplementedError

    def cell(self, row: int, column: int, role: int) -> Any:
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        return self.texts(self._rows[row])[column]


class PeopleModel(TextRowsModel[PersonRecord]):
    headers = ("Name", "Number", "E-mail", "Events", "Last seen")
    right_aligned = frozenset({3})

    def texts(self, row: PersonRecord) -> tuple[str, ...]:
        seen = row.last_seen.isoformat() if row.last_seen else ""
        return (row.name, row.number or "", row.email or "", str(row.events), seen)


class HistoryModel(TextRowsModel[HistoryEntry]):
    headers = ("Date", "Event", "Place", "W-L-D", "Deck", "Dropped")
    right_aligned = frozenset({2})

    def texts(self, row: HistoryEntry) -> tuple[str, ...]:
        return (
            row.date.isoformat() if row.date else "",
            row.event,
            str(row.place) if row.place is not None else "",
            record(row.wins, row.losses, row.draws),
            row.deck_status or "",
            "dropped" if row.dropped else "",
        )


class LeaderboardModel(TextRowsModel[LeaderRow]):
    headers = ("Rank", "Name", "Points", "Events", "Counted")
    right_aligned = frozenset({0, 2, 3, 4})

    def texts(self, row: LeaderRow) -> tuple[str, ...]:
        rank = str(row.rank) if row.rank is not None else DASH
        return (rank, row.name, str(row.points), str(row.events), str(row.counted))
