"""The Clock tab: the latest round's clock, its alerts, and the tables still playing.

Shows the round, the remaining time in big digits and the phase ("Sideboarding:
4:12 left", "Playing", "Time called", "Sudden death", "Extra turns: 5",
"Finished"). Commands: Start (Ctrl+Shift+S), Pause/Resume (Space while the
tab has the focus), Add time… (minutes, negative takes time away), Round
length…, End round… (confirmed), Extend table… (Ctrl+E; the deck-check
duration + 3 minutes is offered), Sudden death… (Ctrl+Shift+D, or a double
click) for a selected table whose own time is up, in Warcaste formats, and
Open room display (Ctrl+D, from anywhere in the window).

All state lives in the database: a QTimer only redraws from
`services.clock.status` (four times a second while the tab is shown, once a
second otherwise, so alerts still come), with `now` a callable attribute so
tests control the time. Alerts (10 and 5 minutes left, time) fire once each
as the remaining time crosses them (`crossed_alerts` with the value of the
previous redraw): a banner, the status bar, and a chime (`AlertSound`, which
falls back to the system beep without audio). Every change is one service
call through the tab's `write`; no clock rule lives here.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QLabel,
    QSizePolicy,
)

from organizer.core.clock.round_clock import crossed_alerts
from organizer.core.formats.round_length import ROUND_MINUTES
from organizer.core.views.times import mm_ss, short
from organizer.core.views.wording import plural
from organizer.gui.clock.alert_sound import AlertSound
from organizer.gui.clock.clock_dialogs import ExtendTableDialog, MinutesDialog
from organizer.gui.clock.clock_text import (
    alert_text,
    at_time,
    length_text,
    phase_text,
    table_rows,
)
from organizer.gui.clock.room_display import RoomDisplay
from organizer.gui.clock.table_times_model import TableTimesModel
from organizer.gui.kit.actions import command
from organizer.gui.kit.elided_label import ElidedLabel
from organizer.gui.kit.emphasis import embolden
from organizer.gui.kit.event_screen import EventScreen
from organizer.gui.kit.layouts import STRETCH, column, row
from organizer.gui.kit.table_views import rows_table, select_row_at, selected_item
from organizer.gui.rounds.sudden_death_dialog import open_sudden_death, sudden_death_command
from organizer.services.clock import clock
from organizer.services.clock.clock import ClockStatus
from organizer.services.event.events import get_event
from organizer.services.kit.changes import Changes
from organizer.services.kit.errors import EXPECTED, user_message

SHOWN_MS = 250
HIDDEN_MS = 1000
BANNER_MS = 90_000
BANNER_STYLE = (
    "QLabel { background: #fff4ce; color: #5c4300; border: 1px solid #e0c060;"
    " border-radius: 4px; padding: 8px 12px; }"
)
TIME_BANNER_STYLE = (
    "QLabel { background: #fde7e9; color: #7a0b16; border: 1px solid #e8a0a8;"
    " border-radius: 4px; padding: 8px 12px; }"
)
TONE_COLORS = {"soon": "#b26a00", "time": "#c62828", "paused": "#757575"}


class ClockTab(EventScreen):
    """Reads the clock on its own timer (`redraw`), not through `EventScreen.read`."""

    title = "Clock"
    alert_raised = Signal(int, str)  # an alert mark crossed (seconds left) and its text

    def build(self) -> None:
        self.stale = False  # the timer redraws; nothing to read when shown
        self.event_name = get_event(self.db, self.event_id).name
        self.now: Callable[[], dt.datetime] = clock.utcnow
        self.sound = AlertSound(self)
        self.status: ClockStatus | None = None
        self.room_display: RoomDisplay | None = None
        self._previous_s: int | None = None
        self._alert_round: int | None = None

        self.model = TableTimesModel(self)
        self._make_widgets()
        self._layout()
        self.timer = QTimer(self)
        self.timer.setInterval(HIDDEN_MS)
        self.timer.timeout.connect(self.redraw)
        self.timer.start()
        self.banner_timer = QTimer(self)
        self.banner_timer.setSingleShot(True)
        self.banner_timer.timeout.connect(self.banner_label.hide)
        QTimer.singleShot(0, self, self._share_window_shortcuts)
        self.redraw()

    # --- building -----------------------------------------------------------

    def _share_window_shortcuts(self) -> None:
        """Ctrl+D works anywhere in the window, not only on this tab."""
        window = self.window()
        if window is not self:
            window.addAction(self.open_room_display.action)

    def _make_widgets(self) -> None:
        self.round_label = QLabel()
        embolden(self.round_label, 1.6)

        self.time_label = QLabel("--:--")
        self.time_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        digits = self.time_label.font()
        digits.setPixelSize(120)
        digits.setBold(True)
        self.time_label.setFont(digits)
        self.time_label.setAccessibleName("Remaining time")

        self.phase_label = QLabel()
        self.phase_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        embolden(self.phase_label, 1.8)
        # It also says why there is no clock (a lost host, with its address): wrapped, and
        # never the width that holds the window's (a long word would).
        self.phase_label.setWordWrap(True)
        self.phase_label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.length_label = ElidedLabel()
        self.length_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.length_label.setStyleSheet("color: palette(placeholder-text);")

        self.banner_label = QLabel()
        self.banner_label.setWordWrap(True)
        embolden(self.banner_label, 1.3)
        self.banner_label.hide()

        self.tables_label = QLabel()
        embolden(self.tables_label)
        self.tables_label.setWordWrap(True)
        self.table = rows_table(self.model, 3)
        self.table.selectionModel().selectionChanged.connect(lambda *_: self._refresh_actions())
        self.table.doubleClicked.connect(lambda _index: self.sudden_death())

    def _layout(self) -> None:
        top = row((self.round_label, 1), self.open_room_display.button)
        commands = row(
            STRETCH,
            self.start.button,
            self.pause_or_resume.button,
            self.add_time.button,
            self.set_length.button,
            24,
            self.finish.button,
            STRETCH,
        )
        table_commands = row(self.extend_table.button, self.sudden_death.button, STRETCH)
        column(
            top,
            self.time_label,
            self.phase_label,
            self.length_label,
            6,
            commands,
            6,
            self.banner_label,
            self.tables_label,
            (self.table, 1),
            table_commands,
            parent=self,
        )

    # --- drawing ----------------------------------------------------------------

    def redraw(self) -> None:
        """Show the clock as the database has it at `now()`; raise crossed alerts."""
        try:
            status = clock.status(self.db, event_id=self.event_id, now=self.now())
        except EXPECTED as exc:
            self.status = None
            self._previous_s = None
            self._show_missing(user_message(exc))
            return
        self.status = status
        self._show(status)
        self._check_alerts(status)

    def _show_missing(self, why: str) -> None:
        self.round_label.setText("No round yet")
        self._set_text(self.time_label, "--:--")
        self._set_text(self.phase_label, why[:1].upper() + why[1:])
        self._set_text(self.length_label, "")
        self.tables_label.hide()
        self.model.set_rows([])
        self._refresh_actions()

    def _show(self, status: ClockStatus) -> None:
        view = status.view
        self._set_text(self.round_label, f"Round {status.round}")
        self._set_text(self.time_label, mm_ss(view.remaining_s))
        self._set_text(self.phase_label, phase_text(view))
        length = length_text(status)
        if view.overtime_s and view.state != "finished":
            length += f"  ·  {short(view.overtime_s)} since time was called"
        self._set_text(self.length_label, length)
        if view.state == "paused":
            tone = "paused"
        elif at_time(status) and view.state != "finished":
            tone = "time"
        elif view.state == "running" and view.remaining_s <= 300:
            tone = "soon"
        else:
            tone = ""
        style = f"color: {TONE_COLORS[tone]};" if tone else ""
        if self.time_label.styleSheet() != style:
            self.time_label.setStyleSheet(style)

        keep = self.selected_table()
        self.model.set_rows(table_rows(status))
        if keep is not None and self.selected_table() != keep:
            self.select_table(keep)
        self._set_text(self.tables_label, self._tables_heading(status))
        self.tables_label.setVisible(True)
        self._refresh_actions()

    def _tables_heading(self, status: ClockStatus) -> str:
        if at_time(status):
            still = status.tables_open
            if not still:
                return "Every table has its result."
            listed = ", ".join(str(t) for t in still)
            return f"Tables still playing ({len(still)}): {listed}"
        if any(r.extension_s for r in self.model.rows()):
            return "Table extensions"
        return "Table extensions: none yet"

    @staticmethod
    def _set_text(label: QLabel, text: str) -> None:
        if label.text() != text:  # four redraws a second: skip what did not change
            label.setText(text)

    # --- alerts -------------------------------------------------------------------

    def _check_alerts(self, status: ClockStatus) -> None:
        view = status.view
        if status.round != self._alert_round or view.state not in ("running", "paused", "time"):
            self._alert_round = status.round
            self._previous_s = None if view.state == "not_started" else view.remaining_s
            return
        marks = crossed_alerts(self._previous_s, view.remaining_s, status.facts.alerts_s)
        self._previous_s = view.remaining_s
        if not marks:
            return
        for mark in marks:
            self.alert_raised.emit(mark, alert_text(mark, status))
        urgent = marks[-1]  # several at once (time taken away): say the latest
        text = alert_text(urgent, status)
        self.banner_label.setText(text)
        self.banner_label.setStyleSheet(TIME_BANNER_STYLE if urgent == 0 else BANNER_STYLE)
        self.banner_label.show()
        self.banner_timer.start(BANNER_MS)
        self.status_reported.emit(text)
        self.sound.play()

    # --- reading the screen -------------------------------------------------------

    def selected_table(self) -> int | None:
        return selected_item(self.table, self.model.table_at)

    def select_table(self, table: int) -> None:
        select_row_at(self.table, self.model.row_of(table))

    def _refresh_actions(self) -> None:
        status = self.status
        state = status.view.state if status else None
        live = state in ("running", "paused", "time")
        self.start.action.setEnabled(state == "not_started")
        self.pause_or_resume.action.setEnabled(live)
        self.pause_or_resume.action.setText("&Resume" if state == "paused" else "&Pause")
        for action in (self.add_time.action, self.set_length.action, self.extend_table.action):
            action.setEnabled(status is not None and state != "finished")
        self.finish.action.setEnabled(live)
        sudden = status is not None and status.facts.end_of_round == "sudden_death"
        self.sudden_death.button.setVisible(sudden)
        table = self.selected_table()
        self.sudden_death.action.setEnabled(
            sudden
            and status is not None
            and table is not None
            and table in status.tables_open
            and status.view.table(table).remaining_s == 0  # its own time is up
        )

    # --- commands -------------------------------------------------------------------

    @command("&Start", "Ctrl+Shift+S", tip="Start the round's clock")
    def start(self) -> None:
        self.write(
            "Start the clock",
            lambda: clock.start(self.db, event_id=self.event_id, now=self.now()),
            lambda _done: self._redrawn("Clock started."),
        )

    @command("&Pause", "Space", tip="Pause or resume the clock")
    def pause_or_resume(self) -> None:
        if self.status is None:
            return
        if self.status.view.state == "paused":
            title, call, said = "Resume the clock", clock.resume, "Clock resumed."
        else:
            title, call, said = "Pause the clock", clock.pause, "Clock paused."
        self.write(
            title,
            lambda: call(self.db, event_id=self.event_id, now=self.now()),
            lambda _done: self._redrawn(said),
        )

    @command("&Add time…", tip="Minutes for the whole room; negative takes away")
    def add_time(self) -> None:
        dialog = MinutesDialog(
            "Add time",
            "Minutes for the &whole room:",
            value=5,
            minimum=-600,
            maximum=600,
            note="Negative minutes take time away. Single tables get an extension instead.",
            ok_text="&Add",
            parent=self,
        )
        if not self.prompts.accepted(dialog):
            return
        minutes = dialog.minutes()
        said = f"{'Added' if minutes > 0 else 'Took away'} {abs(minutes)} min."
        self.write(
            "Add time",
            lambda: clock.add_time(self.db, event_id=self.event_id, seconds=minutes * 60),
            lambda _done: self._redrawn(said),
        )

    @command("Round &length…", tip="Change this round's length")
    def set_length(self) -> None:
        current = self.status.facts.length_s // 60 if self.status else 50
        dialog = MinutesDialog(
            "Round length",
            "&Length of this round:",
            value=current,
            minimum=ROUND_MINUTES[0],
            maximum=ROUND_MINUTES[1],
            ok_text="&Set",
            parent=self,
        )
        if not self.prompts.accepted(dialog):
            return
        minutes = dialog.minutes()
        refusal = self.prompts.attempt(
            "Round length",
            lambda: (clock.length_refusal(self.db, event_id=self.event_id, minutes=minutes),),
        )
        if refusal is None:
            return
        why = refusal[0]
        house = why is not None
        if why is not None and not self.prompts.confirm(
            "Round length",
            f"{why[:1].upper()}{why[1:]}.\n\nRun {minutes}-minute rounds as a house rule "
            "for this event?",
        ):
            return
        self.write(
            "Round length",
            lambda: clock.set_length(
                self.db, event_id=self.event_id, minutes=minutes, house_rule=house
            ),
            lambda _done: self._redrawn(f"This round lasts {plural(minutes, 'minute')}."),
        )

    @command("&End round…", tip="Stop the clock: the round is over")
    def finish(self) -> None:
        self.redraw()  # the question names the time of now, not of the last tick
        status = self.status
        if status is None:
            return
        still = status.tables_open
        playing = f"\n\nTables without a result: {', '.join(map(str, still))}." if still else ""
        question = (
            f"End round {status.round} now? The clock stops at "
            f"{mm_ss(status.view.remaining_s)}.{playing}"
        )
        if not self.prompts.confirm("End round", question):
            return
        self.write(
            "End round",
            lambda: clock.finish(self.db, event_id=self.event_id, now=self.now()),
            lambda _done: self._redrawn(f"Round {status.round}'s clock stopped."),
        )

    @command("Extend ta&ble…", "Ctrl+E", tip="More time for one table")
    def extend_table(self) -> None:
        status = self.status
        if status is None:
            return
        table = self.selected_table() or (status.tables_open[0] if status.tables_open else 1)
        dialog = ExtendTableDialog(table=table, max_table=999, parent=self)
        if not self.prompts.accepted(dialog):
            return
        (table, minutes), why = dialog.values(), dialog.why()
        done = self.write(
            "Extend table",
            lambda: clock.extend_table(
                self.db, event_id=self.event_id, table=table, seconds=minutes * 60, why=why
            ),
            lambda _done: self._redrawn(
                f"Table {table}: {minutes:+d} min" + (f" ({why})." if why else ".")
            ),
        )
        if done is not None:
            self.select_table(table)

    @sudden_death_command
    def sudden_death(self) -> None:
        table = self.selected_table()
        if table is None or not self.sudden_death.action.isEnabled():
            return
        changes = open_sudden_death(self, table)
        if changes:
            self.announce(changes, self._redrawn(f"Table {table}: sudden death recorded."))
        else:
            self.redraw()

    @command(
        "Open room &display",
        "Ctrl+D",
        tip="The clock in a window of its own, for a projector",
        window_wide=True,
    )
    def open_room_display(self) -> RoomDisplay:
        display = self.room_display
        if display is None:
            display = RoomDisplay(self.db, self.event_id, event_name=self.event_name, parent=self)
            display.now = lambda: self.now()
            self.room_display = display
            self._place_on_other_screen(display)
        display.redraw()
        display.show()
        display.raise_()
        display.activateWindow()
        return display

    def _place_on_other_screen(self, display: RoomDisplay) -> None:
        """On a second screen (the projector) when there is one."""
        here = self.screen()
        other = next((s for s in QGuiApplication.screens() if s is not here), None)
        if other is not None:
            display.move(other.availableGeometry().topLeft())

    # --- after a change -------------------------------------------------------------

    def _redrawn(self, said: str) -> str:
        """The clock redrawn after a write; `said` is passed on."""
        self.redraw()
        return said

    def refresh_for(self, changes: Changes) -> None:
        """Another tab changed the event (a result ends a table's play): redraw now if shown.

        Hidden, the tab redraws on its timer within a second (alerts still come) and
        again when shown. A redraw reads every open table on the UI thread (10 to 25 ms
        at 2,000 tables), which the turn showing a freshly paired round need not add."""
        if changes and self.isVisible():
            self.redraw()

    def shown(self) -> None:
        self.timer.setInterval(SHOWN_MS)
        self.redraw()

    def hidden(self) -> None:
        self.timer.setInterval(HIDDEN_MS)
