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
from PySide6.QtCore import QCoreApplication, QEvent
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from organizer.gui.kit.prompts import Prompts
from organizer.gui.window.main_window import MainWindow, create_main_window
from organizer.services.event import events
from organizer.storage.database import Database


@pytest.fixture
def event_id(db: Database) -> int:
    record = events.create_event(
        db, name="Friday Skirmish", format_id="warcaste-skirmish-constructed"
    ).value
    return record.id


@pytest.fixture
def prompts(qtbot: QtBot) -> Prompts:
    """The prompts of a plain parent widget; a warning fails the test (none is expected)."""
    parent = QWidget()
    qtbot.addWidget(parent)
    found = Prompts(parent)
    found.warn = lambda title, text: pytest.fail(f"unexpected warning {title}: {text}")
    return found


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


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item: pytest.Item) -> object:
    """Delete the widgets a test leaves (pytest-qt's `deleteLater`) before the next test starts.

    Why: a `deleteLater` waits for an event loop, and the first one to turn was some
    later test's (`qtbot.wait`, a call run off the UI thread): a dialog closed in one
    test was deleted in the middle of another, which then held a wrapper of a deleted
    object (QApplication.activeWindow() is still the closed dialog offscreen). Which
    test that hit depended on the order the tests ran in.
    """
    result = yield
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    return result
