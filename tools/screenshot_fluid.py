"""Screenshots of a big event opening and of the first window on a 1366x768 laptop.

    .venv/bin/python tools/screenshot_fluid.py [OUT_DIR]

Runs offscreen on a screen of 1366x768 (Qt's offscreen platform, configured by a
file this script writes), starts the window as the app does (`start_window`:
fitted to the screen, then the event opened) and saves PNGs made with
`QWidget.grab()`:

- fluid-main-window-1366x768.png: the first window on the laptop, the demo open;
- fluid-first-steps.png: a fresh station's first steps (now naming Join);
- fluid-long-name.png: an event with a very long name (cut with …, the window as wide);
- fluid-busy-opening.png: the 4,096-player event (tests/big_events.py) imported from
  its file and opened, with the busy indicator (shown once a call takes 400 ms; the
  script says when it did not show);
- fluid-big-event-open.png, fluid-big-rounds.png, fluid-big-standings.png: that event
  open, its Players, Rounds and Standings tabs read.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SCREEN = '{"screens": [{"name": "laptop", "x": 0, "y": 0, "width": 1366, "height": 768}]}'
_config = Path(tempfile.mkdtemp()) / "screen.json"
_config.write_text(SCREEN, encoding="utf-8")
os.environ["QT_QPA_PLATFORM"] = f"offscreen:configfile={_config}"
sys.path.insert(0, str(ROOT))

from PySide6.QtCore import QPoint, QTimer  # noqa: E402
from PySide6.QtGui import QPainter  # noqa: E402
from PySide6.QtWidgets import QApplication, QProgressDialog, QWidget  # noqa: E402

from organizer.gui.window.app import start_window  # noqa: E402
from organizer.gui.window.main_window import MainWindow  # noqa: E402
from organizer.services.demo import demo  # noqa: E402
from organizer.services.event import events  # noqa: E402
from organizer.storage.database import Database  # noqa: E402
from tests.big_events import big_event_text  # noqa: E402


def wait(seconds: float) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        QApplication.processEvents()
        time.sleep(0.01)


def save(widget: QWidget, path: Path) -> None:
    if not widget.grab().save(str(path)):
        raise SystemExit(f"could not write {path}")
    print(path)


def started(db: Database) -> MainWindow:
    window = MainWindow(db)
    start_window(window, None)
    wait(0.6)
    return window


def with_dialog(window: MainWindow, dialog: QWidget, path: Path) -> None:
    """The window with its (separate, top-level) busy dialog painted where it shows."""
    image = window.grab()
    painter = QPainter(image)
    where = dialog.mapToGlobal(QPoint(0, 0)) - window.mapToGlobal(QPoint(0, 0))
    painter.drawPixmap(where, dialog.grab())
    painter.end()
    image.save(str(path))
    print(path)


def main() -> None:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "screenshots"
    out.mkdir(parents=True, exist_ok=True)
    app = QApplication(sys.argv)
    work = Path(tempfile.mkdtemp())

    fresh = Database(f"sqlite:///{work / 'fresh.sqlite3'}")
    window = started(fresh)
    save(window, out / "fluid-first-steps.png")
    window.close()

    demo.create_demo(fresh)
    window = started(fresh)
    frame = window.frameGeometry()
    print(f"window frame {frame.width()}x{frame.height()} on {window.screen().size().toTuple()}")
    save(window, out / "fluid-main-window-1366x768.png")
    window.close()

    events.create_event(
        fresh,
        name="Regional Championship Qualifier of the Northern Provinces, Spring Season, "
        "Saturday Main Event with Side Events and the Late Night Draft",
        format_id="castle-wars",
    )
    window = started(fresh)
    save(window, out / "fluid-long-name.png")
    window.close()

    # A big event opening: the 4,096-player file imported and opened from the window.
    path = work / "regional.json"
    path.write_text(big_event_text(), encoding="utf-8")
    window = started(fresh)
    window.prompts.warn = lambda title, text: print(f"warning {title}: {text}")
    shot: list[bool] = []

    def look() -> None:
        busy = [d for d in window.findChildren(QProgressDialog) if d.isVisible()]
        if busy and not shot:
            shot.append(True)
            with_dialog(window, busy[0], out / "fluid-busy-opening.png")

    watch = QTimer()
    watch.timeout.connect(look)
    watch.start(20)
    window.import_json_file(str(path))  # the event loop turns meanwhile: `look` runs
    wait(1.0)
    watch.stop()
    if not shot:
        print("no busy indicator: importing and opening took less than 400 ms")
    save(window, out / "fluid-big-event-open.png")
    view = window.event_view
    assert view is not None
    for title in ("Rounds", "Standings"):  # each read off the UI thread when switched to
        view.tabs.setCurrentWidget(view.tab(title))
        wait(0.3)
        save(window, out / f"fluid-big-{title.lower()}.png")
    window.close()
    app.quit()


if __name__ == "__main__":
    main()
