"""The status bar's permanent note: where the data is, and whether the connection is up.

Why: with several stations a TO must see at a glance which database this
window writes to (this computer's file, the event hosted here, or a host
joined over the network) and that it is connected; when it is not, the note
turns red and says writes are refused until it reconnects by itself, or that
the host stopped sharing the event. It never widens the window. The
window title says the same place (`window_title`). Imports Qt only.
"""

from __future__ import annotations

from PySide6.QtCore import QSize
from PySide6.QtWidgets import QLabel, QWidget

from organizer.core.views.wording import plural
from organizer.storage.database import Database

MIN_WIDTH = 120
UP_STYLE = "QLabel { color: #1b6e20; padding: 0 6px; }"
DOWN_STYLE = (
    "QLabel { color: white; background: #b3261e; border-radius: 3px; padding: 1px 6px;"
    " font-weight: bold; }"
)


def place_text(db: Database, *, hosting: bool) -> str:
    if db.is_sqlite:
        return f"this computer ({db.place})"
    if hosting:
        return f"hosted here ({db.place.split('/')[0]})"
    return f"host {db.place.split('/')[0]}"


def window_title(db: Database, *, hosting: bool) -> str:
    """ "Organizer — /path/to/file", "Organizer — hosted here (…)", "Organizer — host …"."""
    where = db.place if db.is_sqlite else place_text(db, hosting=hosting)
    return f"Organizer — {where}"


class ConnectionStatus(QLabel):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._place = ""
        self._stations: int | None = None
        self.connected = True
        self.host_stopped = False
        self.shared = False

    def minimumSizeHint(self) -> QSize:
        """Small whatever the text: the status bar (and so the window) never grows for it;
        a narrow window clips the note, and its tooltip says it all."""
        return QSize(MIN_WIDTH, super().minimumSizeHint().height())

    def show_place(self, db: Database, *, hosting: bool) -> None:
        self._place = place_text(db, hosting=hosting)
        self.shared = not db.is_sqlite
        self._stations = None
        self.connected = True
        self._render("")

    def show_stations(self, count: int | None) -> None:
        self._stations = count
        self._render("")

    def show_connection(self, connected: bool, reason: str, *, host_stopped: bool = False) -> None:
        self.connected = connected
        self.host_stopped = host_stopped and not connected
        self._render(reason)

    def _render(self, reason: str) -> None:
        if not self.connected:
            if self.host_stopped:
                self.setText("● The host stopped sharing this event: writes are refused")
            else:
                self.setText(f"● Not connected to {self._place}: writes are refused; reconnecting…")
            self.setToolTip(reason)
            self.setStyleSheet(DOWN_STYLE)
            return
        text = f"Data: {self._place}"
        if self.shared:
            text = f"● Connected · {text}"
        if self._stations is not None:
            text += f" · {plural(self._stations, 'station')} connected"
        self.setText(text)
        self.setToolTip("Where this window reads and writes the events")
        self.setStyleSheet(UP_STYLE if self.shared else "")
