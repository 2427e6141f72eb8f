"""A real players' page for tests: a real event in a real SQLite file, served on 127.0.0.1.

`played_event` builds an event through the services (hostile names included)
with round 1 played, round 2 paired with one result and the clock started at
`T0`; `Served` starts waitress on a free loopback port and talks HTTP to it
with `http.client`. Only the loopback address is ever used.
"""

from __future__ import annotations

import datetime as dt
import http.client
import json
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from organizer.core.results import parse_score
from organizer.services.clock import clock
from organizer.services.event import events
from organizer.services.players import registration
from organizer.services.rounds import pairing, results
from organizer.storage.database import Database
from organizer.web.app import PlayersPage
from organizer.web.server import PageServer

LOOPBACK = "127.0.0.1"
T0 = dt.datetime(2026, 11, 20, 18, 0, tzinfo=dt.UTC)
ELAPSED = dt.timedelta(minutes=7, seconds=30)
SCRIPT = "<script>alert(1)</script>"
FORMULA = "=1+2"
NAMES = (
    "Ada Byrne",
    "Bo Chen",
    'Iván O\'Neil & "Tank"',
    SCRIPT,
    FORMULA,
    "Dana Ek",
    "Emeka Fofana",
)


@dataclass
class Reply:
    status: int
    headers: dict[str, str]
    body: bytes
    cookies: list[str] = field(default_factory=list)

    @property
    def text(self) -> str:
        return self.body.decode("utf-8")

    def json(self) -> Any:
        return json.loads(self.body)


def http_request(
    port: int,
    method: str,
    path: str,
    body: bytes | None = None,
    headers: dict[str, str] | None = None,
    *,
    timeout: float = 10,
    source: str | None = None,
) -> Reply:
    """One HTTP request to the page served on the loopback `port`; every Set-Cookie kept.

    `source`: another loopback address to send it from (127.0.0.2…, Linux), as another
    client machine would."""
    connection = http.client.HTTPConnection(
        LOOPBACK, port, timeout=timeout, source_address=(source, 0) if source else None
    )
    try:
        connection.request(method, path, body=body, headers=headers or {})
        response = connection.getresponse()
        return Reply(
            response.status,
            {k.lower(): v for k, v in response.getheaders()},
            response.read(),
            [v for k, v in response.getheaders() if k.lower() == "set-cookie"],
        )
    finally:
        connection.close()


@dataclass
class Served:
    db: Database
    event_id: int
    server: PageServer

    @property
    def url(self) -> str:
        return self.server.url

    def request(self, method: str, path: str, body: bytes | None = None) -> Reply:
        return http_request(self.server.port, method, path, body)

    def get(self, path: str) -> Reply:
        return self.request("GET", path)


def registered_event(db: Database, *, format_id: str = "castle-wars") -> int:
    """An event named with a hostile name, with the seven `NAMES` registered."""
    event_id = events.create_event(db, name=f"Friday {SCRIPT}", format_id=format_id).value.id
    for name in NAMES:
        registration.add_player(db, event_id=event_id, name=name)
    return event_id


def play(db: Database, event_id: int, *, win: str = "2-1", last: str = "1-1-1") -> None:
    """Round 1 played with `win` at every table, round 2 paired with `last` at its first
    table, the clock of round 2 started at `T0`."""
    first = pairing.pair_next(db, event_id=event_id, seed=7, allow_missing_decks=True).value
    for match in first.matches:
        if match.table is not None:
            results.record_result(db, event_id=event_id, table=match.table, score=parse_score(win))
    second = pairing.pair_next(db, event_id=event_id, seed=8).value
    table = min(m.table for m in second.matches if m.table is not None)
    results.record_result(db, event_id=event_id, table=table, score=parse_score(last))
    clock.start(db, event_id=event_id, now=T0)


def played_event(db: Database) -> int:
    event_id = registered_event(db)
    play(db, event_id)
    return event_id


@contextmanager
def serving(db: Database, event_id: int, *, now: dt.datetime = T0 + ELAPSED) -> Iterator[Served]:
    server = PageServer(PlayersPage(db, event_id, now=lambda: now), LOOPBACK, 0).start()
    try:
        yield Served(db, event_id, server)
    finally:
        server.stop()


@contextmanager
def serving_file(db_path: Path, event_id: int) -> Iterator[Served]:
    """The event stored in the SQLite file `db_path`, served; the database closed after."""
    db = Database(f"sqlite:///{db_path}")
    try:
        with serving(db, event_id) as page:
            yield page
    finally:
        db.close()
