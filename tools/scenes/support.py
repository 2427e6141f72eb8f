"""What every scene shares, so a scene holds only its own screens.

Each scene (`tools/screens.py` declares them) gets a `Session`: the output folder, a
throwaway database and working folder, and windows opened at the scene's size and closed
when it ends. Grabbing a widget, a dialog or a PDF page to a PNG is said once here, as is
making an event and registering demo players through the services, as a TO would.

`tools/screens.py` puts tools/ first on sys.path, so `scenes` is found as a package.
"""

from __future__ import annotations

import datetime as dt
import tempfile
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QApplication, QDialog, QWidget

from organizer.gui.printouts.pdf_pages import load_document, page_image
from organizer.gui.window.app import create_main_window
from organizer.gui.window.event_view import EventView
from organizer.gui.window.main_window import MainWindow
from organizer.services.demo import demo
from organizer.services.event import events
from organizer.services.players import registration
from organizer.storage.database import Database

ROOT = Path(__file__).resolve().parents[2]
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


def pdf_page_png(pdf: bytes, path: Path, *, dpi: float, page: int = 0) -> None:
    """A page of `pdf` as a PNG on white, drawn by QtPdf as the app's preview draws it."""
    holder = QWidget()
    image = page_image(load_document(pdf, holder), page, dpi)
    white = QImage(image.size(), QImage.Format.Format_RGB32)
    white.fill(QColor("white"))
    painter = QPainter(white)
    painter.drawImage(0, 0, image)
    painter.end()
    if not white.save(str(path)):
        raise SystemExit(f"could not write {path}")
    print(path)


@dataclass
class Session:
    """One scene's run: where its PNGs go, its throwaway database and working folder."""

    out: Path
    db: Database
    work: Path
    size: tuple[int, int] = WINDOW_SIZE
    windows: list[MainWindow] = field(default_factory=list)

    def open_window(self, event_id: int) -> MainWindow:
        """The main window on `event_id`, shown at the scene's size; closed when it ends."""
        window = create_main_window(self.db, event_id=event_id)
        window.resize(*self.size)
        window.show()
        self.windows.append(window)
        return window

    def save(self, widget: QWidget, filename: str, *, settle: float = 0.0) -> None:
        """Grab `widget` to the output folder's `filename` (see `save`)."""
        save(widget, self.out / filename, settle=settle)

    def save_dialog(
        self,
        dialog: QDialog,
        filename: str,
        *,
        size: tuple[int, int] | None = None,
        settle: float = 0.0,
    ) -> None:
        """Show `dialog` (at `size`, if given), grab it to `filename`, close it."""
        if size is not None:
            dialog.resize(*size)
        dialog.show()
        self.save(dialog, filename, settle=settle)
        dialog.close()


@contextmanager
def session(out: Path, size: tuple[int, int] = WINDOW_SIZE) -> Iterator[Session]:
    """The QApplication, a temporary folder and database, and `out` (made if missing).

    On the way out the windows opened through the session are closed, then the database,
    and the temporary folder goes.
    """
    out.mkdir(parents=True, exist_ok=True)
    app = QApplication.instance() or QApplication(["organizer-screens"])
    with tempfile.TemporaryDirectory(prefix="organizer-screens-") as tmp:
        database = Database(f"sqlite:///{Path(tmp) / 'organizer.sqlite3'}")
        shots = Session(out, database, Path(tmp), size)
        try:
            yield shots
            for window in shots.windows:
                window.close()
        finally:
            shots.db.close()
    del app
