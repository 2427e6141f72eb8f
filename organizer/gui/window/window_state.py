"""What the main window remembers between starts: geometry, splitter, last event and tab.

Why a module: the window should open as the TO left it, but a settings file is
outside our control (hand-edited, half-written, from another version), so every
value read here is checked and a bad or missing one is simply not used; the app
never fails to start because of it.

Kept with `QSettings` in the one settings file (`kit/settings_store`), which
`ORGANIZER_SETTINGS` chooses for tests and the screenshot tools. A window
gets a `WindowState` only from `run_app`; without one it remembers nothing.
The last event is remembered per database (by its location), since ids are
only meaningful inside one database.

`fit_to_screen` keeps the window inside the screen's free area (without the
task bar): the first window of 1280x800 is taller than a 1366x768 laptop
leaves, and a window remembered on a bigger monitor came back cut off.
Imports Qt only.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QByteArray, QRect, QSettings
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QMainWindow, QSplitter, QWidget


def _bytes(value: object) -> QByteArray | None:
    if isinstance(value, QByteArray) and not value.isEmpty():
        return value
    if isinstance(value, bytes) and value:
        return QByteArray(value)
    return None


def _whole_number(value: object) -> int | None:
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().isdigit():
        return int(value)
    return None


def fitted(frame: QRect, area: QRect, margins: tuple[int, int]) -> QRect:
    """The window's inside size and its frame's top left (`frame`), with `margins` of
    title bar and borders around the inside: made no bigger than `area`, moved inside it."""
    extra_w, extra_h = margins
    width = max(1, min(frame.width(), area.width() - extra_w))
    height = max(1, min(frame.height(), area.height() - extra_h))
    left = min(max(frame.left(), area.left()), area.right() + 1 - width - extra_w)
    top = min(max(frame.top(), area.top()), area.bottom() + 1 - height - extra_h)
    return QRect(left, top, width, height)


def fit_to_screen(window: QWidget) -> None:
    """Shrink and move `window` so that all of it shows on its screen's free area."""
    screen = window.screen() or QGuiApplication.primaryScreen()
    if screen is None:
        return
    frame, inside = window.frameGeometry(), window.geometry()
    margins = (frame.width() - inside.width(), frame.height() - inside.height())
    if margins == (0, 0) and not window.isVisible():  # no frame yet: the platform's usual
        margins = (16, 40)
    target = fitted(QRect(frame.topLeft(), inside.size()), screen.availableGeometry(), margins)
    window.resize(target.size())
    if target.topLeft() != frame.topLeft():
        window.move(target.topLeft())  # a window's position is its frame's


class WindowState:
    """Reads and writes the remembered state through one `QSettings`."""

    def __init__(self, settings: QSettings) -> None:
        self.settings = settings
        self.readable = settings.status() == QSettings.Status.NoError

    def _value(self, key: str) -> object:
        return self.settings.value(key) if self.readable else None

    def restore_layout(self, window: QMainWindow, splitter: QSplitter) -> bool:
        """Geometry and splitter as remembered; False when there was no usable geometry."""
        geometry = _bytes(self._value("window/geometry"))
        restored = geometry is not None and window.restoreGeometry(geometry)
        splitter_state = _bytes(self._value("window/splitter"))
        if splitter_state is not None:
            splitter.restoreState(splitter_state)
        return restored

    def last_event(self, database: str) -> int | None:
        if self._value("event/database") != database:
            return None
        return _whole_number(self._value("event/id"))

    def last_tab(self) -> int | None:
        return _whole_number(self._value("event/tab"))

    def save(
        self,
        window: QMainWindow,
        splitter: QSplitter,
        *,
        database: str,
        event_id: int | None,
        tab: int | None,
    ) -> None:
        if not self.readable:  # a corrupt file: start it afresh rather than edit it
            Path(self.settings.fileName()).unlink(missing_ok=True)
            self.settings = QSettings(self.settings.fileName(), QSettings.Format.IniFormat)
            self.readable = True
        self.settings.setValue("window/geometry", window.saveGeometry())
        self.settings.setValue("window/splitter", splitter.saveState())
        self.settings.setValue("event/database", database)
        if event_id is None:
            self.settings.remove("event/id")
            self.settings.remove("event/tab")
        else:
            self.settings.setValue("event/id", event_id)
            self.settings.setValue("event/tab", tab if tab is not None else 0)
        self.settings.sync()
