"""The window remembers its geometry, splitter, last event and tab; a bad settings file is ignored.

Each test keeps its settings in its own INI file under tmp_path, so the user's
own settings are never read or written. Two windows in a row stand for two
starts of the app on the same settings file.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QRect, QSettings
from pytestqt.qtbot import QtBot

from organizer.gui.kit.settings_store import ENV, settings_store
from organizer.gui.window.main_window import MainWindow, create_main_window
from organizer.gui.window.window_state import WindowState, fitted
from organizer.services.event import events
from organizer.storage.database import Database

Start = Callable[[Database], MainWindow]


@pytest.fixture
def settings_file(tmp_path: Path) -> Path:
    return tmp_path / "settings" / "organizer.ini"


@pytest.fixture
def start(qtbot: QtBot, settings_file: Path) -> Iterator[Start]:
    """start(db) -> a shown main window on `db`, remembering through `settings_file`."""
    windows: list[MainWindow] = []

    def open_window(db: Database) -> MainWindow:
        state = WindowState(QSettings(str(settings_file), QSettings.Format.IniFormat))
        window = MainWindow(db, state=state)
        qtbot.addWidget(window)
        if not window.restore_layout():
            window.resize(1280, 800)
        window.show()
        window.open_initial(None)
        windows.append(window)
        return window

    yield open_window
    for window in windows:
        window.state = None  # closing at teardown must not write after the test
        window.close()


def two_events(db: Database) -> tuple[int, int]:
    older = events.create_event(db, name="Older", format_id="castle-wars").value
    newer = events.create_event(db, name="Newer", format_id="warcaste-skirmish-constructed").value
    return older.id, newer.id


def test_a_second_start_has_the_size_and_splitter_it_was_left_with(
    db: Database, start: Start
) -> None:
    """On the first steps (an event's tabs need more width than the 800x600 offscreen screen)."""
    first = start(db)
    first.resize(720, 520)  # not the default 1280x800
    first.splitter.setSizes([250, 450])
    sizes, size = first.splitter.sizes(), first.size()
    assert size.width() < 1280
    first.close()

    second = start(db)
    assert second.size() == size
    assert second.splitter.sizes() == sizes


def test_a_second_start_opens_the_last_event_on_its_last_tab(db: Database, start: Start) -> None:
    older, _newer = two_events(db)
    first = start(db)
    assert first.event_view is not None and first.event_view.event_id != older  # the newest
    first.open_event(older)
    assert first.event_view is not None
    first.event_view.tabs.setCurrentIndex(4)
    first.close()

    second = start(db)
    assert second.event_view is not None and second.event_view.event_id == older
    assert second.event_view.tabs.currentIndex() == 4


def test_no_settings_file_starts_at_the_defaults(
    db: Database, start: Start, settings_file: Path
) -> None:
    _older, newer = two_events(db)
    window = start(db)
    assert not settings_file.exists()
    assert (window.width(), window.height()) == (1280, 800)
    assert window.event_view is not None and window.event_view.event_id == newer
    assert window.event_view.tabs.currentIndex() == 0


@pytest.mark.parametrize(
    "content",
    [
        b"\x00\xff\xfe garbage \x89PNG\r\n[window\ngeometry=@ByteArray(",
        b"[window]\ngeometry=not a geometry\nsplitter=@ByteArray(xyz)\n"
        b"[event]\ndatabase=DB\nid=seven\ntab=99\n",
        b"[event]\ndatabase=DB\nid=999\ntab=-3\n",
    ],
    ids=["binary-garbage", "wrong-types", "gone-event"],
)
def test_a_corrupt_settings_file_is_ignored_then_replaced(
    db: Database,
    start: Start,
    settings_file: Path,
    content: bytes,
) -> None:
    _older, newer = two_events(db)
    settings_file.parent.mkdir(parents=True)
    settings_file.write_bytes(content.replace(b"DB", db.location.encode()))
    window = start(db)
    assert (window.width(), window.height()) == (1280, 800)
    assert window.event_view is not None and window.event_view.event_id == newer
    assert window.event_view.tabs.currentIndex() == 0
    window.close()

    again = WindowState(QSettings(str(settings_file), QSettings.Format.IniFormat))
    assert again.readable
    assert again.last_event(db.location) == newer


def test_the_last_event_of_another_database_is_not_opened(
    db: Database, tmp_path: Path, start: Start
) -> None:
    older, _newer = two_events(db)
    first = start(db)
    first.open_event(older)
    first.close()
    other = Database(f"sqlite:///{tmp_path / 'other.sqlite3'}")
    try:
        events.create_event(other, name="Elsewhere", format_id="castle-wars")
        events.create_event(other, name="Elsewhere 2", format_id="castle-wars")
        window = start(other)
        assert window.event_view is not None
        assert window.event_view.title_label.text() == "Elsewhere 2"  # the newest, not id 1
    finally:
        other.close()


def test_without_a_state_the_window_remembers_nothing(
    db: Database, qtbot: QtBot, settings_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(ENV, str(settings_file))
    window = create_main_window(db)
    qtbot.addWidget(window)
    window.close()
    assert not settings_file.exists()


def test_the_settings_file_can_be_chosen_with_an_environment_variable(
    settings_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(ENV, str(settings_file))
    assert Path(settings_store().fileName()) == settings_file


LAPTOP = QRect(0, 0, 1366, 728)  # 1366x768 less a 40-pixel task bar
FRAME = (2, 32)  # borders and title bar around the window's inside


def test_the_first_window_fits_a_laptop_screen() -> None:
    fit = fitted(QRect(100, 60, 1280, 800), LAPTOP, FRAME)
    assert fit.width() + FRAME[0] <= LAPTOP.width() and fit.height() + FRAME[1] <= 728
    assert (fit.width(), fit.height()) == (1280, 728 - 32)  # only the height had to give
    assert (fit.left(), fit.top()) == (1366 - 1282, 0)  # moved in just enough


def test_a_window_left_on_a_big_monitor_comes_back_whole() -> None:
    fit = fitted(QRect(2200, 900, 1900, 1100), LAPTOP, FRAME)
    assert LAPTOP.contains(QRect(fit.left(), fit.top(), fit.width() + 2, fit.height() + 32))


SCREEN = '{"screens": [{"name": "laptop", "x": 0, "y": 0, "width": 1366, "height": 768}]}'
FIT_SCRIPT = textwrap.dedent(
    """
    import sys
    from PySide6.QtCore import QRect, QSettings
    from PySide6.QtWidgets import QApplication
    from organizer.gui.window.app import start_window
    from organizer.gui.window.main_window import MainWindow
    from organizer.gui.window.window_state import WindowState
    from organizer.storage.database import Database

    app = QApplication(sys.argv)
    db = Database(f"sqlite:///{sys.argv[1]}")
    big = MainWindow(db, state=WindowState(QSettings(sys.argv[2], QSettings.Format.IniFormat)))
    big.setGeometry(1500, 700, 1900, 1150)  # left on a big monitor
    big.close()  # remembered
    window = MainWindow(db, state=WindowState(QSettings(sys.argv[2], QSettings.Format.IniFormat)))
    start_window(window, None)
    app.processEvents()
    frame, area = window.frameGeometry(), window.screen().availableGeometry()
    print(area.contains(frame), frame.width(), frame.height())
    window.state = None
    """
)


def test_a_restored_window_fits_the_laptop_it_is_started_on(
    db: Database, db_path: Path, tmp_path: Path
) -> None:
    two_events(db)
    config = tmp_path / "screen.json"
    config.write_text(SCREEN, encoding="utf-8")
    env = dict(os.environ, QT_QPA_PLATFORM=f"offscreen:configfile={config}")
    done = subprocess.run(
        [sys.executable, "-c", FIT_SCRIPT, str(db_path), str(tmp_path / "settings.ini")],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    inside, width, height = done.stdout.split()
    assert inside == "True" and int(width) <= 1366 and int(height) <= 768
