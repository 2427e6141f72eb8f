"""A window for the room (a projector or a second screen): F11 or a double click toggles
full screen, Esc leaves it. Shared by the room clock (gui/clock/room_display.py), the
names on the projector (gui/rounds/names_display.py) and the check-in wall
(gui/players/checkin_display.py), so all answer the same keys and look alike.

`EventRoomWindow` is one showing an event of a database (the room clock, the names): it
takes the database, the event and its name once, and a window writes only `build()`,
as a tab does (`EventWork.build`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QKeySequence, QMouseEvent, QShortcut
from PySide6.QtWidgets import QLabel, QSizePolicy, QWidget

if TYPE_CHECKING:
    from organizer.storage.database import Database

OPENING_SIZE = (1280, 720)
"""A room window's size until it is moved to its screen or made full screen: 720p, which
every projector shows."""


class RoomWindow(QWidget):
    """A separate, non-modal top-level window with the room's full-screen keys, light on
    dark for a hall; `name` is its object name (its style sheet's selector), `title` says
    what it shows."""

    def __init__(self, parent: QWidget | None = None, *, name: str, title: str) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.setWindowTitle(f"{title} (F11: full screen)")
        self.setObjectName(name)
        self.setStyleSheet(f"#{name} {{ background: #0b0b0b; }} QLabel {{ color: #f4f4f4; }}")
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        for key, slot in (("F11", self.toggle_full_screen), ("Esc", self.leave_full_screen)):
            QShortcut(QKeySequence(key), self).activated.connect(slot)
        self.resize(*OPENING_SIZE)

    def every(self, ms: int, slot: Callable[[], object]) -> QTimer:
        """A running timer of the window that calls `slot` every `ms` milliseconds: a room
        window shows what the event is now by itself (the clock ticks, the pages turn)."""
        timer = QTimer(self)
        timer.setInterval(ms)
        timer.timeout.connect(slot)
        timer.start()
        return timer

    @staticmethod
    def room_label(text: str = "") -> QLabel:
        """A centred label whose size hint does not hold the window's size: a room window's
        fonts follow the window (its `resizeEvent`), so huge text must not keep it large."""
        label = QLabel(text)
        label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Ignored)
        return label

    def toggle_full_screen(self) -> None:
        if self.isFullScreen():
            self.showNormal()
        else:
            self.showFullScreen()

    def leave_full_screen(self) -> None:
        if self.isFullScreen():
            self.showNormal()

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:
        self.toggle_full_screen()
        event.accept()


class EventRoomWindow(RoomWindow):
    """A room window showing one event: `object_name` is its object name, its title is
    `shows` and the event's name. A subclass makes its widgets in `build()`, with
    `self.db`, `self.event_id` and `self.event_name` set."""

    object_name: ClassVar[str]
    shows: ClassVar[str]
    """What the window shows, before the event's name in its title ("Room clock")."""

    def __init__(
        self, db: Database, event_id: int, *, event_name: str = "", parent: QWidget | None = None
    ) -> None:
        super().__init__(parent, name=self.object_name, title=f"{self.shows} — {event_name}")
        self.db = db
        self.event_id = event_id
        self.event_name = event_name
        self.build()

    def build(self) -> None:
        """Make the window's widgets and start showing the event (once, as it is built)."""
