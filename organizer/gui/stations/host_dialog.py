"""Events → Host for other stations…: start sharing, show the join code, stop.

Why: other stations join with a short code instead of a server set-up. Before
hosting, the dialog says what will happen (this station's events move onto a
database server the app carries, its own file stays as it was) and offers
Start. While hosting, it says how to join and what Stop hosting does, and
shows the join code large, the same as a QR code
(`gui.kit.qr`) and as a URL, how many stations are connected (read every two
seconds), and Stop hosting…, which asks first: the events then move back
into this computer's file and the server stops cleanly. The starting and
stopping themselves are `Stations.start_hosting` and `stop_hosting`; this
module only shows. Imports Qt and services.
"""

from __future__ import annotations

from typing import Protocol

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QWidget,
)

from organizer.core.views.wording import plural
from organizer.gui.kit.actions import push_button
from organizer.gui.kit.emphasis import embolden
from organizer.gui.kit.layouts import STRETCH, column, row
from organizer.gui.kit.qr import qr_pixmap_fitting
from organizer.services.stations.stations import HostingStarted

REFRESH_MS = 2000
QR_SIDE = 220
BEFORE = (
    "Other stations (a judge at the stage, a second scorekeeper) can work on "
    "this computer's events at the same time and see each other's results live.\n\n"
    "Start hosting moves the events onto a database server that Organizer carries "
    "(this computer's own file stays as it was). Other stations then choose "
    "Events → Join a hosted event… and type the code shown here. Only stations "
    "with the code can read or write."
)
WHILE_HOSTING = (
    "This computer is hosting its events. On another station choose Events → Join a "
    "hosted event… and type the code below (or scan it). Only stations with the code "
    "can read or write.\n\n"
    "Stop hosting… moves the events back into this computer's file; the other stations "
    "are told the host stopped sharing, and everything they saved comes along."
)


class Host(Protocol):
    hosting: HostingStarted | None

    def start_hosting(self) -> bool: ...
    def stop_hosting(self) -> bool: ...
    def stations_connected(self) -> int | None: ...


class HostDialog(QDialog):
    def __init__(self, host: Host, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.host = host
        self.setWindowTitle("Host for other stations")
        self.intro = QLabel(BEFORE)
        self.intro.setWordWrap(True)
        self.code_label = QLabel()
        code_font = QFont("monospace")
        code_font.setStyleHint(QFont.StyleHint.Monospace)
        code_font.setPointSizeF(self.font().pointSizeF() * 1.8)
        code_font.setBold(True)
        self.code_label.setFont(code_font)
        self.code_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.qr_label = QLabel()
        self.url_label = QLabel()
        self.url_label.setWordWrap(True)
        self.url_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.url_label.setStyleSheet("color: palette(placeholder-text);")
        self.stations_label = QLabel()
        embolden(self.stations_label)
        self.start_button = push_button("&Start hosting", self._start)
        self.stop_button = push_button("S&top hosting…", self._stop)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)

        shown = column(
            QLabel("Join code:"), self.code_label, self.stations_label, self.url_label, STRETCH
        )
        column(
            self.intro,
            row((shown, 1), self.qr_label),
            row(self.start_button, self.stop_button, STRETCH, buttons),
            parent=self,
        )

        self.timer = QTimer(self)
        self.timer.setInterval(REFRESH_MS)
        self.timer.timeout.connect(self._show_stations)
        self._show()

    def _start(self) -> None:
        # The start runs off the UI thread (the window keeps drawing): one click starts one.
        self.start_button.setEnabled(False)
        try:
            self.host.start_hosting()
        finally:
            self.start_button.setEnabled(True)
        self._show()

    def _stop(self) -> None:
        if self.host.stop_hosting():
            self._show()

    def _show(self) -> None:
        hosting = self.host.hosting
        on = hosting is not None
        for widget in (self.code_label, self.qr_label, self.url_label, self.stations_label):
            widget.setVisible(on)
        self.start_button.setVisible(not on)
        self.stop_button.setVisible(on)
        self.intro.setText(WHILE_HOSTING if on else BEFORE)
        if hosting is None:
            self.timer.stop()
            self.start_button.setFocus()
            return
        code = hosting.hosted.code
        self.code_label.setText(code or "(no short code: give the URL below)")
        self.qr_label.setPixmap(qr_pixmap_fitting(code or hosting.hosted.url, QR_SIDE))
        self.url_label.setText(f"Or as a URL (for `organizer --db`):\n{hosting.hosted.url}")
        self._show_stations()
        self.timer.start()

    def _show_stations(self) -> None:
        count = self.host.stations_connected()
        if count is None:
            self.stations_label.setText("Stations connected: unknown (the server does not answer)")
        else:
            self.stations_label.setText(f"{plural(count, 'station')} connected (this one included)")
