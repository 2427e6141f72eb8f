"""The crash handler: unexpected errors are logged to a file and shown in a dialog.

`CrashHandler.install()` replaces `sys.excepthook` and `threading.excepthook`.
An unexpected exception writes `crash-<timestamp>.log` (the traceback, with
versions) into the platform's user log folder and shows a dialog naming that
file and saying that nothing committed was lost, which is true because every
service call commits before it returns. An expected error (one of
`services.errors.EXPECTED`) that slipped past a screen is shown as a plain
warning instead, with no log.

The dialogs are built by functions that do not run them, and the handler's
`present` is injectable, so a test checks a dialog and closes it. Exceptions from
other threads reach the GUI thread through a queued signal.
"""

from __future__ import annotations

import datetime as dt
import platform
import sys
import threading
import traceback
from collections.abc import Callable
from pathlib import Path
from types import TracebackType

import platformdirs
from PySide6 import __version__ as pyside_version
from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QMessageBox, QWidget

from organizer.services.kit.errors import EXPECTED, user_message

NOTHING_LOST = "Nothing committed was lost: every result is saved when it is entered."

ShowDialog = Callable[[QMessageBox], object]
ExceptHook = Callable[[type[BaseException], BaseException, TracebackType | None], object]
ThreadHook = Callable[[threading.ExceptHookArgs], object]


def default_log_dir() -> Path:
    return Path(platformdirs.user_log_dir("Organizer", appauthor=False))


def write_crash_log(
    log_dir: Path,
    exc_type: type[BaseException],
    exc: BaseException,
    tb: TracebackType | None,
    *,
    now: dt.datetime | None = None,
) -> Path:
    """Write the traceback to a new `crash-<timestamp>.log` in `log_dir`; its path."""
    now = now or dt.datetime.now()
    log_dir.mkdir(parents=True, exist_ok=True)
    stamp = now.strftime("%Y%m%d-%H%M%S")
    path = log_dir / f"crash-{stamp}.log"
    n = 1
    while path.exists():
        n += 1
        path = log_dir / f"crash-{stamp}-{n}.log"
    header = [
        f"Organizer crash at {now.isoformat(timespec='seconds')}",
        f"Python {sys.version.split()[0]} on {platform.platform()}",
        f"PySide6 {pyside_version}",
        f"Thread: {threading.current_thread().name}",
        "",
    ]
    text = "".join(traceback.format_exception(exc_type, exc, tb))
    path.write_text("\n".join(header) + text, encoding="utf-8")
    return path


def build_crash_dialog(
    log_path: str | None, details: str, parent: QWidget | None = None
) -> QMessageBox:
    """The crash dialog, not yet shown."""
    box = QMessageBox(parent)
    box.setIcon(QMessageBox.Icon.Critical)
    box.setWindowTitle("Organizer: unexpected error")
    saved = (
        f"A report was saved to:\n{log_path}"
        if log_path
        else "The report could not be saved; the details are below."
    )
    box.setText(f"Organizer hit an unexpected error.\n\n{saved}\n\n{NOTHING_LOST}")
    box.setInformativeText("Send the report to whoever looks after this computer.")
    box.setDetailedText(details)
    box.setStandardButtons(QMessageBox.StandardButton.Ok)
    return box


def build_warning_dialog(message: str, parent: QWidget | None = None) -> QMessageBox:
    """A plain warning for an expected error, not yet shown."""
    box = QMessageBox(parent)
    box.setIcon(QMessageBox.Icon.Warning)
    box.setWindowTitle("Organizer")
    box.setText(message)
    box.setStandardButtons(QMessageBox.StandardButton.Ok)
    return box


def _exec(box: QMessageBox) -> object:
    return box.exec()


class CrashHandler(QObject):
    """Turns uncaught exceptions into a saved log and a dialog."""

    crash_logged = Signal(str, str)  # (log path or "", traceback text)
    expected_error_raised = Signal(str)  # the user message

    def __init__(self, log_dir: Path | None = None, present: ShowDialog = _exec) -> None:
        super().__init__()
        self.log_dir = log_dir or default_log_dir()
        self.present = present
        self.parent_widget: QWidget | None = None
        self._showing = False
        self._previous: tuple[ExceptHook, ThreadHook] | None = None
        self.crash_logged.connect(self._show_crash)
        self.expected_error_raised.connect(self._show_warning)

    def install(self) -> None:
        self._previous = (sys.excepthook, threading.excepthook)
        sys.excepthook = self.excepthook
        threading.excepthook = self.thread_excepthook

    def uninstall(self) -> None:
        """Put back the hooks that were there before `install`."""
        if self._previous is not None:
            sys.excepthook, threading.excepthook = self._previous
            self._previous = None

    def excepthook(
        self, exc_type: type[BaseException], exc: BaseException, tb: TracebackType | None
    ) -> None:
        if issubclass(exc_type, KeyboardInterrupt):
            sys.__excepthook__(exc_type, exc, tb)
            return
        if isinstance(exc, EXPECTED):
            self.expected_error_raised.emit(user_message(exc))
            return
        details = "".join(traceback.format_exception(exc_type, exc, tb))
        sys.stderr.write(details)
        try:
            path = str(write_crash_log(self.log_dir, exc_type, exc, tb))
        except OSError:
            path = ""
        self.crash_logged.emit(path, details)

    def thread_excepthook(self, args: threading.ExceptHookArgs) -> None:
        if args.exc_value is None:
            return
        self.excepthook(args.exc_type, args.exc_value, args.exc_traceback)

    def _show_crash(self, path: str, details: str) -> None:
        if self._showing:  # one dialog at a time; later crashes are still logged
            return
        self._showing = True
        try:
            self.present(build_crash_dialog(path or None, details, self.parent_widget))
        finally:
            self._showing = False

    def _show_warning(self, message: str) -> None:
        self.present(build_warning_dialog(message, self.parent_widget))
