"""`DeckChecksModel`: the tables picked for deck checks, who sits there, what the judge found.

Columns: Round, Table, Players, Outcome, Note, Time (when the check started, or
the minutes it gave back to its table's clock). Rows are plain tuples built
from `services.deck_checks.summary` and the event's pairings
(`services.interchange.load_event`); `refresh()` reads both again.
`checked_text` gives the line the Decks tab shows: "Checked 3 of 28 tables
(11 %)", counting the tables whose check has an outcome.

Imports Qt and services only.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor

from organizer.core.event import EventData
from organizer.core.views import times
from organizer.gui.kit.table_model import RowsModel
from organizer.services.event.interchange import load_event
from organizer.services.judging.deck_checks import DeckCheck, DeckCheckSummary, summary
from organizer.storage.database import Database

HEADERS = ("Round", "Table", "Players", "Outcome", "Note", "Time")
NUMERIC = {0, 1}
OUTCOME_COLUMN = 3
OUTCOME_TEXT = {"pending": "To check", "ok": "OK", "problem": "Problem"}
OUTCOME_COLOURS = {"pending": "#5f5f5f", "ok": "#1b5e20", "problem": "#9b1c1c"}


class CheckRow(NamedTuple):
    round_number: int
    table: int
    players: str
    outcome: str
    note: str
    time: str = ""
    started: bool = False


def time_text(check: DeckCheck) -> str:
    """'+8 min' given back to the table, 'started 20:14' while it runs, else nothing."""
    if check.seconds_added:
        return f"{check.seconds_added // 60:+d} min on the clock"
    if check.started_at is not None and check.outcome == "pending":
        return f"started {times.time_of_day(check.started_at)}"
    return ""


def checked_text(s: DeckCheckSummary) -> str:
    """'Checked 3 of 28 tables (11 %)', and how many picked tables wait for a judge."""
    done = sum(c.outcome != "pending" for c in s.checks)
    waiting = len(s.checks) - done
    share = round(100 * done / s.tables_played) if s.tables_played else 0
    text = f"Checked {done} of {s.tables_played} tables ({share} %)"
    if waiting:
        text += f"; {waiting} picked, still to check"
    return text


def _seated(event: EventData) -> dict[tuple[int, int], str]:
    names = {p.id: p.name for p in event.players}
    return {
        (r.number, m.table): " vs ".join(names.get(p, str(p)) for p in m.players)
        for r in event.rounds
        for m in r.matches
        if m.table is not None
    }


class DeckChecksModel(RowsModel[CheckRow]):
    headers = HEADERS
    right_aligned = NUMERIC

    def __init__(self, db: Database, event_id: int, parent: Any = None) -> None:
        super().__init__(parent)
        self._db = db
        self.event_id = event_id
        self._summary = DeckCheckSummary((), 0)
        self.refresh()

    def refresh(self) -> None:
        found = summary(self._db, event_id=self.event_id)
        seated = _seated(load_event(self._db, event_id=self.event_id))
        rows = tuple(
            CheckRow(
                c.round_number,
                c.table,
                seated.get((c.round_number, c.table), ""),
                c.outcome,
                c.note,
                time_text(c),
                c.started_at is not None,
            )
            for c in found.checks
        )
        with self._resetting():
            self._summary = found
            self._rows = rows

    def summary(self) -> DeckCheckSummary:
        return self._summary

    def row_of(self, round_number: int, table: int) -> int | None:
        return self._first_row(lambda r: (r.round_number, r.table) == (round_number, table))

    def cell(self, row: int, column: int, role: int) -> Any:
        check = self._rows[row]
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            if column == OUTCOME_COLUMN:
                return OUTCOME_TEXT.get(check.outcome, check.outcome)
            return str(check[column])
        if role == Qt.ItemDataRole.ForegroundRole and column == OUTCOME_COLUMN:
            return QBrush(QColor(OUTCOME_COLOURS.get(check.outcome, "#000000")))
        return None
