"""The door on a projector: who has checked in, for the players queueing at the counter.

A room window like the room clock (`gui.kit.room_window`: light on dark, F11 or a double
click for full screen, Esc leaves it): the event, "13 of 16 here", and the names of those who
checked in, newest first so a player sees their own name come up, in as many columns as
the window holds at a readable size. It reads nothing itself: the Players tab hands it
the players each time it reads them (after this station's check-ins and, live, after
another station's), so the projector never stops the counter.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtGui import QFont, QResizeEvent
from PySide6.QtWidgets import QGridLayout, QLabel, QSizePolicy, QVBoxLayout, QWidget

from organizer.gui.kit.room_window import RoomWindow
from organizer.services.players.registration import in_event
from organizer.storage.records import PlayerRecord

ROWS = 12
"""Names a column holds: readable from the back of a store at a window's usual size."""


class CheckinDisplay(RoomWindow):
    def __init__(self, *, event_name: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent, name="checkinDisplay", title=f"Check-in — {event_name}")
        self.title_label = self.room_label(f"{event_name}: check in at the counter")
        self.count_label = self.room_label("")
        self.names = QWidget()
        self.grid = QGridLayout(self.names)
        self.grid.setContentsMargins(0, 0, 0, 0)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(32, 16, 32, 16)
        layout.addWidget(self.title_label, 1)
        layout.addWidget(self.count_label, 2)
        layout.addWidget(self.names, 9)
        self.shown: tuple[str, ...] = ()
        self._seen: set[int] | None = None  # who was here at the last look; None: none yet
        self._order: list[int] = []

    def show_players(self, players: Sequence[PlayerRecord]) -> None:
        """Who is here of who holds a place: those checked in since the display opened
        first, newest first, then the others in registration order."""
        holding = in_event(list(players))
        here = {p.registration_id: p.name for p in holding if p.checked_in}
        if self._seen is not None:
            self._order = [i for i in here if i not in self._seen][::-1] + self._order
        self._seen = set(here)
        kept = [i for i in self._order if i in here]
        ranked = kept + [i for i in here if i not in kept]
        self._order = ranked
        self.count_label.setText(f"{len(here)} of {len(holding)} here")
        self.shown = tuple(here[i] for i in ranked)
        while self.grid.count():
            item = self.grid.takeAt(0)
            gone = item.widget() if item is not None else None
            if gone is not None:  # off the window now, deleted when the event loop turns
                gone.hide()
                gone.deleteLater()
        for index, name in enumerate(self.shown):
            label = QLabel(name)
            label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
            self.grid.addWidget(label, index % ROWS, index // ROWS)
        self._scale()

    def _scale(self) -> None:
        height = max(self.height(), 200)
        for label, share in ((self.title_label, 0.05), (self.count_label, 0.09)):
            font = QFont(label.font())
            font.setPixelSize(max(12, int(height * share)))
            label.setFont(font)
        row_font = QFont(self.font())
        row_font.setPixelSize(max(12, int(height * 0.75 / (ROWS + 2) * 0.8)))
        for index in range(self.grid.count()):
            item = self.grid.itemAt(index)
            if item is not None and item.widget() is not None:
                item.widget().setFont(row_font)  # type: ignore[union-attr]

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._scale()
