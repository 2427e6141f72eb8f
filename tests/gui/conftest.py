"""Fixtures for the GUI tests: real widgets on a real SQLite file, offscreen.

The platform is set before anything imports Qt, so the tests run without a
display. Dialogs are answered through `Prompts` attributes, never by mocking
our code.
"""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from collections.abc import Iterator

import pytest
from pytestqt.qtbot import QtBot

from organizer.gui.main_window import MainWindow, create_main_window
from organizer.services import events
from organizer.storage.database import Database


@pytest.fixture
def event_id(db: Database) -> int:
    record = events.create_event(
        db, name="Friday Skirmish", format_id="warcaste-skirmish-constructed"
    ).value
    return record.id


@pytest.fixture
def window(db: Database, qtbot: QtBot) -> Iterator[MainWindow]:
    """The main window on `db`, shown and active, with the newest event open (if any)."""
    win = create_main_window(db)
    qtbot.addWidget(win)
    win.resize(1280, 800)
    win.show()
    win.activateWindow()
    qtbot.waitExposed(win)
    yield win
    win.close()
