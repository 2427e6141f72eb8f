"""Starting the desktop app: `run_app` for `python -m organizer`, `create_main_window` for tests.

`run_app` makes the QApplication (with the shipped fonts, app_fonts.py), installs
the crash handler, opens the database (a database that cannot be opened is
reported plainly, exit status 1), shows the main window as it was left
(`window_state`; else at 1280x800), fitted to the screen's free area (a
1366x768 laptop), with the event asked for (or the last open,
or the newest), settles the heap once the event is read (`background.settle_heap`:
later garbage collections skip what the app holds from the start) and runs the
event loop.
"""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication, QMessageBox

from organizer.gui.kit.background import settle_heap
from organizer.gui.kit.event_screen import EventScreen
from organizer.gui.kit.next_turn import next_turn
from organizer.gui.kit.settings_store import settings_store
from organizer.gui.window.app_fonts import install_fonts
from organizer.gui.window.crash import CrashHandler
from organizer.gui.window.main_window import MainWindow, create_main_window
from organizer.gui.window.shown_report import report_when_shown
from organizer.gui.window.window_state import WindowState, fit_to_screen
from organizer.services.kit.errors import EXPECTED, user_message
from organizer.storage.database import Database

DEFAULT_SIZE = QSize(1280, 800)
"""The first window's size, when nothing is remembered (then fitted to the screen)."""

ICON = Path(__file__).resolve().parents[3] / "resources" / "icons" / "organizer.svg"

__all__ = ["MainWindow", "create_main_window", "run_app"]


def _application() -> QApplication:
    existing = QApplication.instance()
    if isinstance(existing, QApplication):
        return existing
    app = QApplication(sys.argv)
    app.setApplicationName("Organizer")
    app.setOrganizationName("Organizer")
    if ICON.exists():  # a source checkout; an installed app gets its icon from the installer
        app.setWindowIcon(QIcon(str(ICON)))
    install_fonts()  # Chinese, Japanese and Korean names on a PC without such fonts
    return app


def settle_once_read(window: MainWindow) -> None:
    """`settle_heap` once the tab shown has read its event (off the UI thread, after
    `open_initial` returned), so the event is among what later collections skip."""
    view = window.event_view
    tab = view.tabs.currentWidget() if view is not None else None
    if isinstance(tab, EventScreen) and tab.stale:
        tab.refreshed.connect(settle_heap, Qt.ConnectionType.SingleShotConnection)
    else:
        settle_heap()


def start_window(window: MainWindow, event_id: int | None) -> None:
    """Show the window as it was left (else at 1280x800), fitted to the screen, then open
    the event on the next turn of the event loop: the window is drawn first, and its
    making and the event's opening are two short turns, not one long one. The heap is
    settled twice: once shown (a full collection set off while the event is read then
    walks only what reading made, not every module: 70 ms less on the UI thread at
    4,096 players) and once the event is read (`settle_once_read`)."""
    if not window.restore_layout():
        window.resize(DEFAULT_SIZE)
    fit_to_screen(window)
    window.show()
    settle_heap()  # what start-up made (modules, the window): out of the reads' collections

    def open_event() -> None:
        window.open_initial(event_id)  # after show: a warning has its window behind it
        settle_once_read(window)

    next_turn(window, open_event)


def run_app(*, db: str | None, event_id: int | None) -> int:
    app = _application()
    crashes = CrashHandler()
    crashes.install()
    try:
        try:
            database = Database.open(db)
        except EXPECTED as exc:
            QMessageBox.critical(
                None, "Organizer", f"The database could not be opened.\n\n{user_message(exc)}"
            )
            return 1
        try:
            window = MainWindow(database, state=WindowState(settings_store()))
            crashes.parent_widget = window
            report_when_shown(window)  # only for the start-up benchmark (shown_report.py)
            start_window(window, event_id)
            return app.exec()
        finally:
            database.close()
    finally:
        crashes.uninstall()
