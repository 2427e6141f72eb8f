"""A real self-service event served by waitress, and a player's HTTP client for it.

`SelfServed` holds the event (Warcaste Skirmish Constructed with the sample
card pool, six players with PINs issued through the service), the served page
on a free loopback port, and a clock the test moves (`at`). `Player` signs in
through the JSON API or the forms and keeps its bearer token or cookies, as a
phone's browser would.
"""

from __future__ import annotations

import datetime as dt
import json
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from organizer.core.views.round_view import RoundView
from organizer.services.decks import cardpools
from organizer.services.event import events, settings
from organizer.services.kit.resources import resources_dir, sample_pool_path
from organizer.services.phones import pins
from organizer.services.players import registration
from organizer.services.rounds import pairing
from organizer.storage.database import Database
from organizer.web.app import PlayersPage
from organizer.web.server import PageServer
from tests.web.served import LOOPBACK, Reply, http_request

FORMAT = "warcaste-skirmish-constructed"
T0 = dt.datetime(2026, 11, 26, 9, 0, tzinfo=dt.UTC)
DAY = T0.astimezone().date()
"""The events' date: the day of `T0` where the tests run."""


def legal_list(format_id: str = FORMAT) -> str:
    return (resources_dir() / "decklists" / f"sample-{format_id}.txt").read_text(encoding="utf-8")


def illegal_list() -> str:
    """The legal sample with one card line removed: the deck is short of 30."""
    lines = legal_list().splitlines()
    first_card = next(i for i, line in enumerate(lines) if line[:1].isdigit() and i > 3)
    return "\n".join(lines[:first_card] + lines[first_card + 1 :]) + "\n"


@dataclass
class SelfServed:
    db: Database
    event_id: int
    server: PageServer
    pins: dict[str, str]
    now: list[dt.datetime]

    def at(self, when: dt.datetime) -> None:
        self.now[0] = when

    def player(self, code: str) -> Player:
        return Player(self, code)

    def reporting_round_1(self) -> RoundView:
        """Players may report their results (`self_report` on) and round 1 is paired."""
        settings.set_setting(self.db, event_id=self.event_id, key="self_report", value="on")
        return pairing.pair_next(
            self.db, event_id=self.event_id, seed=3, allow_missing_decks=True
        ).value

    def request(
        self,
        method: str,
        path: str,
        body: bytes | None = None,
        headers: dict[str, str] | None = None,
    ) -> Reply:
        return http_request(self.server.port, method, path, body, headers, timeout=20)


@dataclass
class Player:
    site: SelfServed
    code: str
    token: str = ""
    cookies: dict[str, str] = field(default_factory=dict)

    # --- the JSON API -----------------------------------------------------------------

    def api(self, method: str, path: str, doc: dict[str, Any] | None = None) -> Reply:
        headers = {"Content-Type": "application/json"}
        if self.token:
            headers["Authorization"] = f"Bearer {self.token}"
        body = None if doc is None else json.dumps(doc).encode("utf-8")
        return self.site.request(method, path, body, headers)

    def sign_in(self, pin: str | None = None) -> Reply:
        reply = self.api(
            "POST", "/api/session", {"player": self.code, "pin": pin or self.site.pins[self.code]}
        )
        if reply.status == 200:
            self.token = reply.json()["token"]
        return reply

    # --- the forms, as a browser without JavaScript -------------------------------------

    def browse(self, method: str, path: str, fields: dict[str, str] | None = None) -> Reply:
        headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())}
        body = None
        if fields is not None:
            body = urlencode(fields).encode("utf-8")
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        reply = self.site.request(method, path, body, headers)
        for cookie in reply.cookies:
            name, _, rest = cookie.partition("=")
            value = rest.split(";", 1)[0]
            if value:
                self.cookies[name] = value
            else:
                self.cookies.pop(name, None)
        return reply

    def form_token(self, page: Reply) -> str:
        found = re.search(r'name="csrf" value="([^"]+)"', page.text)
        assert found is not None, page.text
        return found.group(1)


def self_service_event(
    db: Database,
    *,
    players: int = 6,
    format_id: str = FORMAT,
    pool: str = "warcaste",
    date: dt.date | None = DAY,
) -> tuple[int, dict[str, str]]:
    """An event of `format_id` (the sample `pool` imported) with `players` registered, each
    with a PIN; returns its id and each player's PIN by code."""
    cardpools.import_pool(
        db, text=sample_pool_path(pool).read_text(encoding="utf-8"), source="sample"
    )
    event_id = events.create_event(
        db, name="Thursday Skirmish", format_id=format_id, date=date
    ).value.id
    text = "name\n" + "".join(f"Player {i}\n" for i in range(1, players + 1))
    added = registration.import_players_csv(db, event_id=event_id, text=text).value
    issued = pins.issue_pins(db, event_id=event_id, registration_ids=added.registration_ids).value
    return event_id, {p.code: p.pin for p in issued}


@contextmanager
def self_served(db_path: Path, **kwargs: Any) -> Iterator[SelfServed]:
    db = Database(f"sqlite:///{db_path}")
    now = [T0]
    try:
        event_id, issued = self_service_event(db, **kwargs)
        page = PlayersPage(db, event_id, now=lambda: now[0])
        server = PageServer(page, LOOPBACK, 0).start()
        try:
            yield SelfServed(db, event_id, server, issued, now)
        finally:
            server.stop()
    finally:
        db.close()
