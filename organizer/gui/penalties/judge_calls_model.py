"""`JudgeCallsModel`: the calls for a judge as a table (issue 34), oldest first.

Columns: #, Table, Round, Player, Note, Waiting, Who has it. Rows are
`services.judging.judge_calls.JudgeCall`s (frozen values). An open call nobody has
is bold (it waits for a judge); a resolved one (shown when asked for) is grey. The
waiting time is counted from `now`, so `tick` repaints that column alone, without
reading the database again. Imports Qt and services only.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt

from organizer.core.views.times import short
from organizer.gui.kit.table_model import EventModel, bold_font, grey_brush
from organizer.services.clock.clock import utcnow
from organizer.services.judging.judge_calls import JudgeCall, list_calls

HEADERS = ("#", "Table", "Round", "Player", "Note", "Waiting", "Who has it")
WAITING = 5
TOOLTIPS = {"Waiting": "Minutes:seconds since the call (until it was resolved)"}


def cells(call: JudgeCall, now: dt.datetime) -> tuple[str, ...]:
    player = f"{call.player_name} ({call.player_code})" if call.player_code else "(the TO)"
    has = {"open": "nobody yet", "claimed": call.claimed_by or "", "resolved": "resolved"}
    return (
        str(call.id),
        str(call.table),
        str(call.round),
        player,
        call.note,
        short(call.waiting_s(now)),
        has.get(call.state, call.state),
    )


class JudgeCallsModel(EventModel[JudgeCall]):
    headers = HEADERS
    right_aligned = frozenset({0, 1, 2, WAITING})
    header_tooltips = TOOLTIPS

    def _start(self) -> None:
        self.now: Callable[[], dt.datetime] = utcnow
        self.show_resolved = False

    def refresh(self) -> None:
        rows = list_calls(self._db, event_id=self.event_id, resolved=self.show_resolved)
        self._update_rows(rows, lambda a, b: a.id == b.id)

    def call_at(self, row: int) -> JudgeCall:
        return self.row_at(row)

    def row_of(self, call_id: int) -> int | None:
        return self._first_row(lambda c: c.id == call_id)

    def tick(self) -> None:
        """Repaint the waiting times (a second later, a minute later): no read."""
        if self.rowCount():
            last = self.rowCount() - 1
            self.dataChanged.emit(self.index(0, WAITING), self.index(last, WAITING))

    def cell(self, row: int, column: int, role: int) -> Any:
        call = self.row_at(row)
        if role == Qt.ItemDataRole.DisplayRole:
            return cells(call, self.now())[column]
        if role == Qt.ItemDataRole.ToolTipRole and column == 4 and call.note:
            return call.note
        if role == Qt.ItemDataRole.FontRole and call.state == "open":
            return bold_font()
        if role == Qt.ItemDataRole.ForegroundRole and call.state == "resolved":
            return grey_brush()
        return None
