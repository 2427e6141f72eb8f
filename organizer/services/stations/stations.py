"""Stations: hosting the events for other stations, stopping, joining and leaving.

Why one service: the Host dialog, the Join dialog, Leave and `organizer host`
do the same things and must agree, on the same policy. The server itself
(embedded PostgreSQL 16, its roles and passwords, the join code) lives in
`storage.server`; this module decides what happens to the events:

- `start_hosting`: start the server; the first time (the host holds no
  events) copy every event of the station's own database onto it. The
  station's SQLite file is only read, so it stays as it was.
- `stop_hosting`: the one stop both clients use. The stations are let go
  first; with `events_back` (the app's Stop hosting…) the events come back into
  this computer's file before the server stops; without it (`organizer host`
  stopped with Ctrl+C) they stay on the host for its next start.
- `move_back`: copy the host's events into the station's SQLite file (the
  file as it was is kept beside it, renamed), then empty the host, so the
  events are in one place again and the next `start_hosting` moves them anew.
  From its first moment no station writes (see the function).
- `join` / `leave`: open the hosted database from a join code (or a full
  PostgreSQL URL, for a server someone runs already), or this computer's own.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from organizer.services.kit.errors import InputError, RefusedError
from organizer.storage.copy_database import (
    bring_back_pin_key,
    carry_pin_key,
    copy_all,
    empty_database,
    event_count,
    hosted_key,
    replace_sqlite_file,
    same_database,
    sqlite_path,
)
from organizer.storage.database import Database, DatabaseError, resolve_url
from organizer.storage.server.embedded import Hosted, HostedServer, HostingError
from organizer.storage.server.join_code import JoinCodeError, read_code
from organizer.storage.server.sockets_and_log import ALL_INTERFACES

__all__ = [
    "Hosted",
    "HostedServer",
    "HostingError",
    "HostingStarted",
    "HostingStopped",
    "connected_stations",
    "join",
    "join_url",
    "leave",
    "move_back",
    "start_hosting",
    "stop_hosting",
]


@dataclass(frozen=True, slots=True)
class HostingStarted:
    hosted: Hosted
    local_url: str
    """How this station reaches its own server."""
    moved: int
    """Events copied from the station's database now (0 when the host had them already)."""
    events: int
    """Events on the host."""


def start_hosting(
    station_db: str | None,
    *,
    folder: Path | None = None,
    bind: str | None = None,
    port: int | None = None,
) -> HostingStarted:
    """Start (or find running) the hosted server and move the station's events onto it.

    `bind` defaults to every interface (the LAN), as the Host dialog always starts it.
    """
    server = HostedServer(folder)
    try:
        hosted = server.start(bind=bind or ALL_INTERFACES, port=port)
    except HostingError as exc:
        raise RefusedError(f"The shared database could not be started: {exc}") from None
    host = Database(server.admin_url())  # the copy sets the id sequences: the host's own role
    try:
        moved = 0
        if event_count(host) == 0:
            source_url = resolve_url(station_db)
            if not same_database(source_url, host.url):
                source = Database(source_url)
                try:
                    moved = copy_all(source, host) if event_count(source) else 0
                    if moved:
                        carry_pin_key(source, host, server.station_password())
                finally:
                    source.close()
        events = event_count(host)
    finally:
        host.close()
    return HostingStarted(hosted, server.local_url(), moved, events)


@dataclass(frozen=True, slots=True)
class HostingStopped:
    moved: int
    """Events moved back into this computer's file (0 when they stay on the host)."""
    kept: Path | None
    """Where this computer's file as it was before the move back is kept."""


def stop_hosting(
    home_db: str | None = None, *, events_back: bool = False, folder: Path | None = None
) -> HostingStopped:
    """Stop sharing: the stations are let go, then the server stops cleanly.

    With `events_back`, the events first come back into `home_db`'s file (see
    `move_back`); a move that fails stops nothing. Without it, every committed
    write stays in the server's folder for its next start.
    """
    moved, kept = move_back(home_db, folder=folder) if events_back else (0, None)
    try:
        HostedServer(folder).stop()
    except HostingError as exc:
        raise RefusedError(f"The shared database could not be stopped: {exc}") from None
    return HostingStopped(moved, kept)


def connected_stations(*, folder: Path | None = None) -> int:
    return HostedServer(folder).connected_stations()


def move_back(station_db: str | None, *, folder: Path | None = None) -> tuple[int, Path | None]:
    """Copy the host's events into the station's SQLite file; then empty the host.

    The server is left as it was (`stop_hosting(events_back=True)` also stops it).

    From the moment it starts no station writes: none may connect any more, and
    those connected are let go, their writes under way rolled back and refused
    ("the host stopped sharing this event"). So what the copy takes is every
    write a station was told was saved, and nothing lands on the host after it.
    If the move fails, the stations may come back. Returns (events moved, where
    the station's file as it was is kept). The host's server is started for the
    copy if it is not running, and left as it was.
    """
    target = sqlite_path(resolve_url(station_db))
    server = HostedServer(folder)
    was_running = server.is_running()
    if not was_running:
        try:
            server.start(bind="127.0.0.1")
        except HostingError as exc:
            raise RefusedError(f"The shared database could not be started: {exc}") from None
    try:
        server.close_to_stations()
        host = Database(server.admin_url())
    except (HostingError, DatabaseError) as exc:
        raise RefusedError(f"The shared database does not answer: {exc}") from None
    moved_all = False
    try:
        if event_count(host) == 0:
            raise RefusedError("The host holds no events: there is nothing to move back.")
        key = hosted_key(host, server.station_password())
        with host.writing_every_event():  # the copy and the emptying are one write
            moved, kept = replace_sqlite_file(target, host)
            bring_back_pin_key(key, target, kept)
            empty_database(host)
        moved_all = True
    finally:
        host.close()
        if not moved_all:
            server.open_to_stations()
        if not was_running:
            server.stop()
    return moved, kept


def join_url(text: str) -> str:
    """The database URL of a join code, or of a URL typed in full."""
    text = text.strip()
    if not text:
        raise InputError("type the join code shown on the hosting station")
    if "://" in text:
        if not text.startswith(("postgresql", "postgres")):
            raise InputError("a hosted event's URL starts with postgresql://")
        return resolve_url(text.replace("postgres://", "postgresql+psycopg://", 1))
    try:
        return read_code(text).url
    except JoinCodeError as exc:
        raise InputError(str(exc)) from None


def join(text: str) -> Database:
    """The hosted database a join code (or a full URL) names, opened; refused plainly."""
    return Database(join_url(text))


def leave(home_url: str) -> Database:
    """This computer's own database again, after a hosted event."""
    return Database(home_url)
