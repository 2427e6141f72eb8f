"""`StandingsModel`: the swiss standings as a table, best first.

Columns: Rank, Name, Points, W-L-D, OMW %, GW %, OGW %. Rank shows the whole
range for players tied on every tiebreaker ("3-4" with an en dash); percentages have two
decimals: the cells are `core.views.standing_line`'s, the words paper and phones show.
Dropped players keep their row, greyed, with a tooltip saying when they dropped. The
model holds the frozen `StandingRow`s that `services.standings.standings` returns (plain
values, recomputed from every result) and who dropped after which round;
`refresh()` reads both again (not at construction with `load=False`).
Nothing is computed here.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from PySide6.QtCore import Qt

from organizer.core.event import EventData
from organizer.core.pairing.standings import StandingRow
from organizer.core.views import wording
from organizer.core.views.standings_lines import standing_line
from organizer.gui.kit.table_model import EventModel, grey_brush
from organizer.services.event.events import get_event
from organizer.services.event.interchange import load_event
from organizer.services.rounds.standings import standings_of
from organizer.storage.database import Database

HEADERS = ("Rank", "Name", "Points", "W-L-D", "OMW %", "GW %", "OGW %")
NAME = 1
EN_DASH = wording.DASH
RIGHT_ALIGNED = {0, 2, 4, 5, 6}
CENTERED = {3}
TOOLTIPS = {
    "OMW %": "Opponents' match-win percentage: the mean of each opponent's MWP",
    "GW %": "Game-win percentage: game points / (3 x games played), at least 33.33",
    "OGW %": "Opponents' game-win percentage: the mean of each opponent's GWP",
}


percent = wording.percent
"""62.50: a fraction as a percentage with two decimals, without the sign (as every client)."""


def record_text(row: StandingRow) -> str:
    return wording.record(row.wins, row.losses, row.draws)


def row_texts(row: StandingRow) -> tuple[str, ...]:
    """The row's cells, in the words of `core.views.standing_line` (as paper and phones)."""
    line = standing_line(row)
    return (line.rank, line.name, str(line.points), line.record, line.omw, line.gw, line.ogw)


StandingsRead = tuple[EventData, tuple[StandingRow, ...], dict[str, int]]


def read_standings(db: Database, event_id: int) -> StandingsRead:
    """The event, its standings and who dropped after which round, from one read of the
    event: service calls only, no Qt, so a worker thread may do them for a big event."""
    event = load_event(db, event_id=event_id)
    rows = standings_of(event, get_event(db, event_id).settings)
    dropped: dict[str, int] = {
        p.id: p.dropped_after_round for p in event.players if p.dropped_after_round is not None
    }
    return event, rows, dropped


class StandingsModel(EventModel[StandingRow]):
    headers = HEADERS
    right_aligned = right_aligned_headers = RIGHT_ALIGNED
    header_tooltips = TOOLTIPS

    def _start(self) -> None:
        self._texts: list[tuple[str, ...]] = []
        self._dropped: dict[str, int] = {}

    def refresh(self) -> None:
        _, rows, dropped = read_standings(self._db, self.event_id)
        self.show(rows, dropped)

    def show(
        self,
        rows: tuple[StandingRow, ...],
        dropped: dict[str, int],
        texts: list[tuple[str, ...]] | None = None,
    ) -> None:
        """Show standings read elsewhere (`read_standings`, perhaps on a worker thread),
        with their `row_texts` if that thread made them too."""
        with self._resetting():
            self._rows = rows
            self._texts = [row_texts(r) for r in rows] if texts is None else texts
            self._dropped = dropped

    def widest_texts(self, column: int) -> Iterable[str]:
        """The longest text of a column beside the names: a rank shared by many tied
        players ("1021-1027") or "100.00" may be on a few rows only."""
        if column == NAME or not self._texts:
            return ()
        return (max((texts[column] for texts in self._texts), key=len),)

    def standing_at(self, row: int) -> StandingRow:
        return self._rows[row]

    def rows(self) -> tuple[StandingRow, ...]:
        return self._rows

    def row_of(self, player: str) -> int | None:
        return self._first_row(lambda r: r.player == player)

    def cell(self, row: int, column: int, role: int) -> Any:
        if role == Qt.ItemDataRole.DisplayRole:
            return self._texts[row][column]
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return int(Qt.AlignmentFlag.AlignCenter) if column in CENTERED else None
        dropped = self._dropped.get(self._rows[row].player)
        if role == Qt.ItemDataRole.ForegroundRole and dropped is not None:
            return grey_brush()
        if role == Qt.ItemDataRole.ToolTipRole and dropped is not None:
            return "Dropped before round 1" if dropped == 0 else f"Dropped after round {dropped}"
        return None
