"""The players' page as a WSGI application: a fixed set of routes, GET and HEAD only.

Routes (shared/spec/cli.md, `organizer serve`): `/` the event now, `/pairings`
(find your table; `?q=` searches without JavaScript), `/standings`, `/pods`,
`/api/pairings.json`, `/api/standings.json`, `/api/clock.json`, and the two
static files by their exact names. Any other path is 404; no path is ever
joined to a folder, so no request can reach another file. Any method but GET
and HEAD is 405. Pages come from Jinja2 templates with autoescaping on, so a
name like `<script>` shows as text. The data come from `services.players_page`
through `snapshot.SnapshotCache` (one database read per second at most).
"""

from __future__ import annotations

import datetime as dt
import json
import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs

from jinja2 import Environment, FileSystemLoader, StrictUndefined

from organizer.services import events, players_page
from organizer.services.clock import ClockStatus, utcnow
from organizer.services.errors import EXPECTED, user_message
from organizer.storage.database import Database
from organizer.web import clock_words, pages
from organizer.web.search import clean_query
from organizer.web.self_service import app as self_service
from organizer.web.snapshot import Snapshot, SnapshotCache

StartResponse = Callable[[str, list[tuple[str, str]]], object]

HTML = "text/html; charset=utf-8"
JSON = "application/json; charset=utf-8"
STATIC = {"/static/style.css": "text/css; charset=utf-8", "/static/page.js": "text/javascript"}
SECURITY_HEADERS = [
    (
        "Content-Security-Policy",
        "default-src 'none'; style-src 'self'; script-src 'self'; connect-src 'self'; "
        "img-src 'self' data:; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    ),
    ("X-Content-Type-Options", "nosniff"),
    ("Referrer-Policy", "no-referrer"),
]
REASONS = {200: "OK", 404: "Not Found", 405: "Method Not Allowed", 503: "Service Unavailable"}
MAX_FOUND = 20
MAX_CLOCKS = 64
HERE = Path(__file__).resolve().parent
"""The templates and static files lie beside this module (package data; in the bundle, too)."""


@dataclass(frozen=True, slots=True)
class Response:
    status: int
    content_type: str
    body: bytes
    cache: str = "no-cache"


class PlayersPage:
    """The WSGI application serving one event's players' page from `db`."""

    def __init__(
        self,
        db: Database,
        event_id: int,
        *,
        now: Callable[[], dt.datetime] = utcnow,
        ttl_s: float = 1.0,
    ) -> None:
        self.db = db
        self.event_id = event_id
        self.now = now
        self.cache = SnapshotCache(
            self._load,
            lambda: events.revision(db, event_id=event_id),
            ttl_s=ttl_s,
        )
        self.env = Environment(
            loader=FileSystemLoader(HERE / "templates"),
            autoescape=True,
            undefined=StrictUndefined,
            trim_blocks=True,
            lstrip_blocks=True,
        )
        folder = HERE / "static"
        self.static = {path: (folder / path.rsplit("/", 1)[1]).read_bytes() for path in STATIC}
        self.self_service = self_service.SelfService(
            db, event_id, now=now, security_headers=SECURITY_HEADERS
        )
        self.routes: dict[str, Callable[[Snapshot, str], Response]] = {
            "/": self._index,
            "/pairings": self._pairings,
            "/standings": self._standings,
            "/pods": self._pods,
            "/api/pairings.json": lambda s, _q: _cached_json(s, players_page.pairings_document),
            "/api/standings.json": lambda s, _q: _cached_json(s, players_page.standings_json),
            "/api/clock.json": lambda s, _q: _json(self._clock(s)),
        }

    def _load(self) -> tuple[players_page.PageFacts, ClockStatus | None]:
        facts = players_page.page_facts(self.db, event_id=self.event_id)
        return facts, players_page.clock_status(self.db, event_id=self.event_id)

    # --- WSGI -------------------------------------------------------------------

    def __call__(self, environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
        if self_service.handles(str(environ.get("PATH_INFO", ""))):  # the signed-in part
            return self.self_service(environ, start_response)
        method = str(environ.get("REQUEST_METHOD", "GET"))
        response = self.respond(
            method, str(environ.get("PATH_INFO", "")), str(environ.get("QUERY_STRING", ""))
        )
        headers = [
            ("Content-Type", response.content_type),
            ("Content-Length", str(len(response.body))),
            ("Cache-Control", response.cache),
            *SECURITY_HEADERS,
        ]
        if response.status == 405:
            headers.append(("Allow", "GET, HEAD"))
        start_response(f"{response.status} {REASONS[response.status]}", headers)
        return [b"" if method == "HEAD" else response.body]

    def respond(self, method: str, path: str, query: str) -> Response:
        if method not in ("GET", "HEAD"):
            return self._message(405, "This page is read-only.")
        if path in self.static:
            return Response(200, STATIC[path], self.static[path], cache="max-age=300")
        route = self.routes.get(path)
        if route is None:
            return self._message(404, "There is no such page.")
        try:
            snapshot = self.cache.get()
        except EXPECTED as exc:
            return self._message(503, f"The event cannot be shown: {user_message(exc)}")
        return route(snapshot, query)

    # --- pages --------------------------------------------------------------------

    def _render(self, template: str, snapshot: Snapshot, **context: Any) -> bytes:
        facts = snapshot.facts
        return (
            self.env.get_template(template)
            .render(
                facts=facts,
                round_label=_round_label(facts),
                page=template.removesuffix(".html").replace("index", "now"),
                **context,
            )
            .encode("utf-8")
        )

    def _page(
        self,
        template: str,
        snapshot: Snapshot,
        context: Callable[[], dict[str, Any]],
        key: str = "",
    ) -> Response:
        """The page rendered once per snapshot (and `key`); `context` is built only then."""
        body = snapshot.page((template, key), lambda: self._render(template, snapshot, **context()))
        return Response(200, HTML, body)

    def _clock(self, snapshot: Snapshot) -> dict[str, Any]:
        """The clock document, computed once per second of `now` (its unit is the second)."""
        now = self.now()
        second = math.floor(now.timestamp())
        doc = snapshot.clocks.get(second)
        if doc is None:
            doc = players_page.clock_document(snapshot.clock, now)
            if len(snapshot.clocks) >= MAX_CLOCKS:
                snapshot.clocks.clear()
            snapshot.clocks[second] = doc
        return doc

    def _index(self, snapshot: Snapshot, _query: str) -> Response:
        doc = self._clock(snapshot)
        key = f"{doc.get('state')} {doc.get('phase')} {doc.get('remaining_s')}"
        return self._page(
            "index.html",
            snapshot,
            lambda: {
                "clock": doc,
                "clock_time": clock_words.mm_ss(doc.get("remaining_s")),
                "clock_words": clock_words.state_words(doc),
            },
            key=key,
        )

    def _pairings(self, snapshot: Snapshot, query: str) -> Response:
        q = clean_query(parse_qs(query).get("q", [""])[0])

        def context() -> dict[str, Any]:
            lines = pages.name_lines(snapshot.facts)
            hits = pages.found(lines, q)
            return {
                "q": q,
                "found": hits[:MAX_FOUND],
                "more": max(0, len(hits) - MAX_FOUND),
                "lines": lines,
                "table_label": pages.table_label,
            }

        return self._page("pairings.html", snapshot, context, key=q)

    def _standings(self, snapshot: Snapshot, _query: str) -> Response:
        return self._page(
            "standings.html",
            snapshot,
            lambda: {"lines": pages.standing_lines(snapshot.facts.standings)},
        )

    def _pods(self, snapshot: Snapshot, _query: str) -> Response:
        def context() -> dict[str, Any]:
            lines = pages.pod_lines(snapshot.facts.pods)
            pods: dict[int, list[pages.PodLine]] = {}
            for line in lines:
                pods.setdefault(line.pod, []).append(line)
            by_name = sorted(lines, key=lambda line: (line.key, line.name))
            return {"pods": pods, "by_name": by_name}

        return self._page("pods.html", snapshot, context)

    def _message(self, status: int, text: str) -> Response:
        body = self.env.get_template("message.html").render(status=status, text=text)
        return Response(status, HTML, body.encode("utf-8"))


def _encode(doc: dict[str, Any]) -> bytes:
    return json.dumps(doc, ensure_ascii=False).encode("utf-8")


def _json(doc: dict[str, Any]) -> Response:
    return Response(200, JSON, _encode(doc))


def _cached_json(
    snapshot: Snapshot, build: Callable[[players_page.PageFacts], dict[str, Any]]
) -> Response:
    body = snapshot.page(("json", build.__name__), lambda: _encode(build(snapshot.facts)))
    return Response(200, JSON, body)


def _round_label(facts: players_page.PageFacts) -> str:
    if facts.round is None:
        return ""
    return ("Playoff round " if facts.stage == "elimination" else "Round ") + str(facts.round)
