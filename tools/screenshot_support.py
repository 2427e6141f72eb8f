"""What the tools/screenshot_*.py scripts share, so each of them holds only its own screens.

Every screenshot script does the same things around its screens: read OUT_DIR
from the command line (docs/screenshots by default), make the QApplication,
build a throwaway database in a temporary directory, create an event and
register demo players, open the main window at 1280x800, switch to a tab and
grab widgets to PNGs. That scaffolding used to be copied into each script; it
lives here so a change to it (a window size, how a grab waits for the event
loop) is made once.

This is not a package module. The scripts are run from the repository root as

    QT_QPA_PLATFORM=offscreen .venv/bin/python tools/screenshot_x.py [OUT_DIR]

so Python puts tools/ first on sys.path and `import screenshot_support` finds
this file (mypy, given tools/, resolves it the same way).
"""

from __future__ import annotations

import datetime as dt
import tempfile
import time
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

from PySide6.QtWidgets import QApplication, QDialog, QWidget

from organizer.gui.window.app import create_main_window
from organizer.gui.window.event_view import EventView
from organizer.gui.window.main_window import MainWindow
from organizer.services.demo import demo
from organizer.services.event import events
from organizer.services.players import registration
from organizer.storage.database import Database

ROOT = Path(__file__).resolve().parents[1]
OUT_DIR = ROOT / "docs" / "screenshots"
WINDOW_SIZE = (1280, 800)

#: Demo players (the demo event's twelve first); a script takes as many as it needs.
NAMES: tuple[str, ...] = (
    *demo.PLAYERS,
    "Mei Nakamura",
    "Nils Olsen",
    "Olu Adeyemi",
    "Priya Raman",
    "Quinn Sato",
    "Rosa Torres",
    "Sven Ulrich",
    "Tess Vale",
    "Uma Wolfe",
    "Vic Xu",
    "Wren Young",
    "Xavier Zamora",
)

PageT = TypeVar("PageT", bound=QWidget)


def new_event(
    db: Database,
    *,
    name: str,
    format_id: str,
    date: dt.date,
    planned_rounds: int | None = None,
    players: Iterable[str] = (),
) -> int:
    """Create an event and register `players` through the CSV import; returns its id."""
    record = events.create_event(
        db, name=name, format_id=format_id, date=date, planned_rounds=planned_rounds
    ).value
    names = list(players)
    if names:
        text = "name\n" + "".join(f"{player}\n" for player in names)
        registration.import_players_csv(db, event_id=record.id, text=text)
    return record.id


def save(widget: QWidget, path: Path, *, settle: float = 0.0) -> None:
    """Grab `widget` to the PNG `path` and print the path.

    The pending events are processed first; with `settle`, the event loop runs
    for that many seconds instead (QPdfView draws its pages in the event loop).
    """
    if settle > 0:
        deadline = time.monotonic() + settle
        while time.monotonic() < deadline:
            QApplication.processEvents()
            time.sleep(0.02)
    else:
        QApplication.processEvents()
    if not widget.grab().save(str(path)):
        raise SystemExit(f"could not write {path}")
    print(path)


def event_view(window: MainWindow) -> EventView:
    """The window's event view; every script opens the window on an event."""
    view = window.event_view
    assert view is not None
    return view


def tab_page(window: MainWindow, title: str, kind: type[PageT]) -> PageT:
    """The event view's tab called `title`, checked to be a `kind`, without switching to it."""
    page = event_view(window).tab(title)
    assert isinstance(page, kind)
    return page


def show_tab(window: MainWindow, title: str, kind: type[PageT]) -> PageT:
    """Switch the event view to its tab called `title` and return that tab."""
    page = tab_page(window, title, kind)
    event_view(window).tabs.setCurrentWidget(page)
    return page


@dataclass
class Session:
    """The output folder and the throwaway database of one run of a screenshot script."""

    out: Path
    db: Database
    windows: list[MainWindow] = field(default_factory=list)

    def open_window(self, event_id: int) -> MainWindow:
        """The main window on `event_id`, shown at WINDOW_SIZE; closed when the session ends."""
        window = create_main_window(self.db, event_id=event_id)
        window.resize(*WINDOW_SIZE)
        window.show()
        self.windows.append(window)
        return window

    def save(self, widget: QWidget, filename: str, *, settle: float = 0.0) -> None:
        """Grab `widget` to OUT_DIR/`filename` (see `save`)."""
        save(widget, self.out / filename, settle=settle)

    def save_dialog(
        self,
        dialog: QDialog,
        filename: str,
        *,
        size: tuple[int, int] | None = None,
        settle: float = 0.0,
    ) -> None:
        """Show `dialog` (at `size`, if given), grab it to OUT_DIR/`filename`, close it."""
        if size is not None:
            dialog.resize(*size)
        dialog.show()
        self.save(dialog, filename, settle=settle)
        dialog.close()


@contextmanager
def session(argv: Sequence[str]) -> Iterator[Session]:
    """Run a screenshot script's `main(argv)`: OUT_DIR, the QApplication, a temporary database.

    argv[1], if given, is the output folder (made if missing); else docs/screenshots.
    On the way out the windows opened through the session are closed, then the database.
    """
    out = Path(argv[1]) if len(argv) > 1 else OUT_DIR
    out.mkdir(parents=True, exist_ok=True)
    app = QApplication.instance() or QApplication(list(argv))
    with tempfile.TemporaryDirectory() as tmp:
        shots = Session(out, Database(f"sqlite:///{Path(tmp) / 'organizer.sqlite3'}"))
        try:
            yield shots
            for window in shots.windows:
                window.close()
        finally:
            shots.db.close()
    del app
