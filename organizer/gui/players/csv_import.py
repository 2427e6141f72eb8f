"""Importing a players CSV from the Players tab: a progress bar, then a report.

`import_with_progress` calls `services.registration.import_players_csv` off the UI
thread with a progress callback that moves a bar (`kit.progress`), so 100,000
rows leave the window drawing; `ImportReportDialog` then
lists how many players were added, every bad line with its number and
problem (as the command line prints it), the duplicate-name warnings, and how
names are tidied on entry (`NAME_SPACING`: a leading tab removed, a line break
made a space). The report is built without being
run, so a test can read it.
"""

from __future__ import annotations

from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPlainTextEdit,
    QWidget,
)

from organizer.core.players_csv import NAME_SPACING
from organizer.core.views.wording import plural
from organizer.gui.kit.layouts import column
from organizer.gui.kit.progress import run_with_progress
from organizer.services.kit.changes import Done
from organizer.services.players.registration import ImportReport, import_players_csv
from organizer.storage.database import Database


def report_headline(report: Done[ImportReport]) -> str:
    headline = f"Added {plural(report.value.added, 'player')}."
    if report.value.problems:
        headline += f" {plural(len(report.value.problems), 'line')} could not be imported."
    return headline


def report_text(report: Done[ImportReport]) -> str:
    parts: list[str] = []
    if report.value.problems:
        parts.append("Lines not imported (fix them and add those players by hand):")
        parts.extend(f"  {problem}" for problem in report.value.problems)
    if report.warnings:
        if parts:
            parts.append("")
        parts.append("Names to check:")
        parts.extend(f"  {warning}" for warning in report.warnings)
    return "\n".join(parts) or "Every line was imported."


class ImportReportDialog(QDialog):
    def __init__(self, report: Done[ImportReport], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Players imported")
        self.resize(640, 400)
        self.headline = QLabel(report_headline(report))
        self.details = QPlainTextEdit(report_text(report))
        self.details.setReadOnly(True)
        self.details.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.note = QLabel(NAME_SPACING)
        self.note.setWordWrap(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        column(self.headline, self.details, self.note, buttons, parent=self)

    def text(self) -> str:
        return f"{self.headline.text()}\n{self.details.toPlainText()}\n{self.note.text()}"


def import_with_progress(
    db: Database, *, event_id: int, text: str, parent: QWidget
) -> Done[ImportReport]:
    """Import the players in `text`, a progress bar over `parent` moving meanwhile."""
    return run_with_progress(
        lambda progress: import_players_csv(db, event_id=event_id, text=text, progress=progress),
        parent=parent,
        title="Import CSV",
        text="Importing players…",
    )
