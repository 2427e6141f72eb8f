"""`JudgeCallAlert`: the TO's station rings when a player calls a judge (issue 34).

Why from the live watch: a call comes from a phone, through the players' page, which
writes from its own connections (`web.self_service`) or from another station, so
the station learns of it as of any other station's write: `services.stations.live`
names `judge_calls` in the changes it brings (`MainWindow.apply_remote` hands them
here). The alert then reads the open calls and rings once for each call it has not
rung for yet: a beep (`QApplication.beep`, silent and harmless offscreen) and a
status-bar line naming the table, the round and the note. Each call rings once at a
station; a claimed or resolved one never.
Imports Qt and services only.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QApplication

from organizer.gui.kit.entry_labels import sentence
from organizer.services.judging.judge_calls import JudgeCall, list_calls
from organizer.services.kit.errors import EXPECTED
from organizer.storage.database import Database


def words(calls: list[JudgeCall]) -> str:
    """The status bar's line for new calls: "Table 4 (round 2) calls a judge: rules?",
    or for several "Tables 2 and 5 (round 2) call a judge."."""
    if len(calls) == 1:
        (one,) = calls
        line = f"Table {one.table} (round {one.round}) calls a judge"
        return sentence(f"{line}: {one.note}" if one.note else line)
    tables = [str(c.table) for c in calls]
    listed = ", ".join(tables[:-1]) + f" and {tables[-1]}"
    return f"Tables {listed} (round {calls[-1].round}) call a judge."


class JudgeCallAlert(QObject):
    rang = Signal(str)
    """The words of a new call (or calls) just rung for."""
    calls_changed = Signal(int)
    """The event whose calls changed (an open queue refreshes)."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._rung: set[int] = set()

    def check(self, db: Database, event_id: int) -> list[JudgeCall]:
        """After a write that changed the event's calls: ring for the open calls not rung
        for yet; returns them."""
        self.calls_changed.emit(event_id)
        try:
            open_calls = [c for c in list_calls(db, event_id=event_id) if c.state == "open"]
        except EXPECTED:  # out of reach: the status bar says so already
            return []
        new = [c for c in open_calls if c.id not in self._rung]
        self._rung.update(c.id for c in new)
        if new:
            QApplication.beep()
            self.rang.emit(words(new))
        return new
