"""Screenshots of what a station sees when another one was first or is writing (the
question before replacing a result entered elsewhere, the busy database's Retry), and
the busy indicator of a heavy call.

The dialogs are the ones `Prompts` shows (QMessageBox), with the texts the services
give (`ResultExistsError.question()`, `user_message` of a busy database).
"""

from __future__ import annotations

import datetime as dt
import sys
import time
from pathlib import Path

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMessageBox, QProgressDialog, QWidget

from organizer.gui.kit.background import run_off_ui
from organizer.services.kit.errors import user_message
from organizer.services.rounds.results import ResultExistsError
from organizer.storage.db_errors import DatabaseBusyError

OUT = Path(sys.argv[1]) if len(sys.argv) > 1 else Path("docs/screenshots")


def grab(box: QMessageBox, name: str) -> None:
    box.show()
    QApplication.processEvents()
    box.grab().save(str(OUT / name))
    box.close()


def main() -> None:
    app = QApplication.instance() or QApplication(sys.argv)
    assert isinstance(app, QApplication)
    entered = dt.datetime.now(dt.UTC).replace(hour=20, minute=14)
    exists = ResultExistsError(table=7, stored="2-1", at=entered, by="judge@stage-laptop")
    question = QMessageBox(QMessageBox.Icon.Question, "Result already entered", exists.question())
    question.setStandardButtons(QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No)
    grab(question, "result-entered-elsewhere.png")
    busy = QMessageBox(
        QMessageBox.Icon.Question,
        "Pair next round",
        user_message(
            DatabaseBusyError(
                "The database organizer.sqlite3 is busy: another station or window is "
                "writing. Nothing was saved. Try again in a moment."
            )
        ),
    )
    busy.addButton("Retry", QMessageBox.ButtonRole.AcceptRole)
    busy.addButton(QMessageBox.StandardButton.Cancel)
    grab(busy, "database-busy-retry.png")
    _busy_indicator()


def _busy_indicator() -> None:
    """The indicator a heavy call shows after 400 ms, over a window (`gui/background.py`)."""
    window = QWidget()
    window.setWindowTitle("Organizer")
    window.resize(640, 360)
    window.show()

    def grab_it() -> None:
        dialog = QApplication.activeModalWidget()
        if isinstance(dialog, QProgressDialog):
            dialog.grab().save(str(OUT / "busy-indicator.png"))
        else:
            QTimer.singleShot(50, grab_it)

    QTimer.singleShot(500, grab_it)
    run_off_ui(lambda: time.sleep(1.2), parent=window, text="Pairing the next round…")
    window.close()


if __name__ == "__main__":
    main()
