"""A window for the room (a projector or a second screen): F11 or a double click toggles
full screen, Esc leaves it. Shared by the room clock (gui/clock/room_display.py) and the
names on the projector (gui/rounds/names_display.py), so both answer the same keys."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QMouseEvent, QShortcut
from PySide6.QtWidgets import QWidget


class RoomWindow(QWidget):
    """A separate, non-modal top-level window with the room's full-screen keys."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        for key, slot in (("F11", self.toggle_full_screen), ("Esc", self.leave_full_screen)):
            QShortcut(QKeySequence(key), self).activated.connect(slot)

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
