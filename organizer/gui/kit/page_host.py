"""The one players' page this app serves: which event, at which address, and whether it runs.

Why in kit: the stations room switches the page on and off, but the window's
status bar, the room display (clock) and the printed pairings (printouts) all
ask whether it serves their event and at which address, to show it or carry
its QR code. They read it here, so no room reaches into the stations room.
The page itself runs in waitress's own thread (`organizer.web.host`).
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal

from organizer.storage.database import Database
from organizer.web.host import PageServer, start_players_page


class PageHost(QObject):
    """The one players' page of the app: which event, where, and whether it runs."""

    changed = Signal()

    def __init__(self) -> None:
        super().__init__()
        self.server: PageServer | None = None
        self.event_id: int | None = None
        self.event_name = ""

    @property
    def url(self) -> str | None:
        return self.server.url if self.server is not None else None

    def start(self, db: Database, *, event_id: int, event_name: str, host: str, port: int) -> str:
        """Serve the event's page; raises `PageServerError` when it cannot listen there."""
        self.stop()
        server = start_players_page(db, event_id=event_id, host=host, port=port)
        self.server, self.event_id, self.event_name = server, event_id, event_name
        self.changed.emit()
        return server.url

    def stop(self) -> None:
        if self.server is None:
            return
        server, self.server, self.event_id = self.server, None, None
        server.stop()
        self.changed.emit()


_HOST: PageHost | None = None


def page_host() -> PageHost:
    global _HOST
    if _HOST is None:
        _HOST = PageHost()
    return _HOST


def page_url_for(event_id: int) -> str | None:
    """The players' page's address while it serves `event_id`, else None."""
    host = _HOST
    if host is None or host.server is None or host.event_id != event_id:
        return None
    return host.url
