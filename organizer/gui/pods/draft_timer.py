"""`DraftTimerPanel`: the draft timer and the deck building timer, in big digits.

Two starts (draft, default 40 minutes; deck building, default 30), Pause /
Resume, and the remaining time. The timer is stored with the pods in the
database (`services.pods.timer_start`, `timer_pause`, `timer_status`), so a
restart of the app shows the same second; a QTimer only redraws from
`timer_status` twice a second while the panel is shown. `now` is a callable
attribute so tests control the time. Starting a timer while one runs asks
first. No timer rule lives here.

The database keeps which timer runs (draft or deck building) with it, so the
title survives a restart too.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QHideEvent, QShowEvent
from PySide6.QtWidgets import (
    QGridLayout,
    QGroupBox,
    QLabel,
    QSpinBox,
)

from organizer.core.clock.round_clock import ClockView
from organizer.core.views.wording import plural
from organizer.gui.kit.actions import push_button
from organizer.gui.kit.event_screen import EventWork
from organizer.gui.kit.layouts import STRETCH, column, row
from organizer.services.clock.clock import utcnow
from organizer.services.kit.changes import Done
from organizer.services.kit.errors import EXPECTED, user_message
from organizer.services.rounds import pods

REDRAW_MS = 500
DRAFT_MINUTES = 40
BUILDING_MINUTES = 30
NO_TIME = "--:--"


def clock_text(seconds: int) -> str:
    """ "40:00", or "1:05:00" from an hour up."""
    hours, rest = divmod(max(0, seconds), 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def state_text(view: ClockView, title: str) -> str:
    minutes = view.total_s // 60
    length = plural(minutes, "minute")
    if view.state == "running":
        return f"{title} running · {length}"
    if view.state == "paused":
        return f"{title} paused · {length}"
    if view.state in ("time", "finished"):
        return f"{title}: time is up"
    return f"{title} not started"


class DraftTimerPanel(EventWork, QGroupBox):
    def build(self) -> None:
        self.setTitle("Draft timer")
        self.now: Callable[[], dt.datetime] = utcnow
        self.timer_label: str | None = None  # "draft" or "deck building", once started here
        self.view: ClockView | None = None

        self.time_label = QLabel(NO_TIME)
        font = self.time_label.font()
        font.setPointSizeF(font.pointSizeF() * 3.6)
        font.setBold(True)
        font.setStyleHint(font.StyleHint.Monospace)
        self.time_label.setFont(font)
        self.time_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.state_label = QLabel()
        self.state_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.state_label.setWordWrap(True)

        self.draft_spin = self._minutes(DRAFT_MINUTES)
        self.building_spin = self._minutes(BUILDING_MINUTES)
        self.draft_button = push_button("Start &draft timer", self.start_draft)
        self.building_button = push_button("Deck &building timer", self.start_building)
        self.pause_button = push_button("Pa&use", self.pause_or_resume)

        grid = QGridLayout()
        grid.addWidget(self.draft_button, 0, 0)
        grid.addWidget(self.draft_spin, 0, 1)
        grid.addWidget(self.building_button, 1, 0)
        grid.addWidget(self.building_spin, 1, 1)
        grid.addWidget(self.pause_button, 2, 0, 1, 2)
        grid.setRowStretch(3, 1)
        face = column(self.time_label, self.state_label, STRETCH)
        self.setLayout(row((face, 1), 8, grid))
        self.time_label.setMinimumWidth(
            self.time_label.fontMetrics().horizontalAdvance("0:00:00") + 16
        )

        self.timer = QTimer(self)
        self.timer.setInterval(REDRAW_MS)
        self.timer.timeout.connect(self.redraw)
        self.redraw()

    @staticmethod
    def _minutes(value: int) -> QSpinBox:
        spin = QSpinBox()
        spin.setRange(1, 180)
        spin.setValue(value)
        spin.setSuffix(" min")
        return spin

    def title(self) -> str:
        if self.timer_label is None:
            self.timer_label = self._stored_label()
        return f"{self.timer_label.capitalize()} timer" if self.timer_label else "Timer"

    def _stored_label(self) -> str | None:
        """The stored timer's label: kept in the database, so it survives a restart."""
        try:
            return pods.timer_label(self.db, event_id=self.event_id)
        except EXPECTED:
            return None

    # --- drawing ----------------------------------------------------------------

    def redraw(self) -> None:
        """Show the timer as the database has it at `now()`."""
        try:
            view = pods.timer_status(self.db, event_id=self.event_id, now=self.now())
        except EXPECTED as exc:
            self.view = None
            why = user_message(exc)
            self._show(NO_TIME, f"{why[:1].upper()}{why[1:]}.", seated=False)
            return
        self.view = view
        if view is None:
            self._show(NO_TIME, "No timer started yet.", seated=True)
        else:
            self._show(clock_text(view.remaining_s), state_text(view, self.title()), seated=True)

    def _show(self, time: str, state: str, *, seated: bool) -> None:
        if self.time_label.text() != time:
            self.time_label.setText(time)
        if self.state_label.text() != state:
            self.state_label.setText(state)
        over = self.view is not None and self.view.state == "time"
        self.time_label.setStyleSheet("color: #c00000;" if over else "")
        for widget in (self.draft_button, self.building_button, self.draft_spin):
            widget.setEnabled(seated)
        self.building_spin.setEnabled(seated)
        running = self.view is not None and self.view.state in ("running", "paused")
        self.pause_button.setEnabled(running)
        paused = self.view is not None and self.view.state == "paused"
        self.pause_button.setText("&Resume" if paused else "Pa&use")

    # --- commands -----------------------------------------------------------------

    def start_draft(self) -> None:
        self.start("draft", self.draft_spin.value())

    def start_building(self) -> None:
        self.start("deck building", self.building_spin.value())

    def start(self, label: str, minutes: int) -> None:
        """Start the `label` timer for `minutes`, asking first if one still runs."""
        self.redraw()
        title = f"{label.capitalize()} timer"
        view = self.view
        if view is not None and view.state in ("running", "paused"):
            question = (
                f"The {self.title().lower()} still has {clock_text(view.remaining_s)} left.\n\n"
                f"Start the {label} timer for {minutes} minutes instead?"
            )
            if not self.prompts.confirm(title, question):
                return

        def shown(_done: Done[None]) -> str:
            self.timer_label = label
            self.redraw()
            return f"{title} started: {minutes} minutes."

        self.write(
            title,
            lambda: pods.timer_start(
                self.db, event_id=self.event_id, minutes=minutes, label=label, now=self.now()
            ),
            shown,
        )

    def pause_or_resume(self) -> None:
        verb = "Resume" if self.view is not None and self.view.state == "paused" else "Pause"

        def shown(_done: Done[None]) -> str:
            self.redraw()
            return f"{self.title()} {'resumed' if verb == 'Resume' else 'paused'}."

        self.write(
            f"{verb} timer",
            lambda: pods.timer_pause(self.db, event_id=self.event_id, now=self.now()),
            shown,
        )

    # --- redrawing while shown ------------------------------------------------------

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self.redraw()
        self.timer.start()

    def hideEvent(self, event: QHideEvent) -> None:
        super().hideEvent(event)
        self.timer.stop()
