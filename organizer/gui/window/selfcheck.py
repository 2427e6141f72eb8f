"""The GUI half of `--self-check`: Qt loads and the main window opens.

A bundle that lost a Qt plugin would pass every headless check and still fail
at the counter; this opens the real window on a temporary database (offscreen
when QT_QPA_PLATFORM says so), grabs it as a picture, and closes it; then loads
every tab's module, which the event view imports by name when a tab is first shown.
"""

from __future__ import annotations

import sys
import tempfile
from importlib import import_module
from pathlib import Path
from typing import TextIO

from PySide6 import __version__ as pyside_version
from PySide6.QtWidgets import QApplication

from organizer.gui.window.event_view import TABS
from organizer.gui.window.main_window import create_main_window
from organizer.storage.database import Database


def check_gui(out: TextIO = sys.stdout) -> int:
    app = QApplication.instance() or QApplication([])
    with tempfile.TemporaryDirectory(prefix="organizer-gui-check-") as folder:
        db = Database(f"sqlite:///{Path(folder) / 'gui.sqlite3'}")
        try:
            window = create_main_window(db)
            window.resize(1280, 800)
            window.show()
            app.processEvents()
            picture = window.grab()
            window.close()
        finally:
            db.close()
    if picture.isNull() or picture.width() < 100:
        print("self-check: FAILED: the main window could not be drawn", file=out)
        return 1
    for spec in TABS.values():  # built by name when first shown: a bundle may lack one
        module, name = spec.split(":")
        getattr(import_module(module), name)
    print(
        f"self-check: opened the main window with PySide6 {pyside_version} on "
        f"'{QApplication.platformName()}' ({picture.width()}x{picture.height()}); "
        f"its {len(TABS)} tabs load",
        file=out,
        flush=True,
    )
    return 0
