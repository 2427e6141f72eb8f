"""The one door into the players' page for the programs that host it.

`organizer serve` (cli) and the GUI's "Players' page" switch call
`start_players_page`; they import nothing else of `organizer.web` (the
import-linter contract in pyproject.toml allows exactly these two imports
between the otherwise independent clients).
"""

from __future__ import annotations

from organizer.storage.database import Database
from organizer.web.address import (
    DEFAULT_PORT,
    EXPOSURE_NOTE,
    LOOPBACK,
    lan_address,
    note_for,
    page_url,
)
from organizer.web.app import PlayersPage
from organizer.web.server import PageServer, PageServerError

__all__ = [
    "DEFAULT_PORT",
    "EXPOSURE_NOTE",
    "LOOPBACK",
    "PageServer",
    "PageServerError",
    "lan_address",
    "note_for",
    "page_url",
    "start_players_page",
]


def start_players_page(db: Database, *, event_id: int, host: str, port: int) -> PageServer:
    """Serve the event's players' page on host:port (0: a free port) until `stop()`."""
    return PageServer(PlayersPage(db, event_id), host, port).start()
