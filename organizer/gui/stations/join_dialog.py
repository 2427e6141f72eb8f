"""Events → Join a hosted event…: the join code (or a full URL) and the last few used.

Why: a second station joins by typing the short code the host shows. A full
PostgreSQL URL works too, so a server someone already runs keeps working.
The dialog only reads what is typed (`services.stations.join_url` turns it
into a URL and says plainly what is wrong); the window opens the database
(a wrong password or an unreachable host is a message, not a crash). The
last five codes are remembered in the app's settings. Imports Qt and
services only.
"""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QDialog, QLabel, QWidget

from organizer.gui.kit.layouts import column, ok_cancel
from organizer.gui.kit.settings_store import settings_store
from organizer.services.kit.errors import InputError
from organizer.services.stations.stations import join_url

RECENT_KEY = "join/recent"
KEEP = 5


def recent_codes() -> list[str]:
    value = settings_store().value(RECENT_KEY, [])
    values = [value] if isinstance(value, str) else value if isinstance(value, list) else []
    return [v for v in values if isinstance(v, str) and v.strip()][:KEEP]


def remember_code(text: str) -> None:
    codes = [text, *(c for c in recent_codes() if c != text)][:KEEP]
    store = settings_store()
    store.setValue(RECENT_KEY, codes)
    store.sync()


class JoinDialog(QDialog):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Join a hosted event")
        self.url: str | None = None
        self.setMinimumWidth(520)
        intro = QLabel(
            "Type the join code shown on the hosting station (Events → Host for other "
            "stations…), or a full PostgreSQL URL.\nThis window then works on the host's "
            "events; every station sees the others' results within a second or two."
        )
        intro.setWordWrap(True)
        self.code_combo = QComboBox()
        self.code_combo.setEditable(True)
        self.code_combo.addItems(recent_codes())
        self.code_combo.setCurrentText("")
        self.code_combo.setMinimumContentsLength(34)
        line = self.code_combo.lineEdit()
        assert line is not None
        line.setPlaceholderText("7K3M-9QXA-…  or  postgresql://…")
        label = QLabel("Join &code:")
        label.setBuddy(self.code_combo)
        self.error_label = QLabel()
        self.error_label.setStyleSheet("QLabel { color: #c00000; font-weight: bold; }")
        self.error_label.setWordWrap(True)
        self.error_label.hide()
        column(
            intro, label, self.code_combo, self.error_label, ok_cancel(self, "&Join"), parent=self
        )

    def accept(self) -> None:
        text = self.code_combo.currentText().strip()
        try:
            self.url = join_url(text)
        except InputError as exc:
            self.show_error(str(exc))
            return
        remember_code(text)
        super().accept()

    def show_error(self, text: str) -> None:
        self.error_label.setText(text[:1].upper() + text[1:])
        self.error_label.setVisible(bool(text))
        self.adjustSize()  # room for the message; nothing above it is squeezed
