"""`PenaltiesModel`: the judge log as a table, all of it or one player's history.

Columns: #, Time, Round, Table, Player, Category, Penalty, Judge, Note, What it
did. Rows are `services.penalties.LogLine`s (frozen values). A Warning that is
an upgrade (the player's second of its kind) says so in its Penalty cell, in
red; a removed penalty is grey and struck through, and shown only when asked
for. Imports Qt and services only.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor, QFont

from organizer.core.views import times
from organizer.gui.kit.table_model import EventModel, grey_brush
from organizer.services.judging.penalties import LogLine, log

HEADERS = ("#", "Time", "Round", "Table", "Player", "Category", "Penalty", "Judge", "Note",
           "What it did")  # fmt: skip
TOOLTIPS = {"What it did": "The score it changed, the drop it made"}
PENALTY_COLUMN = 6
UPGRADE_COLOUR = "#9b1c1c"


def penalty_text(line: LogLine) -> str:
    if line.upgrade:
        return f"{line.record.penalty} ({line.upgrade_text.split(' ')[0]}: upgrade)"
    return line.record.penalty


def cells(line: LogLine) -> tuple[str, ...]:
    r = line.record
    effect = line.effect_text
    if r.removed:
        effect = f"removed: {r.removed_reason}" + (f" (had: {effect})" if effect else "")
    return (
        str(r.id),
        times.time_of_day(r.given_at),
        "" if r.round_number is None else str(r.round_number),
        "" if r.table is None else str(r.table),
        f"{r.name} ({r.code})",
        r.category,
        penalty_text(line),
        r.judge,
        r.note,
        effect,
    )


class PenaltiesModel(EventModel[LogLine]):
    headers = HEADERS
    right_aligned = frozenset({0, 2, 3})
    header_tooltips = TOOLTIPS

    def _start(self) -> None:
        self.player: str | None = None
        """Show only this player's history (their id), or everyone."""
        self.show_removed = False
        self._lines: list[LogLine] = []
        """The whole log as last read: the filters choose from it without reading again."""

    def refresh(self) -> None:
        self.show_lines(self.read())

    def read(self) -> list[LogLine]:
        """The whole log, removed penalties too (any thread)."""
        return list(log(self._db, event_id=self.event_id, include_removed=True))

    def show_lines(self, lines: list[LogLine]) -> None:
        """Show the log read (`read`), as the filters (player, removed) choose."""
        self._lines = lines
        self._filter()

    def _filter(self) -> None:
        self._update_rows(
            (
                line
                for line in self._lines
                if (self.show_removed or not line.record.removed)
                and (self.player is None or line.record.code == self.player)
            ),
            lambda a, b: a.record.id == b.record.id,
        )

    def show_player(self, code: str | None) -> None:
        if code != self.player:
            self.player = code
            self._filter()

    def set_show_removed(self, shown: bool) -> None:
        if shown != self.show_removed:
            self.show_removed = shown
            self._filter()

    def row_of(self, penalty_id: int) -> int | None:
        return self._first_row(lambda line: line.record.id == penalty_id)

    def cell(self, row: int, column: int, role: int) -> Any:
        line = self._rows[row]
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            return cells(line)[column]
        if role == Qt.ItemDataRole.ForegroundRole:
            if line.record.removed:
                return grey_brush()
            if column == PENALTY_COLUMN and line.upgrade:
                return QBrush(QColor(UPGRADE_COLOUR))
        if role == Qt.ItemDataRole.FontRole and (
            line.record.removed or (column == PENALTY_COLUMN and line.upgrade)
        ):
            font = QFont()
            font.setStrikeOut(line.record.removed)
            font.setBold(not line.record.removed)
            return font
        return None
