"""`PairingsModel`: one round's tables as rows, with each player's points before the round.

Columns: Table, Player A (points), Player B (points), Result. A player shows as "Ada Byrne (6)",
the points they had before this round (so the TO sees who is in which score
group); a result shows as the slip reads ("2-1", "0-0-3"), "—" while missing,
"bye" for a bye. A multiplayer (Conquest) table keeps its outcome as seat
numbers (`TableOutcome`); `TablesModel` shows those tables seat by seat.
`refresh()` reads the event once through
`services.interchange.load_event` and keeps plain `PairingRow` tuples (ids,
names, numbers), never ORM objects; `show_round(n)` switches rounds without
reading again; reading the same round again (another station's result)
changes only the rows that differ, so the selection and scroll stay.

The model sorts itself (`sort`, which a view with sorting enabled calls): a
round of 2,048 tables through a `QSortFilterProxyModel` took about 100 ms on
the UI thread at every reset, because the proxy compares rows by asking
`data()` of both, some 25,000 calls into Python; one key per row and
Python's sort take about a millisecond. Ties keep the order they had, as
with the proxy: by table for a round just read, by the previous column after
a click on another; tables sort by number, byes last. The sort role gives the
same keys, for a proxy or a test.

The rows are `core.views.round_view`'s `TableView`s (names, points before the round,
result text, all worded by `core.views.wording` as on paper and the players' page);
nothing is computed here. After pairing, the model shows the round the write returned
(`show_view`) without reading the event again. Imports Qt, core and services only.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any, ClassVar, NamedTuple

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor

from organizer.core.event import EventData, PlayerId, Round
from organizer.core.names import sort_key
from organizer.core.results import Score
from organizer.core.views import wording
from organizer.core.views.round_view import RoundView, TableView, round_view
from organizer.core.views.round_view import TableOutcome as TableOutcome
from organizer.gui.kit.table_model import EventModel, bold_font, grey_brush
from organizer.services.event.interchange import load_event
from organizer.storage.database import Database

HEADERS = ("Table", "Player A (points)", "Player B (points)", "Result")
TABLE, PLAYER_A, PLAYER_B, RESULT = range(4)
SORT_ROLE = Qt.ItemDataRole.UserRole
MISSING = wording.MISSING
NO_TABLE = wording.DASH  # a bye has no table
BYE_TABLE = 1_000_000  # sorts byes after every real table
HEADER_TOOLTIPS = dict.fromkeys(
    (HEADERS[PLAYER_A], HEADERS[PLAYER_B]), "Name (match points before this round)"
)


PairingRow = TableView
"""One table of one round, as plain values: `core.views.round_view.TableView`, the row every
client shows (the paper, the players' page and the command line read the same)."""


def outcome_text(outcome: TableOutcome, names: tuple[str, ...]) -> str:
    """ "Bo Chen wins", "draw for everyone", "draw: Ada Byrne, Cy Dorn"."""
    won = None if outcome.winner is None else names[outcome.winner]
    return wording.outcome(won, [names[i] for i in outcome.drawn], len(names))


def round_rows(event: EventData, round_: Round) -> list[PairingRow]:
    """The tables of `round_` with points before it (`core.views.round_view`)."""
    return list(round_view(event, round_.number).tables)


class PairingsRead(NamedTuple):
    """The event and the rows of one of its rounds, read together (by any thread)."""

    event: EventData
    round_number: int | None
    rows: list[PairingRow]

    @classmethod
    def of(cls, view: RoundView) -> PairingsRead:
        """What a write returned (`services.pairing`), shown without reading the event again."""
        assert view.event is not None, "a round view made by round_view carries its event"
        return cls(view.event, view.number, list(view.tables))


def read_pairings(db: Database, event_id: int, round_number: int | None = None) -> PairingsRead:
    """Read the event and build the rows of `round_number` (default: the latest round).

    Service reads and pure functions only, no Qt: a worker thread does this for a
    big event, and the model shows the result (`PairingsModel.show_read`).
    """
    event = load_event(db, event_id=event_id)
    numbers = [r.number for r in event.rounds]
    number = round_number if round_number in numbers else (numbers[-1] if numbers else None)
    round_ = next((r for r in event.rounds if r.number == number), None)
    return PairingsRead(event, number, round_rows(event, round_) if round_ else [])


class PairingsModel(EventModel[PairingRow]):
    headers: ClassVar[tuple[str, ...]] = HEADERS
    header_tooltips: ClassVar[Mapping[str, str]] = HEADER_TOOLTIPS

    def _start(self) -> None:
        self._event: EventData | None = None
        self._round_number: int | None = None
        self._order: tuple[int, Qt.SortOrder] | None = None
        """The column and direction the rows are sorted by; None: as read."""

    # --- reading ------------------------------------------------------------

    def refresh(self) -> None:
        """Read the event again; stay on the round shown if it still exists."""
        self.show_read(read_pairings(self._db, self.event_id, self._round_number))

    def show_view(self, view: RoundView) -> None:
        """Show a round a write returned (`services.pairing`), with the event it carries."""
        self.show_read(PairingsRead.of(view))

    def show_read(self, read: PairingsRead) -> None:
        """Show what `read_pairings` read (a round read again changes only its changed rows)."""
        self._event = read.event
        self._show(read.round_number, read.rows)

    def apply_result(self, round_number: int, table: int, score: Score) -> bool:
        """Put a two-player result just recorded into the model, without reading the event.

        The write returned what it stored; only that table's row changes (in place:
        selection, scroll and the slip being typed stay). False when the model cannot
        take it this way (no such table, a multiplayer table, a later round already
        paired from the old result): then `refresh` reads the event again.
        """
        event, rnd = self._event, self.round(round_number)
        if event is None or rnd is None or round_number != self.latest_round():
            return False
        at = next((i for i, m in enumerate(rnd.matches) if m.table == table), None)
        if at is None or rnd.matches[at].is_multiplayer or rnd.matches[at].is_bye:
            return False
        match = replace(rnd.matches[at], wins=(score.a_wins, score.b_wins), draws=score.draws)
        stored = replace(rnd, matches=(*rnd.matches[:at], match, *rnd.matches[at + 1 :]))
        self._event = replace(
            event, rounds=tuple(stored if r.number == round_number else r for r in event.rounds)
        )
        if self._round_number == round_number:
            self._take_rows(replace(r, result=score) if r.table == table else r for r in self._rows)
        return True

    def show_round(self, number: int | None) -> None:
        """Show round `number`; the same round read again changes only the rows that differ."""
        round_ = self.round(number)
        rows = [] if round_ is None or self._event is None else round_rows(self._event, round_)
        self._show(number, rows)

    def show_rows(self, number: int, rows: list[PairingRow]) -> None:
        """Show round `number` from its rows made elsewhere (`round_rows`, on a worker)."""
        self._show(number, rows)

    def _show(self, number: int | None, rows: list[PairingRow]) -> None:
        if number == self._round_number and number is not None:
            self._take_rows(rows)
            return
        with self._resetting():
            self._round_number = number
            self._rows = self._arranged(rows)

    # --- order ------------------------------------------------------------------

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        """Order the rows by `column` (a view calls this); selection and current row follow."""
        self._order = (column, order)
        self._rearrange()

    def sort_value(self, row: PairingRow, column: int) -> Any:
        """What `column` sorts `row` by: a table number (byes last), a name, a result."""
        return _sort_value(row, column)

    def _arranged(self, rows: Iterable[PairingRow]) -> tuple[PairingRow, ...]:
        """`rows` in the order asked for; ties stay in the order given (as a sorting proxy).

        Rows as read come by table, so ties go by table; sorting the rows shown again by
        another column keeps the previous column's order among ties, so clicking
        Player A then Result lists each result by name."""
        if self._order is None:
            return tuple(rows)
        column, order = self._order
        descending = order == Qt.SortOrder.DescendingOrder
        return tuple(sorted(rows, key=lambda r: self.sort_value(r, column), reverse=descending))

    def _rearrange(self) -> None:
        """Put the rows in order again if they are not; persistent indexes move with them."""
        new = self._arranged(self._rows)
        if new == self._rows:
            return
        self.layoutAboutToBeChanged.emit()  # (PySide6 crashes when given the sort hint)
        where = {_identity(r): i for i, r in enumerate(new)}
        old = self.persistentIndexList()
        moved = [
            self.index(where[_identity(self._rows[i.row()])], i.column()) if i.isValid() else i
            for i in old
        ]
        self._rows = new
        self.changePersistentIndexList(old, moved)
        self.layoutChanged.emit()

    def _take_rows(self, rows: Iterable[PairingRow]) -> None:
        """The round shown, read again: rows change in place when they are the same tables.

        Each new row takes the place of the old row for the same table (views keep
        selection, scroll and editors; only changed rows repaint), then the rows are
        put in order again in case a sorted column changed. Other tables: a reset.
        """
        new = {_identity(r): r for r in rows}
        if len(new) == len(self._rows) and all(_identity(r) in new for r in self._rows):
            self._update_rows((new[_identity(r)] for r in self._rows), _same_table)
            self._rearrange()
        else:
            self._replace_rows(self._arranged(new.values()))

    # --- what is shown ----------------------------------------------------------

    @property
    def round_number(self) -> int | None:
        return self._round_number

    @property
    def event_data(self) -> EventData:
        assert self._event is not None
        return self._event

    def round_numbers(self) -> list[int]:
        return [r.number for r in self._event.rounds] if self._event else []

    def latest_round(self) -> int | None:
        numbers = self.round_numbers()
        return numbers[-1] if numbers else None

    def round(self, number: int | None = None) -> Round | None:
        wanted = self._round_number if number is None else number
        if self._event is None:
            return None
        return next((r for r in self._event.rounds if r.number == wanted), None)

    def row_of_table(self, table: int) -> int | None:
        return self._first_row(lambda r: r.table == table)

    def match_count(self) -> int:
        """Tables with a result to enter: byes need none."""
        return sum(1 for r in self._rows if not r.is_bye)

    def missing_tables(self) -> list[int]:
        """The tables still without a result, by number (whatever order the rows are in)."""
        return sorted(r.table for r in self._rows if not r.reported and r.table is not None)

    def rows_by_table(self) -> list[PairingRow]:
        """The rows as the round reads: by table, byes last (whatever order they show in)."""
        return sorted(self._rows, key=table_key)

    def reported_count(self) -> int:
        return sum(1 for r in self._rows if not r.is_bye and r.result is not None)

    # --- Qt -------------------------------------------------------------------------

    def cell(self, row: int, column: int, role: int) -> Any:
        pairing = self._rows[row]
        if role == Qt.ItemDataRole.DisplayRole:
            return _display(pairing, column)
        if role == SORT_ROLE:
            return self.sort_value(pairing, column)
        if role == Qt.ItemDataRole.TextAlignmentRole and column in (TABLE, RESULT):
            return int(Qt.AlignmentFlag.AlignCenter)
        if role == Qt.ItemDataRole.ForegroundRole:
            if column == RESULT and not pairing.reported:
                return QBrush(QColor("#b03a00"))
            if column in (PLAYER_A, PLAYER_B) and _dropping(pairing, column):
                return grey_brush()
        if role == Qt.ItemDataRole.FontRole and column == RESULT and pairing.reported:
            return bold_font()
        if role == Qt.ItemDataRole.ToolTipRole and column in (PLAYER_A, PLAYER_B):
            return "Points before this round in brackets"
        if role == Qt.ItemDataRole.ToolTipRole and column == RESULT and pairing.sudden_death:
            return f"{pairing.result_text()}: {wording.SUDDEN_DEATH_HERE} when time is up"
        return None


def _display(row: PairingRow, column: int) -> str:
    if column == TABLE:
        return row.label
    if column == PLAYER_A:
        return row.seat_text(0)
    if column == PLAYER_B:  # at a multiplayer table, everyone after A
        return " / ".join(row.seat_text(i) for i in range(1, max(len(row.seats), 2)))
    return row.result_text()


def _identity(row: PairingRow) -> tuple[int | None, tuple[PlayerId, ...]]:
    """What makes a row the same table when it is read again: its number and players."""
    return row.table, row.players


def _same_table(a: PairingRow, b: PairingRow) -> bool:
    return _identity(a) == _identity(b)


def table_key(row: PairingRow) -> int:
    """A row's table number for sorting; byes after every real table."""
    return BYE_TABLE if row.table is None else row.table


def _sort_value(row: PairingRow, column: int) -> Any:
    if column == TABLE:
        return table_key(row)
    if column in (PLAYER_A, PLAYER_B):
        seat = 0 if column == PLAYER_A else 1
        return sort_key(row.names[seat]) if seat < len(row.names) else ""
    return row.result_text()


def _dropping(row: PairingRow, column: int) -> bool:
    seat = 0 if column == PLAYER_A else 1
    return seat < len(row.seats) and row.seats[seat].dropping
