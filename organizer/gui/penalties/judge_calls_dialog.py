"""The judge's queue in the app: the calls for a judge, claim and resolve (issue 34).

A non-modal window (Events → Judge calls…, Ctrl+J) over `JudgeCallsModel`: the
calls not resolved yet, oldest first (Show resolved adds the others), a judge to
claim as (the event's judges; Add a judge… makes one and shows their PIN once, for
their phone), Claim and Resolve for the selected call. It refreshes when the
station learns of a change to the calls (`JudgeCallAlert.calls_changed`) and after
its own steps, and repaints the waiting times every few seconds without reading.
Every step goes through the services (`judging.judge_calls`, `phones.judges`).
"""

from __future__ import annotations

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QCheckBox, QComboBox, QDialog, QLabel, QWidget

from organizer.gui.kit.actions import push_button
from organizer.gui.kit.layouts import STRETCH, column, row
from organizer.gui.kit.prompts import Prompts
from organizer.gui.kit.table_views import rows_table, select_row_at, selected_item
from organizer.gui.penalties.judge_calls_model import JudgeCallsModel
from organizer.services.judging import judge_calls
from organizer.services.judging.judge_calls import JudgeCall
from organizer.services.phones import judges
from organizer.storage.database import Database

TICK_MS = 5000


class JudgeCallsDialog(QDialog):
    def __init__(
        self, db: Database, event_id: int, *, prompts: Prompts, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Judge calls")
        self.resize(720, 360)
        self.db = db
        self.event_id = event_id
        self.prompts = prompts
        self.model = JudgeCallsModel(db, event_id, self)
        self.table = rows_table(self.model, 4)
        self.table.selectionModel().selectionChanged.connect(self._enable)
        self.judge = QComboBox()
        self.judge.setMinimumContentsLength(12)
        self.open_button = push_button(
            "Call to a &table…",
            self.open_for_table,
            tip="A player asks at the counter: call a judge to their table",
        )
        self.add_judge_button = push_button("Add a &judge…", self.add_judge)
        self.claim_button = push_button("&Claim", self.claim)
        self.resolve_button = push_button("&Resolved", self.resolve)
        self.show_resolved = QCheckBox("Show re&solved")
        self.show_resolved.toggled.connect(self._show_resolved)
        self.empty = QLabel("No call is waiting.")
        claim_as = QLabel("Claim &as")
        claim_as.setBuddy(self.judge)
        self.setLayout(
            column(
                self.table,
                self.empty,
                row(
                    claim_as,
                    self.judge,
                    self.claim_button,
                    self.resolve_button,
                    STRETCH,
                    self.show_resolved,
                    self.open_button,
                    self.add_judge_button,
                ),
            )
        )
        self.ticker = QTimer(self)
        self.ticker.setInterval(TICK_MS)
        self.ticker.timeout.connect(self.model.tick)
        self.ticker.start()
        self._fill_judges()
        self._enable()

    def refresh(self, event_id: int | None = None) -> None:
        """Read the calls again (another station's or phone's change, or this one's)."""
        if event_id is not None and event_id != self.event_id:
            return
        keep = self.selected()
        self.prompts.attempt("Judge calls", self.model.refresh)
        if keep is not None:
            select_row_at(self.table, self.model.row_of(keep.id))
        self._enable()

    def selected(self) -> JudgeCall | None:
        return selected_item(self.table, self.model.call_at)

    def _fill_judges(self, choose: str = "") -> None:
        found = self.prompts.attempt(
            "Judge calls", lambda: judges.list_judges(self.db, event_id=self.event_id)
        )
        current = choose or self.judge.currentText()
        self.judge.clear()
        self.judge.addItems([j.name for j in found or []])
        if current:
            self.judge.setCurrentText(current)

    def _enable(self) -> None:
        call = self.selected()
        self.claim_button.setEnabled(
            call is not None and call.state == "open" and self.judge.count() > 0
        )
        self.resolve_button.setEnabled(call is not None and call.state != "resolved")
        self.empty.setVisible(self.model.rowCount() == 0)

    def _show_resolved(self, on: bool) -> None:
        self.model.show_resolved = on
        self.refresh()

    def claim(self) -> None:
        call = self.selected()
        name = self.judge.currentText()
        if call is None or not name:
            return
        self.prompts.attempt(
            "Claim the call",
            lambda: judge_calls.claim_call(
                self.db, event_id=self.event_id, call_id=call.id, judge=name
            ),
        )
        self.refresh()

    def resolve(self) -> None:
        call = self.selected()
        if call is None:
            return
        self.prompts.attempt(
            "Resolve the call",
            lambda: judge_calls.resolve_call(self.db, event_id=self.event_id, call_id=call.id),
        )
        self.refresh()

    def open_for_table(self) -> None:
        """The TO's own call: "3" or "3 life totals disagree" (the table, then a note)."""
        said = self.prompts.ask_text(
            "Call a judge", "Table number, then what it is about (optional):"
        )
        if not said or not said.strip():
            return
        table_text, _, note = said.strip().partition(" ")
        if not table_text.isdigit():
            self.prompts.warn("Call a judge", f"{table_text!r} is not a table number.")
            return
        self.prompts.attempt(
            "Call a judge",
            lambda: judge_calls.call_judge(
                self.db, event_id=self.event_id, table=int(table_text), note=note
            ),
        )
        self.refresh()

    def add_judge(self) -> None:
        name = self.prompts.ask_text("Add a judge", "The judge's name:")
        if not name:
            return
        made = self.prompts.attempt(
            "Add a judge", lambda: judges.add_judge(self.db, event_id=self.event_id, name=name)
        )
        if made is None:
            return
        pin = made.value
        self._fill_judges(pin.name)
        self._enable()
        self.prompts.warn(
            "Judge's PIN",
            f"{pin.name}'s PIN is {pin.pin}.\n\nThey sign in on the players' page at /judge "
            "with their name and this PIN. It is shown only now: write it down.",
        )
