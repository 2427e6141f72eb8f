"""No two of the main window's actions share a shortcut.

Why: Qt fires neither of two actions bound to one key (it reports the shortcut as
ambiguous), so a TO's key does nothing at all. "E&xport JSON…" and "People and
s&easons…" were both Ctrl+Shift+E. Checked with an event open, so the tabs' own
actions (Find, Undo, Search…) are counted with the menus'.
"""

from __future__ import annotations

from collections import Counter

from PySide6.QtGui import QAction, QKeySequence
from pytestqt.qtbot import QtBot

from organizer.gui.window.main_window import MainWindow, create_main_window
from organizer.services.event import events
from organizer.storage.database import Database


def test_every_shortcut_of_the_window_is_its_own(qtbot: QtBot, db: Database) -> None:
    events.create_event(db, name="Friday", format_id="castle-wars")
    window: MainWindow = create_main_window(db)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    keys = Counter(
        key.toString(QKeySequence.SequenceFormat.PortableText)
        for action in window.findChildren(QAction)
        if action.shortcutContext() != action.shortcutContext().WidgetShortcut
        for key in action.shortcuts()
    )
    assert keys, "the window has shortcuts"
    assert [key for key, count in keys.items() if count > 1] == []
    window.close()
