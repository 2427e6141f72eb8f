"""Registering a regular in three keystrokes: known people offered as the TO types.

`PeopleSearch` searches the store's people (`core.people.search`, the one
fold: "lukasz" finds Łukasz) on a worker thread, one at a time, and hands the
offers of the latest text typed to the UI thread; the answer to an older text
is dropped. The people are read once, on the worker, and again after a
registration changed them. `OffersModel` is the list the Players tab shows
under its quick-add line: the offers, most recently seen first, and last a
row to register the text typed as a new person.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from PySide6.QtCore import QObject, QRunnable, Qt, QThreadPool, Signal

from organizer.core.people.search import MIN_LETTERS, Duplicate, Known, likely_duplicates, search
from organizer.gui.kit.table_model import RowsModel
from organizer.services.players.people import known_people
from organizer.storage.database import Database

OFFERED = 8
"""Known people offered at most."""


class _Answer(QObject):
    found = Signal(int, object)


class _Search(QRunnable):
    def __init__(self, owner: PeopleSearch, ticket: int, text: str) -> None:
        super().__init__()
        self.owner, self.ticket, self.text = owner, ticket, text

    def run(self) -> None:
        known = self.owner.known()
        self.owner.answer.found.emit(self.ticket, search(self.text, known, limit=OFFERED))


class PeopleSearch(QObject):
    offers = Signal(object)
    """The offers (a list of `Known`) for the latest text typed."""

    def __init__(self, db: Database, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.db = db
        self._known: list[Known] | None = None
        self._ticket = 0
        self.answer = _Answer()
        self.answer.found.connect(self._arrived, Qt.ConnectionType.QueuedConnection)
        self.pool = QThreadPool(self)
        self.pool.setMaxThreadCount(1)  # one search at a time, in the order typed

    def known(self) -> list[Known]:
        """Everyone (read on the worker the first time, and after `forget`)."""
        known = self._known
        if known is None:
            known = self._known = known_people(self.db)
        return known

    def forget(self) -> None:
        """The people changed (one registered): read them again on the next search."""
        self._known = None

    def ask(self, text: str) -> None:
        self._ticket += 1
        if len(text.strip()) < MIN_LETTERS:
            self.offers.emit([])
            return
        self.pool.start(_Search(self, self._ticket, text))

    def now(self, text: str) -> list[Known] | None:
        """The offers for `text` at once (Enter pressed before its answer came); None if
        the people are not read yet."""
        known = self._known
        return None if known is None else search(text, known, limit=OFFERED)

    def duplicates(self, name: str) -> list[Duplicate]:
        """Who a new `name` may already be (the people as last read; none if not read yet)."""
        known = self._known or []
        return likely_duplicates(name, None, known, today=dt.datetime.now(dt.UTC).date())

    def wait(self) -> None:
        self.pool.waitForDone()

    def _arrived(self, ticket: int, found: list[Known]) -> None:
        if ticket == self._ticket:
            self.offers.emit(found)


class OffersModel(RowsModel[Known | str]):
    """The offers, then the new name typed (a `str` row)."""

    headers = ("Known players",)

    typed: str = ""
    """The text the offers are for."""

    def show(self, offers: list[Known], typed: str) -> None:
        self.typed = typed
        rows: list[Known | str] = list(offers)
        if offers and typed.strip():
            rows.append(typed.strip())
        self._replace_rows(rows)

    def person_at(self, row: int) -> Known | None:
        found = self._rows[row] if 0 <= row < len(self._rows) else None
        return found if isinstance(found, Known) else None

    def cell(self, row: int, column: int, role: int) -> Any:
        found = self._rows[row]
        if role == Qt.ItemDataRole.DisplayRole:
            if isinstance(found, str):
                return f"New player: {found}"
            number = f"  #{found.number}" if found.number else ""
            seen = f"  last seen {found.last_seen}" if found.last_seen else ""
            return f"{found.name}{number}{seen}"
        if role == Qt.ItemDataRole.ToolTipRole and isinstance(found, Known):
            return "Enter registers this person"
        return None
