"""`DeckStatusModel`: every player's deck status as a table, and `DeckStatusFilter`.

Columns: Id, Name, Status, Errors, Warnings, Phone (when the player sent the
list from the players' page: "10:42", and "locked" once the TO locked it
against changes from the page, `services.phone_lists`). The model holds the frozen
`DeckStatus` values that `services.decks.deck_statuses` returns (ids and plain
values, no ORM objects); `refresh()` reads them again. The Status cell is
coloured (missing grey, legal green, illegal red, accepted amber) and an
accepted list's tooltip gives the judge's reason. `DeckStatusFilter` narrows
the table to the lists still to chase before round 1: missing or illegal, of
players who have not dropped.

Imports Qt and services only; no rules, no SQL.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache
from typing import Any, NamedTuple

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor

from organizer.core.names import sort_key
from organizer.core.views import times
from organizer.gui.kit.table_model import EventRowsModel, SourceSortProxy, grey_brush
from organizer.services.decks.decks import DeckStatus
from organizer.services.phones.phone_lists import ListOrigin, statuses_and_origins
from organizer.storage.database import Database

HEADERS = ("Id", "Name", "Status", "Errors", "Warnings", "Phone")
FROM_COLUMN = 5
STATUS_COLUMN = 2
NUMERIC = {3, 4}
SORT_ROLE = Qt.ItemDataRole.UserRole

# (background, text) of the Status cell: pale enough to read dark text on.
STATUS_COLOURS: dict[str, tuple[str, str]] = {
    "missing": ("#e4e4e4", "#404040"),
    "legal": ("#d3f0d3", "#1b5e20"),
    "illegal": ("#f9d0d0", "#9b1c1c"),
    "accepted": ("#fde8b8", "#7a4f00"),
    "pool-not-registered": ("#dde7f7", "#1f3f73"),
}
STATUS_TEXT = {
    "missing": "Missing",
    "legal": "Legal",
    "illegal": "Illegal",
    "accepted": "Accepted",
    "pool-not-registered": "Pool not registered",
}


class DeckCounts(NamedTuple):
    """How far along deck registration is, over players who have not dropped."""

    players: int
    submitted: int
    illegal: int
    accepted: int
    no_pool: int = 0
    """Draft lists waiting for the player's drafted pool (not legal yet)."""

    def summary(self) -> str:
        text = f"{self.submitted} of {self.players} decks in; {self.illegal} illegal"
        if self.no_pool:
            text += f"; {self.no_pool} waiting for a drafted pool"
        if self.accepted:
            text += f"; {self.accepted} accepted by a judge"
        return text


def status_tooltip(deck: DeckStatus) -> str:
    if deck.status == "accepted":
        return f"Accepted by a judge: {deck.reason or '(no reason given)'}"
    if deck.status == "illegal":
        return "Stored as illegal: the player must fix the list before round 1"
    if deck.status == "missing":
        return "No list submitted yet"
    if deck.status == "pool-not-registered":
        return (
            "A draft list that breaks no other rule, but the player's drafted pool is not "
            "registered: register it to check the list against it"
        )
    return "The list follows the format's deck rules"


@lru_cache(maxsize=1 << 14)
def natural_key(code: str) -> str:
    """An id that sorts p2 before p10: every run of digits padded to the same width.

    Cached, and made for every id when the tab reads (off the UI thread), so that putting
    4,096 rows in order on the UI thread finds them made (issue 36, item 15)."""
    return re.sub(r"\d+", lambda m: m.group().zfill(10), code.casefold())


def origin_text(origin: ListOrigin | None) -> str:
    if origin is None:
        return ""
    parts = []
    if origin.by_player:
        parts.append(times.time_of_day(origin.submitted_at))
    if origin.locked:
        parts.append("locked")
    return ", ".join(parts)


def _values(d: DeckStatus, origin: str) -> tuple[str, str, str, int, int, str]:
    status = STATUS_TEXT.get(d.status, d.status)
    return (d.code, d.name, status, d.errors, d.warnings, origin)


class DeckStatusModel(EventRowsModel[DeckStatus]):
    headers = HEADERS
    right_aligned = NUMERIC

    def __init__(
        self, db: Database, event_id: int, parent: Any = None, *, load: bool = True
    ) -> None:
        self._origins: dict[int, ListOrigin] = {}
        self._origin_texts: dict[int, str] = {}
        super().__init__(db, event_id, parent, load=load)

    def read(self) -> list[DeckStatus]:
        statuses, origins = statuses_and_origins(self._db, event_id=self.event_id)
        self._origins = origins  # read on the UI thread only (`refresh`)
        return statuses

    def read_both(self) -> tuple[list[DeckStatus], dict[int, ListOrigin]]:
        """Statuses and where each list came from, in one read (any thread)."""
        return statuses_and_origins(self._db, event_id=self.event_id)

    def show(
        self, rows: Iterable[DeckStatus], origins: dict[int, ListOrigin] | None = None
    ) -> None:
        """Rows of the same players change in place (lists coming in from phones repaint
        only their rows, and the view keeps its selection and scroll)."""
        before = self._origin_texts
        if origins is not None:
            self._origins = origins
        self._origin_texts = {rid: origin_text(o) for rid, o in self._origins.items()}
        self._update_rows(rows, lambda a, b: a.registration_id == b.registration_id)
        moved = [
            i
            for i, d in enumerate(self._rows)
            if before.get(d.registration_id) != self._origin_texts.get(d.registration_id)
        ]
        if moved:
            self.dataChanged.emit(
                self.index(moved[0], FROM_COLUMN), self.index(moved[-1], FROM_COLUMN)
            )

    def widest_texts(self, column: int) -> Iterable[str]:
        """Every status the lists have: one list waiting for its pool among 4,096 shows whole."""
        if column != STATUS_COLUMN:
            return ()
        return [STATUS_TEXT.get(s, s) for s in {d.status for d in self._rows}]

    def origin_of(self, registration_id: int) -> ListOrigin | None:
        return self._origins.get(registration_id)

    def deck_at(self, row: int) -> DeckStatus:
        return self._rows[row]

    def deck_of(self, registration_id: int) -> DeckStatus | None:
        row = self.row_of(registration_id)
        return None if row is None else self._rows[row]

    def row_of(self, registration_id: int) -> int | None:
        return self._first_row(lambda d: d.registration_id == registration_id)

    def counts(self) -> DeckCounts:
        active = [d for d in self._rows if not d.dropped]
        return DeckCounts(
            players=len(active),
            submitted=sum(d.status != "missing" for d in active),
            illegal=sum(d.status == "illegal" for d in active),
            accepted=sum(d.status == "accepted" for d in active),
            no_pool=sum(d.status == "pool-not-registered" for d in active),
        )

    def sort_value(self, row: DeckStatus, column: int) -> Any:
        """A column's value (ids as p2 before p10, names in name order)."""
        if column == 0:
            return natural_key(row.code)
        value = _values(row, self._origin_texts.get(row.registration_id, ""))[column]
        return sort_key(value) if column == 1 else value  # names as people sort them

    def cell(self, row: int, column: int, role: int) -> Any:
        deck = self._rows[row]
        value = _values(deck, self._origin_texts.get(deck.registration_id, ""))[column]
        if role == Qt.ItemDataRole.DisplayRole:
            if column in NUMERIC and deck.status == "missing":
                return ""
            if column == 1 and deck.dropped:
                return f"{value} (dropped)"
            return str(value)
        if role == SORT_ROLE:
            if column == 0:
                return natural_key(deck.code)
            return sort_key(value) if column == 1 else value  # names as people sort them
        if role == Qt.ItemDataRole.ToolTipRole and column == STATUS_COLUMN:
            return status_tooltip(deck)
        if role == Qt.ItemDataRole.ToolTipRole and column == FROM_COLUMN and value:
            locked = "; locked: the player can no longer change it there"
            return "Sent by the player from the players' page" + (
                locked if "locked" in str(value) else ""
            )
        colours = STATUS_COLOURS.get(deck.status)
        if column == STATUS_COLUMN and colours is not None:
            if role == Qt.ItemDataRole.BackgroundRole:
                return QBrush(QColor(colours[0]))
            if role == Qt.ItemDataRole.ForegroundRole:
                return QBrush(QColor(colours[1]))
        if role == Qt.ItemDataRole.ForegroundRole and deck.dropped:
            return grey_brush()
        return None


class DeckStatusFilter(SourceSortProxy):
    """`set_to_chase(True)` keeps active players' missing or illegal lists; the model sorts."""

    def set_to_chase(self, on: bool) -> None:
        self.filter_rows((lambda deck: deck.to_chase) if on else None)
