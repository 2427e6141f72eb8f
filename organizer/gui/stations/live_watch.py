"""`LiveWatch`: notices other stations' writes and a lost connection, off the UI thread.

Why a thread: the revision poll is cheap, but on a shared server that went
away a read waits for the connection timeout, and the window must never
freeze. So one daemon thread loops (bounded by its stop flag): on PostgreSQL
it waits on `LISTEN` (`storage.server.change_listener`) for at most a second, on
SQLite it sleeps a second; then it asks `services.live.look_again` what moved
and emits `changed(RemoteChange)` for each event, which Qt delivers on the UI
thread (queued). A failing look marks the database `offline` (writes are then
refused at once in one short line: "Not connected to …: nothing was saved.",
or, when the host let this station go or nothing listens there any more,
"The host stopped sharing this event: nothing was saved.") and emits
`connection_changed(False, reason)` (`host_stopped` says which); the next
look that works clears it and emits `connection_changed(True, "")`. It
reconnects by itself. A SQLite file is on this computer: a look that fails
there is only tried again.
"""

from __future__ import annotations

import threading

from PySide6.QtCore import QObject, Signal

from organizer.services.kit.errors import EXPECTED, user_message
from organizer.services.stations.live import RemoteChange, Seen, first_look, look_again
from organizer.storage.database import Database
from organizer.storage.db_errors import HOST_STOPPED, HostStoppedError, not_connected
from organizer.storage.server.change_listener import ChangeListener

POLL_S = 1.0


def host_stopped(exc: BaseException) -> bool:
    """The host stopped sharing: it let this station go, or its computer answers that
    nothing listens any more (not a network that does not answer)."""
    return isinstance(exc, HostStoppedError) or "connection refused" in str(exc).lower()


class LiveWatch(QObject):
    changed = Signal(object)  # RemoteChange
    connection_changed = Signal(bool, str)  # connected, why not

    def __init__(self, db: Database, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.db = db
        self.connected = True
        self.host_stopped = False
        """The host said it stopped sharing (or nothing listens there any more)."""
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="live-watch", daemon=True)
            self._thread.start()

    def stop(self) -> None:
        """Stop the thread (it finishes its current look, at most a few seconds)."""
        self._stop.set()
        thread, self._thread = self._thread, None
        if thread is not None and thread is not threading.current_thread():
            thread.join(timeout=10)

    def _run(self) -> None:
        listener = ChangeListener.for_database(self.db)
        try:
            self._loop(listener)
        except RuntimeError:  # the window was deleted without closing: nobody to tell
            self._stop.set()
        finally:
            if listener is not None:
                listener.close()

    def _loop(self, listener: ChangeListener | None) -> None:
        seen: Seen | None = None
        while not self._stop.is_set():
            if seen is not None:
                self._wait(listener)
            if self._stop.is_set():
                break
            try:
                if seen is None:
                    seen = first_look(self.db)
                    found: list[RemoteChange] = []
                else:
                    seen, found = look_again(self.db, seen)
            except EXPECTED as exc:
                self._lost(exc)
                if seen is None:
                    self._stop.wait(POLL_S)
                continue
            self._back()
            for remote in found:
                if not self._stop.is_set():
                    self.changed.emit(remote)

    def _wait(self, listener: ChangeListener | None) -> None:
        if listener is None or not self.connected:
            self._stop.wait(POLL_S)
            return
        try:
            listener.wait(POLL_S)
        except EXPECTED:
            self._stop.wait(POLL_S)  # the poll that follows says whether it is lost

    def _lost(self, exc: BaseException) -> None:
        if self.db.is_sqlite:
            return  # a file on this computer: a failed look (a migration, a lock) is no outage
        stopped = host_stopped(exc)
        self.db.offline = HOST_STOPPED if stopped else not_connected(self.db.place)
        if self.connected or stopped != self.host_stopped:
            self.connected = False
            self.host_stopped = stopped
            self.connection_changed.emit(False, user_message(exc))

    def _back(self) -> None:
        self.db.offline = None
        if not self.connected:
            self.connected = True
            self.host_stopped = False
            self.connection_changed.emit(True, "")
