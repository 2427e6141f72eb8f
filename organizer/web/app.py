"""The players' page as a WSGI application: a table of routes, GET and HEAD unless a route says.

Routes (README, "The players' page"): `/` the event now, `/pairings` (find your
table; `?q=` searches without JavaScript, `?page=` pages the lists),
`/standings` (`?q=`, `?player=` for your row and the rows around it, `?page=`),
`/pods`, `/api/pairings.json`, `/api/standings.json`, `/api/clock.json`,
`/api/version.json` (what an open page polls to notice any change),
`/api/find.json?q=` (the search as you type), and the two static files by their
exact names. Any other path is 404; no path is ever joined to a folder, so no
request can reach another file. A method a route does not take is 405. Pages
come from Jinja2 templates with autoescaping on, so a name like `<script>`
shows as text. The data come from `services.players_page` through
`snapshot.SnapshotCache` (one database read per second at most).

The routing, requests, responses, headers and refusals are the one layer of
`web.site` (Werkzeug), shared with the players' own part (`self_service`).
Other modules add their routes with `PlayersPage.add_route(path, handler,
methods=…)`: a handler takes a `site.Request` and returns a `site.Response`;
`PlayersPage.snapshot_route` wraps one that reads the event.
"""

from __future__ import annotations

import datetime as dt
import json
import math
from collections.abc import Callable
from pathlib import Path
from typing import Any

from organizer.core.names import sort_key
from organizer.core.views import wording
from organizer.publishing.templating import environment
from organizer.services.clock.clock import ClockStatus, utcnow
from organizer.services.event import events
from organizer.services.kit.errors import EXPECTED
from organizer.services.phones import players_page
from organizer.storage.database import Database
from organizer.web import clock_words, pages, paging
from organizer.web.cookies import FormTokens
from organizer.web.search import MAX_QUERY, clean_query
from organizer.web.self_service import app as self_service
from organizer.web.self_service.judge_desk import JudgeDesk
from organizer.web.site import (
    HTML,
    JSON,
    READ,
    Handler,
    Part,
    Request,
    Response,
    Site,
    answer,
    phone_words,
)
from organizer.web.snapshot import Rendered, Snapshot, SnapshotCache, etag_of

__all__ = ["HTML", "JSON", "PlayersPage", "Request", "Response"]

STATIC = {"/static/style.css": "text/css; charset=utf-8", "/static/page.js": "text/javascript"}
MAX_FOUND = 20
MAX_CLOCKS = 64
TABLES_PER_PAGE = 100
NAMES_PER_PAGE = 200
STANDINGS_PER_PAGE = 50
AROUND = 5
"""Rows shown either side of a player's own row in the standings."""
PODS_PER_PAGE = 32
HERE = Path(__file__).resolve().parent
"""The templates and static files lie beside this module (package data; in the bundle, too)."""


SnapshotHandler = Callable[[Snapshot, Request], Response]


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
        self.env = environment(HERE / "templates")
        self.env.globals.update(points=pages.points, counted=pages.counted, max_query=MAX_QUERY)
        self.site = Site(Part(("/",), self._refusal, "no-cache"))
        folder = HERE / "static"
        for path, kind in STATIC.items():
            static = Rendered.of((folder / path.rsplit("/", 1)[1]).read_bytes())
            self.add_route(path, _static_handler(kind, static))
        self.self_service = self_service.SelfService(
            db, event_id, now=now, site=self.site, tokens=FormTokens()
        )
        JudgeDesk(self.self_service, self.site)  # /judge: a judge's phone
        for path, handler in {
            "/": self._index,
            "/pairings": self._pairings,
            "/standings": self._standings,
            "/pods": self._pods,
            "/season": self._season,
            "/api/pairings.json": lambda s, _r: _cached_json(s, players_page.pairings_document),
            "/api/standings.json": lambda s, _r: _cached_json(s, players_page.standings_json),
            "/api/clock.json": lambda s, _r: _json(self._clock(s)),
            "/api/version.json": self._version,
            "/api/find.json": self._find,
        }.items():
            self.add_route(path, self.snapshot_route(handler))

    def add_route(self, path: str, handler: Handler, *, methods: tuple[str, ...] = READ) -> None:
        """Serve `path` (exactly: no prefix matching) with `handler` for `methods`."""
        self.site.add(path, handler, methods=methods)

    def snapshot_route(self, handler: SnapshotHandler) -> Handler:
        """`handler` given the event as last read; a 503 page when it cannot be read."""

        def route(request: Request) -> Response:
            try:
                snapshot = self.cache.get()
            except EXPECTED as exc:
                return self._message(503, f"The event cannot be shown: {phone_words(exc)}")
            return handler(snapshot, request)

        return route

    def _load(self) -> tuple[players_page.PageFacts, ClockStatus | None]:
        facts = players_page.page_facts(self.db, event_id=self.event_id)
        return facts, players_page.clock_status(self.db, event_id=self.event_id)

    # --- WSGI -------------------------------------------------------------------

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Any:
        return self.site(environ, start_response)

    def _refusal(
        self, _request: Request, status: int, text: str, headers: list[tuple[str, str]]
    ) -> Response:
        return self._message(status, text, headers)

    # --- pages --------------------------------------------------------------------

    def _render(self, template: str, snapshot: Snapshot, **context: Any) -> bytes:
        facts = snapshot.facts
        return (
            self.env.get_template(template)
            .render(
                facts=facts,
                version=snapshot.version,
                round_label=_round_label(facts),
                progress=pages.progress_words(facts.in_progress),
                results_in=pages.results_in(facts.in_progress),
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
        done = snapshot.page((template, key), lambda: self._render(template, snapshot, **context()))
        return answer(done.body, HTML, etag=done.etag)

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

    def _version(self, snapshot: Snapshot, _request: Request) -> Response:
        """What an open page polls: it fetches itself again once `version` moves."""
        facts = snapshot.facts
        return _json({"version": snapshot.version, "round": facts.round})

    def _index(self, snapshot: Snapshot, _request: Request) -> Response:
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

    def _name_lines(self, snapshot: Snapshot) -> tuple[pages.NameLine, ...]:
        return snapshot.memo("name_lines", lambda: pages.name_lines(snapshot.facts))

    def _find(self, snapshot: Snapshot, request: Request) -> Response:
        """The search as you type: the first `MAX_FOUND` players whose name holds `?q=`."""
        q = clean_query(request.args.get("q", ""))

        def build() -> bytes:
            hits = pages.found(self._name_lines(snapshot), q)
            return _encode(
                {
                    "q": q,
                    "found": [
                        {
                            "name": line.name,
                            "table": line.table,
                            "seat": line.seat,
                            "opponents": list(line.opponents),
                        }
                        for line in hits[:MAX_FOUND]
                    ],
                    "more": max(0, len(hits) - MAX_FOUND),
                }
            )

        done = snapshot.page(("find", q), build)
        return answer(done.body, JSON, etag=done.etag)

    def _pairings(self, snapshot: Snapshot, request: Request) -> Response:
        q = clean_query(request.args.get("q", ""))
        tables, lines = snapshot.facts.tables, self._name_lines(snapshot)
        count = max(
            paging.page_count(len(tables), TABLES_PER_PAGE),
            paging.page_count(len(lines), NAMES_PER_PAGE),
        )
        number = paging.page_number(request.args.get("page", ""), count)

        def context() -> dict[str, Any]:
            hits = pages.found(lines, q)
            return {
                "q": q,
                "found": hits[:MAX_FOUND],
                "more": max(0, len(hits) - MAX_FOUND),
                "tables": paging.slice_of(tables, number, TABLES_PER_PAGE, count),
                "names": paging.slice_of(lines, number, NAMES_PER_PAGE, count),
                "table_label": pages.table_label,
            }

        return self._page("pairings.html", snapshot, context, key=f"{number} {q}")

    def _standings(self, snapshot: Snapshot, request: Request) -> Response:
        facts = snapshot.facts
        entries = snapshot.memo("standings", lambda: pages.standing_entries(facts.standings))
        q = clean_query(request.args.get("q", ""))
        player = request.args.get("player", "")[:40]
        hits = pages.found_standings(entries, q) if q else ()
        mine = next((e for e in entries if e.row.player == player), None) if player else None
        if mine is None and len(hits) == 1:
            mine = hits[0]
        count = paging.page_count(len(entries), STANDINGS_PER_PAGE)
        number = paging.page_number(request.args.get("page", ""), count)

        def context() -> dict[str, Any]:
            if mine is not None:
                shown = paging.around(entries, mine.position, AROUND)
            else:
                shown = paging.slice_of(entries, number, STANDINGS_PER_PAGE)
            lines = pages.standing_lines(tuple(e.row for e in shown.items), facts.dropped)
            return {
                "q": q,
                "heading": pages.standings_heading(facts),
                "found": pages.standing_lines(tuple(e.row for e in hits[:MAX_FOUND])),
                "more": max(0, len(hits) - MAX_FOUND),
                "mine": mine.row.player if mine is not None else "",
                "shown": shown,
                "lines": lines,
                "total": len(entries),
            }

        key = f"{number} {q} {mine.row.player if mine else ''}"
        return self._page("standings.html", snapshot, context, key=key)

    def _season(self, snapshot: Snapshot, _request: Request) -> Response:
        """The store's current season: its leaderboard, as `season standings` ranks it."""
        return self._page("season.html", snapshot, lambda: {"season": snapshot.facts.season})

    def _pods(self, snapshot: Snapshot, request: Request) -> Response:
        lines = snapshot.memo("pod_lines", lambda: pages.pod_lines(snapshot.facts))
        by_name = snapshot.memo(
            "pods_by_name",
            lambda: tuple(sorted(lines, key=lambda line: (sort_key(line.name), line.name))),
        )
        numbers = sorted({line.pod for line in lines})
        per_page = PODS_PER_PAGE * 8
        count = max(
            paging.page_count(len(numbers), PODS_PER_PAGE), paging.page_count(len(lines), per_page)
        )
        number = paging.page_number(request.args.get("page", ""), count)

        def context() -> dict[str, Any]:
            shown = set(paging.slice_of(numbers, number, PODS_PER_PAGE, count).items)
            pods: dict[int, list[pages.PodLine]] = {}
            for line in lines:
                if line.pod in shown:
                    pods.setdefault(line.pod, []).append(line)
            return {"pods": pods, "names": paging.slice_of(by_name, number, per_page, count)}

        return self._page("pods.html", snapshot, context, key=str(number))

    def _message(
        self, status: int, text: str, headers: list[tuple[str, str]] | None = None
    ) -> Response:
        body = self.env.get_template("message.html").render(status=status, text=text)
        return answer(body.encode("utf-8"), HTML, status=status, headers=headers or ())


def _static_handler(kind: str, static: Rendered) -> Handler:
    def handler(_request: Request) -> Response:
        return answer(static.body, kind, cache="max-age=300", etag=static.etag)

    return handler


def _encode(doc: dict[str, Any]) -> bytes:
    return json.dumps(doc, ensure_ascii=False).encode("utf-8")


def _json(doc: dict[str, Any]) -> Response:
    body = _encode(doc)
    return answer(body, JSON, etag=etag_of(body))


def _cached_json(
    snapshot: Snapshot, build: Callable[[players_page.PageFacts], dict[str, Any]]
) -> Response:
    done = snapshot.page(("json", build.__name__), lambda: _encode(build(snapshot.facts)))
    return answer(done.body, JSON, etag=done.etag)


def _round_label(facts: players_page.PageFacts) -> str:
    if facts.round is None:
        return ""
    return wording.round_label(facts.round, facts.stage)
