"""`run_app` end to end in a child process: open the database, show the window, run, exit.

A child process, because running `QApplication.exec()` inside the test process
would change the shared application for the tests after it.
"""

from __future__ import annotations

import os
import socket
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from organizer.services.event import events
from organizer.storage.database import Database

SCRIPT = textwrap.dedent(
    """
    import sys
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication
    from organizer.gui.window.app import run_app
    from organizer.gui.window.main_window import MainWindow

    app = QApplication(sys.argv)

    def look_and_quit():
        windows = [w for w in app.topLevelWidgets() if isinstance(w, MainWindow)]
        if not windows or windows[0].event_view is None:
            QTimer.singleShot(10, look_and_quit)  # the event opens once the window is drawn
            return
        for widget in windows:
            if widget.isVisible():
                print(widget.windowTitle())
                print(widget.event_view.event_id if widget.event_view else None)
                print(sys.excepthook.__qualname__)
        app.quit()

    QTimer.singleShot(0, look_and_quit)
    status = run_app(db=sys.argv[1], event_id=None)
    print(sys.excepthook is sys.__excepthook__)
    sys.exit(status)
    """
)


@pytest.mark.slow
def test_run_app_opens_the_newest_event_and_returns_the_exit_status(
    db: Database, db_path: Path
) -> None:
    events.create_event(db, name="Older", format_id="castle-wars")
    newest = events.create_event(db, name="Friday", format_id="castle-wars").value
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, str(db_path)],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        f"Organizer — {db_path.resolve()}",
        str(newest.id),
        "CrashHandler.excepthook",
        "True",
    ]


REFUSED = textwrap.dedent(
    """
    import sys
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication, QMessageBox
    from organizer.gui.window.app import run_app

    app = QApplication(sys.argv)

    def read_the_message():
        box = app.activeModalWidget()
        if isinstance(box, QMessageBox):
            print(box.text().replace("\\n", " "))
            box.done(0)
        else:
            QTimer.singleShot(50, read_the_message)

    QTimer.singleShot(50, read_the_message)
    sys.exit(run_app(db=sys.argv[1], event_id=None))
    """
)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.mark.slow
@pytest.mark.parametrize("trouble", ["newer schema", "server not there"])
def test_a_database_that_cannot_be_opened_is_a_plain_message(
    trouble: str, db: Database, db_path: Path
) -> None:
    if trouble == "newer schema":
        events.create_event(db, name="Later", format_id="castle-wars")
        db.close()
        with sqlite3.connect(db_path) as raw:
            raw.execute("UPDATE alembic_version SET version_num = '0099'")
        target, expected = str(db_path), "newer version of Organizer"
    else:
        target = f"postgresql+psycopg://organizer:secret@127.0.0.1:{_free_port()}/organizer"
        expected = "cannot be reached"
    done = subprocess.run(
        [sys.executable, "-c", REFUSED, target],
        capture_output=True,
        text=True,
        timeout=120,
        env=dict(os.environ, QT_QPA_PLATFORM="offscreen"),
        check=False,
    )
    assert done.returncode == 1, done.stderr
    assert "The database could not be opened." in done.stdout
    assert expected in done.stdout
    if trouble == "newer schema":
        assert "Nothing was changed" in done.stdout
    else:  # opening reads: nothing could have been saved, and the message does not say it was
        assert "saved" not in done.stdout and "try again" in done.stdout
    assert "Traceback" not in done.stderr and "secret" not in done.stdout
