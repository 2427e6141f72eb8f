"""The room display: the round clock for a projector or a second screen.

A separate, non-modal top-level window (the TO's window stays usable): the
event and round, the remaining time in digits at least a fifth of the window
high (every font scales with the window in `resizeEvent`), the phase, and at
time the tables still playing with their extensions. Light on dark for a
hall; the digits turn amber in the last 5 minutes and red at time. F11 (or a
double click) toggles full screen, Esc leaves it.

While the players' page serves this event, a QR code that opens it sits in
the bottom right corner with its address ("Pairings and clock on your
phone"), about a fifth of the window high.

It keeps no time of its own: its own QTimer reads `services.clock.status`
four times a second (`now` is a callable attribute, so tests set the time),
so it shows what every other station shows and survives restarts.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QFontMetrics, QResizeEvent
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from organizer.core.views.times import mm_ss
from organizer.gui.clock.clock_text import at_time, phase_text, still_playing, table_note
from organizer.gui.kit.page_host import page_url_for
from organizer.gui.kit.qr import qr_pixmap_fitting
from organizer.gui.kit.room_window import EventRoomWindow
from organizer.services.clock import clock
from organizer.services.clock.clock import ClockStatus
from organizer.services.kit.errors import EXPECTED, user_message

REFRESH_MS = 250
TIME_SHARE = 0.36
"""The digits' font pixel size as a share of the window height (their glyphs are ~0.26)."""
WIDTH_SHARE = 0.92
COLORS = {"normal": "#f4f4f4", "soon": "#ffb300", "time": "#ff5a4f", "paused": "#9e9e9e"}
SOON_S = 300
NBSP = "\u00a0"
QR_SHARE = 0.22
"""The QR code's side as a share of the window height."""


class RoomDisplay(EventRoomWindow):
    object_name = "roomDisplay"
    shows = "Room clock"

    def build(self) -> None:
        self.now: Callable[[], dt.datetime] = clock.utcnow
        self.status: ClockStatus | None = None

        self.round_label = self.room_label()
        self.time_label = self.room_label()
        self.phase_label = self.room_label()
        self.tables_label = self.room_label()
        self.tables_label.setWordWrap(True)
        self.tables_label.setAlignment(Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(24, 12, 24, 12)
        layout.setSpacing(0)
        layout.addWidget(self.round_label, 10)
        layout.addWidget(self.time_label, 50)
        layout.addWidget(self.phase_label, 12)
        layout.addWidget(self.tables_label, 28)

        self.page_url: str | None = None
        self.qr_box = QWidget(self)
        self.qr_box.setObjectName("qrBox")
        self.qr_box.setStyleSheet("#qrBox { background: #ffffff; border-radius: 6px; }")
        self.qr_box.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.qr_label = QLabel(self.qr_box)
        self.qr_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.qr_caption = QLabel(self.qr_box)
        self.qr_caption.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.qr_caption.setStyleSheet("color: #111111;")
        self.qr_caption.setWordWrap(True)
        qr_layout = QVBoxLayout(self.qr_box)
        qr_layout.setContentsMargins(6, 6, 6, 6)
        qr_layout.setSpacing(2)
        qr_layout.addWidget(self.qr_label)
        qr_layout.addWidget(self.qr_caption)
        self.qr_box.hide()

        self.timer = self.every(REFRESH_MS, self.redraw)
        self.redraw()

    # --- drawing ----------------------------------------------------------------

    def redraw(self) -> None:
        self._show_page_code(page_url_for(self.event_id))
        try:
            status = clock.status(self.db, event_id=self.event_id, now=self.now())
        except EXPECTED as exc:
            self.status = None
            self._show_texts(self.event_name, "--:--", user_message(exc), "", "paused")
            return
        self.status = status
        view = status.view
        if view.state == "paused":
            tone = "paused"
        elif at_time(status) and view.state != "finished":
            tone = "time"
        elif view.state == "running" and view.remaining_s <= SOON_S:
            tone = "soon"
        else:
            tone = "normal"
        playing = still_playing(status)
        tables = ""
        if playing:
            notes = (table_note(t).replace(" ", NBSP) for t in playing)  # never split one
            tables = "Tables still playing:  " + f"{NBSP}{NBSP}·  ".join(notes)
        heading = f"{self.event_name}  ·  Round {status.round}".strip(" ·")
        self._show_texts(heading, mm_ss(view.remaining_s), phase_text(view), tables, tone)

    def _show_texts(self, heading: str, time: str, phase: str, tables: str, tone: str) -> None:
        refit = len(time) != len(self.time_label.text())
        tables_changed = tables != self.tables_label.text()
        for label, text in (
            (self.round_label, heading),
            (self.time_label, time),
            (self.phase_label, phase),
            (self.tables_label, tables),
        ):
            if label.text() != text:
                label.setText(text)
        if tables_changed and not refit:
            self._fit_tables()
        color = COLORS[tone]
        style = f"color: {color};"
        if self.time_label.styleSheet() != style:
            self.time_label.setStyleSheet(style)
        if refit:
            self._scale()

    def _scale(self) -> None:
        """Fonts as shares of the window; the digits also fit its width."""
        h, w = max(1, self.height()), max(1, self.width())
        digits = QFont(self.font())
        digits.setBold(True)
        digits.setPixelSize(max(8, int(h * TIME_SHARE)))
        sample = "".join("0" if c.isdigit() else c for c in self.time_label.text() or "00:00")
        advance = QFontMetrics(digits).horizontalAdvance(sample)
        if advance > w * WIDTH_SHARE:
            digits.setPixelSize(max(8, int(digits.pixelSize() * w * WIDTH_SHARE / advance)))
        self.time_label.setFont(digits)
        for label, share, bold in (
            (self.round_label, 0.055, False),
            (self.phase_label, 0.075, True),
            (self.tables_label, 0.05, False),
        ):
            font = QFont(self.font())
            font.setBold(bold)
            font.setPixelSize(max(8, int(h * share)))
            label.setFont(font)
        self._fit_tables()

    def _fit_tables(self) -> None:
        """A long list of tables still playing gets smaller type rather than being cut off."""
        label = self.tables_label
        font = QFont(label.font())
        font.setPixelSize(max(8, int(self.height() * 0.05)))
        area = label.contentsRect()
        flags = int(Qt.TextFlag.TextWordWrap)
        while font.pixelSize() > 12 and label.text():
            needed = QFontMetrics(font).boundingRect(area, flags, label.text()).height()
            if needed <= area.height():
                break
            font.setPixelSize(int(font.pixelSize() * 0.9))
        label.setFont(font)

    def _show_page_code(self, url: str | None) -> None:
        """The players' page's QR code in the corner while it serves this event."""
        if url == self.page_url:
            return
        self.page_url = url
        self.qr_box.setVisible(url is not None)
        if url is not None:
            self._place_code()
        else:
            self.tables_label.setContentsMargins(0, 0, 0, 0)

    def _place_code(self) -> None:
        if self.page_url is None:
            return
        side = max(64, int(self.height() * QR_SHARE))
        self.qr_label.setPixmap(qr_pixmap_fitting(self.page_url, side))
        font = QFont(self.font())
        font.setPixelSize(max(10, int(self.height() * 0.022)))
        self.qr_caption.setFont(font)
        self.qr_caption.setText(f"Pairings and clock on your phone\n{self.page_url}")
        self.qr_caption.setFixedWidth(
            max(side, QFontMetrics(font).horizontalAdvance(self.page_url) + 8)
        )
        self.qr_box.adjustSize()
        margin = 12
        self.qr_box.move(
            self.width() - self.qr_box.width() - margin,
            self.height() - self.qr_box.height() - margin,
        )
        self.qr_box.raise_()
        # The tables still playing keep clear of the code (both sides: the text stays centred).
        room = self.qr_box.width() + margin
        self.tables_label.setContentsMargins(room, 0, room, 0)

    def digit_height(self) -> int:
        """The height in pixels of a digit as drawn (for the readability check)."""
        return QFontMetrics(self.time_label.font()).tightBoundingRect("0").height()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._scale()
        self._place_code()
