"""A window for the room (a projector or a second screen): F11 or a double click toggles
full screen, Esc leaves it. Shared by the room clock (gui/clock/room_display.py), the
names on the projector (gui/rounds/names_display.py) and the check-in wall
(gui/players/checkin_display.py), so all answer the same keys and look alike."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QMouseEvent, QShortcut
from PySide6.QtWidgets import QWidget


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
