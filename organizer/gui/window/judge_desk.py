"""The window's part in judge calls (issue 34): the Judge calls… command, the queue's
window, and the ring at the TO's station when a player calls.

Why its own module: the main window only hands over what it learns (`apply_remote`:
another station's or a phone's write) and shows the command in its Events menu;
this object owns the alert (`penalties.judge_call_alert`) and the one queue window
(`penalties.judge_calls_dialog`), and puts the alert's words in the status bar.
Imports Qt, the penalties room and services only.
"""

from __future__ import annotations

from typing import Protocol

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QStatusBar, QWidget

from organizer.gui.kit.actions import command, install_commands
from organizer.gui.kit.next_turn import next_turn
from organizer.gui.kit.prompts import Prompts
from organizer.gui.penalties.judge_call_alert import JudgeCallAlert
from organizer.gui.penalties.judge_calls_dialog import JudgeCallsDialog
from organizer.gui.window.event_view import EventView
from organizer.services.kit.changes import Changes
from organizer.storage.database import Database

RING_MS = 30_000
"""How long a new call's words stay in the status bar."""


class DeskWindow(Protocol):
    """What `JudgeDesk` needs of the main window."""

    db: Database
    prompts: Prompts

    event_view: EventView | None

    def statusBar(self) -> QStatusBar: ...


class JudgeDesk(QObject):
    def __init__(self, window: DeskWindow, widget: QWidget) -> None:
        """`widget` is the window itself, as a widget (the actions' owner)."""
        super().__init__(widget)
        self.window = window
        self.widget = widget
        self.alert = JudgeCallAlert(self)
        self.alert.rang.connect(self._ring)
        self.dialog: JudgeCallsDialog | None = None
        install_commands(self, widget, window_wide=True)

    def _ring(self, text: str) -> None:
        # After the rest of this change is shown: "Updated from …" must not cover the call.
        next_turn(self, lambda: self.window.statusBar().showMessage(text, RING_MS))

    def _open_event_id(self) -> int | None:
        view = self.window.event_view
        return view.event_id if view is not None else None

    def apply_remote(self, changes: Changes) -> None:
        """A write elsewhere: if it changed the open event's calls, ring for new ones and
        refresh the queue."""
        event_id = self._open_event_id()
        if changes.judge_calls and event_id is not None and changes.event_id == event_id:
            self.alert.check(self.window.db, event_id)

    @command(
        "&Judge calls…",
        "Ctrl+J",
        tip="The players' calls for a judge: who called, from which table, who has it",
    )
    def show_calls(self) -> JudgeCallsDialog | None:
        """The open event's queue (one window, non-modal)."""
        event_id = self._open_event_id()
        if event_id is None:
            self.window.prompts.warn("Judge calls", "Open an event first.")
            return None
        dialog = self.dialog
        if dialog is None or dialog.event_id != event_id or dialog.db is not self.window.db:
            if dialog is not None:
                dialog.close()
                dialog.deleteLater()
            dialog = JudgeCallsDialog(
                self.window.db, event_id, prompts=self.window.prompts, parent=self.widget
            )
            self.alert.calls_changed.connect(dialog.refresh)
            self.dialog = dialog
        else:
            dialog.refresh()
        dialog.show()
        dialog.raise_()
        dialog.activateWindow()
        return dialog
