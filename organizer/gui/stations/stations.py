"""Several stations on one event, as the main window sees it: host, join, leave.

Why its own module: the main window shows events; this object (`Stations`)
owns what is about sharing them with other stations. It keeps the status bar's
`ConnectionStatus` and the title saying where the data is (and, while hosting,
how many stations are connected, counted every five seconds), runs the
`LiveWatch` that brings other stations' writes to the open tabs
(`MainWindow.apply_remote`), and carries out the Events menu's Host for other
stations… (`HostDialog`), Join a hosted event… (`JoinDialog`) and Leave the
hosted event, each by opening another `Database` and handing it to the window
(`MainWindow.use_database`). When the host of a joined event stops sharing,
the status bar says so and offers Leave or Wait (`HostStoppedBar`).

Hosting starts from this computer's own file (`services.stations`); stopping
asks first, then `services.stations.stop_hosting` moves the events back into
that file (the file as it was is kept beside it) and stops the server cleanly.
Quitting while hosting asks the same. The window is reached only through
`StationsWindow` (what this object needs of it), so the main window imports
this module and not the other way round. Imports Qt and services only.
"""

from __future__ import annotations

from typing import Protocol

from PySide6.QtCore import QObject, QTimer
from PySide6.QtWidgets import QStatusBar, QWidget

from organizer.core.views.wording import plural
from organizer.gui.kit.actions import command, install_commands
from organizer.gui.kit.prompts import Prompts
from organizer.gui.stations.connection_status import ConnectionStatus, window_title
from organizer.gui.stations.host_dialog import HostDialog
from organizer.gui.stations.host_stopped_bar import HostStoppedBar
from organizer.gui.stations.join_dialog import JoinDialog
from organizer.gui.stations.live_watch import LiveWatch
from organizer.services.kit.changes import Changes
from organizer.services.kit.errors import EXPECTED
from organizer.services.stations.live import RemoteChange
from organizer.services.stations.stations import (
    HostingStarted,
    connected_stations,
    join,
    leave,
    start_hosting,
    stop_hosting,
)
from organizer.storage.database import Database, resolve_url


class StationsWindow(Protocol):
    """What `Stations` needs of the main window."""

    db: Database
    prompts: Prompts

    def statusBar(self) -> QStatusBar: ...
    def setWindowTitle(self, title: str, /) -> None: ...
    def use_database(self, db: Database) -> None: ...
    def apply_remote(self, changes: Changes) -> None: ...


COUNT_MS = 5000
"""How often the hosting station counts the stations connected (status bar)."""


class Stations(QObject):
    def __init__(self, window: StationsWindow, widget: QWidget) -> None:
        """`widget` is the window itself, as a widget (the actions' owner)."""
        super().__init__(widget)
        self.window = window
        self.hosting: HostingStarted | None = None
        self.home_url = window.db.url if window.db.is_sqlite else resolve_url(None)
        self.status = ConnectionStatus()
        self.stopped_bar = HostStoppedBar()
        self.stopped_bar.leave.connect(self._leave_stopped_host)
        self.stopped_bar.wait.connect(self.stopped_bar.hide)
        window.statusBar().addPermanentWidget(self.stopped_bar)
        window.statusBar().addPermanentWidget(self.status)
        install_commands(self, widget, window_wide=True)  # in the window's menu
        self.watch: LiveWatch | None = None
        self._pending: list[Changes] = []
        self.count_timer = QTimer(self)
        self.count_timer.setInterval(COUNT_MS)
        self.count_timer.timeout.connect(self._count_stations)
        self._watch(window.db)

    # --- where the data is ------------------------------------------------------

    def _watch(self, db: Database) -> None:
        self.stopped_bar.hide()
        if self.watch is not None:
            self.watch.stop()
            self.watch.deleteLater()
        self.watch = LiveWatch(db, self)
        self.watch.changed.connect(self._remote)
        self.watch.connection_changed.connect(self._connection)
        self.watch.start()
        hosting = self.hosting is not None
        self.status.show_place(db, hosting=hosting)
        if hosting:
            self._count_stations()
            self.count_timer.start()
        else:
            self.count_timer.stop()
        self.window.setWindowTitle(window_title(db, hosting=hosting))
        self.leave.action.setEnabled(not db.is_sqlite and not hosting)
        self.join.action.setEnabled(not hosting)

    def _switch(self, db: Database) -> None:
        old = self.window.db
        if self.watch is not None:
            self.watch.stop()
        self._pending = []
        self.window.use_database(db)
        self._watch(db)
        if old is not db:
            old.close()

    def _remote(self, remote: RemoteChange) -> None:
        if not self._apply(remote.changes):
            return
        if remote.actors:
            self.window.statusBar().showMessage(f"Updated from {', '.join(remote.actors)}.", 5000)

    def _apply(self, changes: Changes) -> bool:
        """Refresh what `changes` names; if the server went away meanwhile, later."""
        try:
            self.window.apply_remote(changes)
        except EXPECTED:
            self._pending.append(changes)  # shown once the connection is back
            return False
        return True

    def _connection(self, connected: bool, reason: str) -> None:
        stopped = not connected and self.watch is not None and self.watch.host_stopped
        self.status.show_connection(connected, reason, host_stopped=stopped)
        self.stopped_bar.setVisible(stopped and self.hosting is None)
        if connected:
            pending, self._pending = self._pending, []
            for changes in pending:
                self._apply(changes)
            self.window.statusBar().showMessage("Connected again.", 5000)

    def _count_stations(self) -> None:
        if self.hosting is not None and self.status.connected:
            self.status.show_stations(self.stations_connected())

    def parent_widget(self) -> QWidget:
        parent = self.parent()
        assert isinstance(parent, QWidget)
        return parent

    def stop(self) -> None:
        self.count_timer.stop()
        if self.watch is not None:
            self.watch.stop()

    # --- hosting --------------------------------------------------------------------

    @command(
        "&Host for other stations…",
        tip="Share this computer's events: other stations join with a code and see "
        "each other's results live",
    )
    def open_host_dialog(self) -> None:
        self.window.prompts.run_dialog(HostDialog(self, self.parent_widget()))

    def start_hosting(self) -> bool:
        db = self.window.db
        if not db.is_sqlite:
            self.window.prompts.warn(
                "Host for other stations",
                "This window works on a shared database already. Hosting starts from this "
                "computer's own file: leave the hosted event first (Events menu).",
            )
            return False
        self.home_url = db.url

        def start_and_connect() -> tuple[HostingStarted, Database]:
            started = start_hosting(db.url)
            return started, Database(started.local_url)

        # Starting the server and moving the events in take seconds: off the UI thread.
        done = self.window.prompts.attempt_off_ui(
            "Host for other stations",
            "Starting the shared database and moving the events onto it…",
            start_and_connect,
        )
        if done is None:
            return False
        started, host_db = done
        self.hosting = started
        self._switch(host_db)
        moved = f"moved {plural(started.moved, 'event')} onto it; " if started.moved else ""
        self.window.statusBar().showMessage(
            f"Hosting: {moved}other stations join with {started.hosted.code}.", 15000
        )
        return True

    def stop_hosting(self) -> bool:
        """Ask, move the events back into this computer's file, stop the server."""
        if self.hosting is None:
            return True
        others = max(0, (self.stations_connected() or 1) - 1)
        question = (
            "Stop hosting?\n\n"
            + (f"{plural(others, 'other station')} will lose the connection. "
               if others else "")
            + "The events move back into this computer's file (the file as it was is kept "
            "beside it), and the shared database stops."
        )  # fmt: skip
        if not self.window.prompts.confirm("Stop hosting", question):
            return False
        if self.watch is not None:
            self.watch.stop()
        home = self.home_url
        stopped = self.window.prompts.attempt_off_ui(
            "Stop hosting",
            "Moving the events back into this computer's file…",
            lambda: stop_hosting(home, events_back=True),
        )
        if stopped is None:
            self._watch(self.window.db)
            return False
        self.hosting = None
        home_db = self.window.prompts.attempt("Stop hosting", lambda: leave(home))
        if home_db is not None:
            self._switch(home_db)
        moved = stopped.moved
        self.window.statusBar().showMessage(
            f"Stopped hosting: {plural(moved, 'event')} back in this computer's file.",
            15000,
        )
        return True

    def stations_connected(self) -> int | None:
        try:
            return connected_stations()
        except EXPECTED:
            return None

    # --- joining ------------------------------------------------------------------

    @command(
        "&Join a hosted event…",
        tip="Work on the events another station hosts, with its join code",
    )
    def join(self) -> None:
        dialog = JoinDialog(self.parent_widget())
        if not self.window.prompts.accepted(dialog) or not dialog.url:
            return
        self.join_url(dialog.url)

    def join_url(self, url: str) -> bool:
        db = self.window.prompts.attempt_off_ui(
            "Join a hosted event", "Connecting to the hosted event…", lambda: join(url)
        )
        if db is None:
            return False
        self._switch(db)
        self.window.statusBar().showMessage(f"Joined {db.place}.", 8000)
        return True

    def _leave_stopped_host(self) -> None:
        self.stopped_bar.hide()
        self.leave()

    @command("&Leave the hosted event", tip="Back to this computer's own file")
    def leave(self) -> None:
        home = self.home_url
        db = self.window.prompts.attempt("Leave the hosted event", lambda: leave(home))
        if db is not None:
            self._switch(db)
