"""`RowsModel`: what every table model of the GUI shares, written once.

Each model in this package is a flat table: plain rows (frozen values read
through the services, never ORM objects) under a fixed tuple of column
headers. Qt asks all of them the same questions, and before this base each
model answered them again in its own copy: no child rows, as many columns as
headers, the header text, numbers aligned right, greyed text, and a model
reset around a new set of rows. Here they are answered once, so a model holds
only what is its own: its rows, its cells and its lookups.

A model sets `headers`; `right_aligned` and `right_aligned_headers` (column
numbers) and `header_tooltips` (by header text) as it needs; answers
`cell(row, column, role)` for a valid index (and `widest_texts` where a sample of rows
could miss a column's widest text, `column_widths.py`); and changes its rows with
`_replace_rows` (`_update_rows` when they are the same things with new
values, so views keep selection and scroll), or inside
`with self._resetting():` when more changes with them.

`SortingRowsModel` sorts its own rows, by one key per row (`sort_value`), and
`SourceSortProxy` (a filter in front of it) hands the view's sort to it: a
`QSortFilterProxyModel` sorting 4,096 players asks `data()` of both rows at
every comparison, some 90,000 calls into Python (a third of a second with the
window frozen) at every reset; one key per row and Python's sort take a few
milliseconds. Imports Qt only.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Set
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
)
from PySide6.QtGui import QBrush, QColor, QFont

if TYPE_CHECKING:
    from organizer.storage.database import Database

RowT = TypeVar("RowT")

AnyIndex = QModelIndex | QPersistentModelIndex

ALIGN_RIGHT = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
"""How a number sits in its cell: on the right, centred in height."""


def grey_brush() -> QBrush:
    """The text colour of a row that no longer counts: a dropped player, a table done."""
    return QBrush(QColor(Qt.GlobalColor.gray))


def bold_font() -> QFont:
    font = QFont()
    font.setBold(True)
    return font


class RowsModel(QAbstractTableModel, Generic[RowT]):
    """A flat table of `RowT` rows under `headers`; subclasses answer `cell`."""

    headers: ClassVar[tuple[str, ...]] = ()
    right_aligned: ClassVar[Set[int]] = frozenset()
    """The columns whose cells are aligned right (numbers)."""
    right_aligned_headers: ClassVar[Set[int]] = frozenset()
    """The columns whose header is aligned right too."""
    header_tooltips: ClassVar[Mapping[str, str]] = {}
    """A header's tooltip, by the header's text."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._rows: tuple[RowT, ...] = ()

    def row_at(self, row: int) -> RowT:
        return self._rows[row]

    def cell(self, row: int, column: int, role: int) -> Any:
        """What `data()` answers for a valid index, once right alignment is settled."""
        return None

    def widest_texts(self, column: int) -> Iterable[str]:
        """Texts `column` shows that a sample of its rows may miss: a status few rows have,
        the longest tied rank. A table (`ColumnWidths`) is made wide enough for them too."""
        return ()

    # --- changing the rows ----------------------------------------------------

    @contextmanager
    def _resetting(self) -> Iterator[None]:
        """Change the rows, and whatever goes with them, inside one model reset."""
        self.beginResetModel()
        yield
        self.endResetModel()

    def _replace_rows(self, rows: Iterable[RowT]) -> None:
        with self._resetting():
            self._rows = tuple(rows)

    def _update_rows(self, rows: Iterable[RowT], same: Callable[[RowT, RowT], bool]) -> None:
        """New rows for the same things: only the rows that differ change, in place.

        When every new row is `same` as the old one at its place (the same table, the
        same player), views keep their selection, scroll position and editors, and
        only the changed rows are repainted (`dataChanged`); otherwise it is a reset.
        """
        new = tuple(rows)
        old = self._rows
        if len(new) != len(old) or not all(same(a, b) for a, b in zip(old, new, strict=True)):
            self._replace_rows(new)
            return
        self._rows = new
        changed = [i for i, (a, b) in enumerate(zip(old, new, strict=True)) if a != b]
        if changed:  # one signal for the span: listeners redraw once, not once per row
            last = len(self.headers) - 1
            self.dataChanged.emit(self.index(changed[0], 0), self.index(changed[-1], last))

    def _first_row(self, test: Callable[[RowT], bool]) -> int | None:
        """The number of the first row that passes `test`, or None."""
        return next((i for i, r in enumerate(self._rows) if test(r)), None)

    # --- Qt -------------------------------------------------------------------

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.headers)

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        if role == Qt.ItemDataRole.TextAlignmentRole and index.column() in self.right_aligned:
            return ALIGN_RIGHT
        return self.cell(index.row(), index.column(), role)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < len(self.headers):
            return None
        header = self.headers[section]
        if role == Qt.ItemDataRole.DisplayRole:
            return header
        if role == Qt.ItemDataRole.ToolTipRole:
            return self.header_tooltips.get(header)
        if role == Qt.ItemDataRole.TextAlignmentRole and section in self.right_aligned_headers:
            return ALIGN_RIGHT
        return None


class EventModel(RowsModel[RowT]):
    """The rows of one event, read through a service by `refresh`.

    Every screen's model opens the same way: the database, the event, what else it
    keeps (`_start`), then its first read unless the screen reads when first shown."""

    def __init__(
        self, db: Database, event_id: int, parent: Any = None, *, load: bool = True
    ) -> None:
        """`load=False` starts empty, for a screen that reads when it is first shown."""
        super().__init__(parent)
        self._db = db
        self.event_id = event_id
        self._start()
        if load:
            self.refresh()

    def _start(self) -> None:
        """Set what the model keeps besides its rows; runs before the first read."""

    def refresh(self) -> None:
        raise NotImplementedError


class SortingRowsModel(EventModel[RowT]):
    """A `RowsModel` that keeps its rows in the order a view asked for (`sort`).

    Ties keep the order they had, as with a sorting proxy; new rows are put in order
    as they come (`_replace_rows`), and persistent indexes (the selection) move with
    their rows. A model answers `sort_value(row, column)`."""

    def _start(self) -> None:
        self._order: tuple[int, Qt.SortOrder] | None = None
        """The column and direction the rows are sorted by; None: as read."""
        self._in_order = True
        """The rows are in `_order` (False once new values came in place: `_update_rows`)."""

    def sort_value(self, row: RowT, column: int) -> Any:
        """What `column` sorts `row` by."""
        raise NotImplementedError

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        """Order the rows by `column` (a view or `SourceSortProxy` calls this).

        Asked again for the order they are in, nothing is done: a view asks twice for one
        `sortByColumn` (the header's indicator, then the view itself), and working out
        4,096 keys again only to find the rows in order held the window a dozen ms."""
        if self._order == (column, order) and self._in_order:
            return
        self._order = (column, order)
        self._rearrange()

    def _positions(self, rows: tuple[RowT, ...]) -> list[int]:
        """The positions of `rows` in the order asked for (stable)."""
        if self._order is None:
            return list(range(len(rows)))
        column, order = self._order
        keys = [self.sort_value(r, column) for r in rows]
        descending = order == Qt.SortOrder.DescendingOrder
        return sorted(range(len(rows)), key=keys.__getitem__, reverse=descending)

    def _replace_rows(self, rows: Iterable[RowT]) -> None:
        new = tuple(rows)
        with self._resetting():
            self._rows = tuple(new[i] for i in self._positions(new))
            self._in_order = True

    def _update_rows(self, rows: Iterable[RowT], same: Callable[[RowT, RowT], bool]) -> None:
        super()._update_rows(rows, same)
        self._in_order = False  # a new value may belong elsewhere: the next `sort` looks

    def _rearrange(self) -> None:
        """Put the rows in order again if they are not; persistent indexes move with them."""
        positions = self._positions(self._rows)
        self._in_order = True
        if positions == list(range(len(self._rows))):
            return
        self.layoutAboutToBeChanged.emit()  # (PySide6 crashes when given the sort hint)
        where = [0] * len(positions)
        for new, old in enumerate(positions):
            where[old] = new
        old_indexes = self.persistentIndexList()
        moved = [self.index(where[i.row()], i.column()) if i.isValid() else i for i in old_indexes]
        self._rows = tuple(self._rows[i] for i in positions)
        self.changePersistentIndexList(old_indexes, moved)
        self.layoutChanged.emit()


class EventRowsModel(SortingRowsModel[RowT]):
    """The rows of one event: read through a service (`refresh`, which calls `read`), or
    shown as read elsewhere, on a worker thread (`show`). A model answers `read`."""

    def read(self) -> Iterable[RowT]:
        raise NotImplementedError

    def refresh(self) -> None:
        self.show(self.read())

    def show(self, rows: Iterable[RowT]) -> None:
        """Show rows read elsewhere (perhaps on a worker thread)."""
        self._replace_rows(rows)


class SourceSortProxy(QSortFilterProxyModel):
    """A filter in front of a `SortingRowsModel`: the view's sort goes to the model, and
    the rows shown are those `filter_rows` keeps (every row until it is called)."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._keep: Callable[[Any], bool] | None = None

    def filter_rows(self, keep: Callable[[Any], bool] | None) -> None:
        """Show only the rows `keep(row)` says yes to; None shows every row."""
        self.beginFilterChange()
        self._keep = keep
        self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def filterAcceptsRow(self, source_row: int, source_parent: AnyIndex) -> bool:
        if self._keep is None:
            return True
        source = self.sourceModel()
        if not isinstance(source, RowsModel) or source_parent.isValid():
            return True
        return self._keep(source.row_at(source_row))

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        source = self.sourceModel()
        if isinstance(source, SortingRowsModel):
            source.sort(column, order)
        else:
            super().sort(column, order)
