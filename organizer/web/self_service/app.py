"""The self-service routes: the player's own page (forms) and the JSON API.

Forms (`/me…`) work without JavaScript: sign in with an id or a name and the
PIN, then the page shows the player's table, list and drop. The session is an
HttpOnly, SameSite=Strict cookie; every form POST carries a CSRF token (the
sign-in form's is a random cookie it must echo, the signed-in forms' is
derived from the session, `player_sessions.form_token`). The JSON API
(`/api/session`, `/api/me…`) takes a bearer token and never the cookie, so
another site cannot make a browser use it. Refusals answer 401 (no or a
wrong sign-in), 429 with Retry-After (locked), 403 (not the player's to do,
or a bad CSRF token), 409 (the event's state refuses it) or 400 (unreadable).
"""

from __future__ import annotations

import datetime as dt
import json
import secrets
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from http import HTTPStatus
from pathlib import Path
from typing import Any

from organizer.core.views.times import time_of_day
from organizer.services.event.events import get_event
from organizer.services.kit.errors import (
    EXPECTED,
    InputError,
    NotFoundError,
    RefusedError,
    user_message,
)
from organizer.services.phones import pins, player_sessions, self_service
from organizer.storage.database import Database
from organizer.storage.records import PlayerRecord
from organizer.web.self_service.requests import BadRequestError, Request
from organizer.web.templating import environment

StartResponse = Callable[[str, list[tuple[str, str]]], object]
HERE = Path(__file__).resolve().parent
HTML = "text/html; charset=utf-8"
JSON = "application/json; charset=utf-8"
SESSION_COOKIE = "organizer_session"
FORM_COOKIE = "organizer_form"
COOKIE_DAYS = 3
SWITCH_INTERVAL_S = 0.001
PREFIXES = ("/me", "/api/session", "/api/me")


def handles(path: str) -> bool:
    return any(path == p or path.startswith(p + "/") for p in PREFIXES)


@dataclass(slots=True)
class Reply:
    status: int
    content_type: str
    body: bytes
    headers: list[tuple[str, str]] = field(default_factory=list)


def _json(status: int, doc: dict[str, Any], headers: list[tuple[str, str]] | None = None) -> Reply:
    return Reply(status, JSON, json.dumps(doc, ensure_ascii=False).encode("utf-8"), headers or [])


def _cookie(name: str, value: str, *, days: int = COOKIE_DAYS) -> tuple[str, str]:
    age = days * 86400 if value else 0
    return (
        "Set-Cookie",
        f"{name}={value}; Path=/; Max-Age={age}; HttpOnly; SameSite=Strict",
    )


def _status_of(exc: BaseException) -> int:
    if isinstance(exc, pins.SignInLockedError):
        return 429
    if isinstance(exc, pins.WrongPinError):
        return 401
    if isinstance(exc, self_service.ForbiddenError):
        return 403
    if isinstance(exc, NotFoundError):
        return 404
    if isinstance(exc, RefusedError):
        return 409
    if isinstance(exc, InputError):
        return 400
    return 503


def _extra_headers(exc: BaseException) -> list[tuple[str, str]]:
    if isinstance(exc, pins.SignInLockedError):
        return [("Retry-After", str(exc.retry_after_s))]
    return []


@dataclass(frozen=True, slots=True)
class SignedForm:
    """A form POST from a signed-in player whose CSRF token checked out."""

    player: PlayerRecord
    token: str
    form: dict[str, str]


SignedHandler = Callable[[Request, SignedForm], Reply]


class SelfService:
    """The self-service part of one event's players' page."""

    def __init__(
        self,
        db: Database,
        event_id: int,
        *,
        now: Callable[[], dt.datetime],
        security_headers: list[tuple[str, str]],
    ) -> None:
        # Its own connection pool, as another station's: what players write is then not
        # "written here" for a GUI serving the page in-process, whose live watch shows it.
        self.db = Database(db.url, migrate=False)
        self.event_id = event_id
        self.now = now
        self.security_headers = security_headers
        self.env = environment(HERE / "templates")
        self.style = (HERE / "static" / "me.css").read_bytes()
        # The GUI serves the page from its own process: with Python's default 5 ms switch
        # interval its event loop waited behind each busy page thread (lists checked as
        # they arrive) and the window stalled up to 160 ms; at 1 ms the longest stall
        # measured was 66 ms (tests/benchmarks/test_self_service_bench.py).
        sys.setswitchinterval(min(sys.getswitchinterval(), SWITCH_INTERVAL_S))

    # --- WSGI ---------------------------------------------------------------------

    def __call__(self, environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
        try:
            request = Request.from_environ(environ)
            reply = self.respond(request)
        except BadRequestError as exc:
            path = str(environ.get("PATH_INFO", ""))
            reply = (
                _json(exc.status, {"error": str(exc)})
                if path.startswith("/api/")
                else self._message(exc.status, str(exc))
            )
        headers = [
            ("Content-Type", reply.content_type),
            ("Content-Length", str(len(reply.body))),
            ("Cache-Control", "no-store"),
            *self.security_headers,
            *reply.headers,
        ]
        start_response(f"{reply.status} {HTTPStatus(reply.status).phrase}", headers)
        method = str(environ.get("REQUEST_METHOD", "GET"))
        return [b"" if method == "HEAD" else reply.body]

    def respond(self, request: Request) -> Reply:
        if request.path.startswith("/api/"):
            return self._api(request)
        return self._forms(request)

    # --- the JSON API ---------------------------------------------------------------

    def _api(self, r: Request) -> Reply:
        routes: dict[tuple[str, str], Callable[[Request], Reply]] = {
            ("POST", "/api/session"): self._api_session,
            ("GET", "/api/me"): self._api_me,
            ("POST", "/api/me/deck"): self._api_deck,
            ("POST", "/api/me/result"): self._api_result,
            ("POST", "/api/me/drop"): self._api_drop,
        }
        route = routes.get((r.method, r.path))
        if route is None:
            known = any(path == r.path for _, path in routes)
            return _json(405 if known else 404, {"error": "no such call"})
        try:
            return route(r)
        except EXPECTED as exc:
            return _json(_status_of(exc), {"error": user_message(exc)}, _extra_headers(exc))

    def _api_player(self, r: Request) -> PlayerRecord:
        player = player_sessions.signed_in(self.db, event_id=self.event_id, token=r.bearer())
        if player is None:
            raise pins.WrongPinError("sign in first: POST /api/session, then send the token")
        return player

    def _api_session(self, r: Request) -> Reply:
        doc = r.json()
        who, pin = str(doc.get("player", "")), str(doc.get("pin", ""))
        player, token = player_sessions.sign_in(
            self.db, event_id=self.event_id, who=who, pin=pin, address=r.address, now=self.now()
        )
        return _json(200, {"token": token, "player": {"id": player.code, "name": player.name}})

    def _api_me(self, r: Request) -> Reply:
        player = self._api_player(r)
        facts = self._me(player)
        return _json(200, facts.as_json())

    def _api_deck(self, r: Request) -> Reply:
        player = self._api_player(r)
        text = r.json().get("list")
        if not isinstance(text, str):
            raise InputError('send the list as {"list": TEXT}')
        outcome = self_service.submit_list(
            self.db, event_id=self.event_id, player=player, text=text, now=self.now()
        ).value
        return _json(
            200,
            {
                "legal": outcome.report.legal,
                "status": outcome.status,
                "findings": [f.as_dict() for f in outcome.report.findings],
            },
        )

    def _api_result(self, r: Request) -> Reply:
        player = self._api_player(r)
        doc = r.json()
        result = doc.get("result")
        winner = doc.get("winner")
        outcome = self_service.report_result(
            self.db,
            event_id=self.event_id,
            player=player,
            result=result if isinstance(result, str) else None,
            winner=str(winner) if winner is not None else None,
            draw=doc.get("draw") is True,
        ).value
        return _json(200, {"state": outcome.state, "round": outcome.round, "table": outcome.table})

    def _api_drop(self, r: Request) -> Reply:
        player = self._api_player(r)
        after = self_service.drop(self.db, event_id=self.event_id, player=player).value
        return _json(200, {"dropped_after_round": after})

    # --- the forms ------------------------------------------------------------------

    def _forms(self, r: Request) -> Reply:
        if r.path == "/me/style.css" and r.method in ("GET", "HEAD"):
            return Reply(200, "text/css; charset=utf-8", self.style)
        routes: dict[tuple[str, str], Callable[[Request], Reply]] = {
            ("GET", "/me"): self._page,
            ("HEAD", "/me"): self._page,
            ("POST", "/me/signin"): self._signin,
            ("POST", "/me/signout"): self._signed(self._signout),
            ("POST", "/me/deck"): self._signed(self._deck),
            ("POST", "/me/result"): self._signed(self._result),
            ("GET", "/me/drop"): self._drop_question,
            ("POST", "/me/drop"): self._signed(self._drop),
        }
        route = routes.get((r.method, r.path))
        if route is None:
            known = any(path == r.path for _, path in routes)
            return self._message(405 if known else 404, "There is no such page.")
        try:
            return route(r)
        except EXPECTED as exc:
            return self._message(_status_of(exc), user_message(exc), _extra_headers(exc))

    def _player(self, r: Request) -> tuple[PlayerRecord | None, str]:
        token = r.cookie(SESSION_COOKIE)
        player = player_sessions.signed_in(self.db, event_id=self.event_id, token=token)
        return player, token

    def _signed(self, handler: SignedHandler) -> Callable[[Request], Reply]:
        """`handler` given the signed-in player and the form, or the reply refusing them
        (no session: back to sign-in; a bad CSRF token: 403)."""

        def route(r: Request) -> Reply:
            player, token = self._player(r)
            if player is None:
                return self._see_other("/me")
            form = r.form()
            if not player_sessions.form_token_ok(token, form.get("csrf", "")):
                return self._message(
                    403, "This form is out of date or not from this page: reload it."
                )
            return handler(r, SignedForm(player, token, form))

        return route

    def _page(
        self,
        r: Request,
        *,
        status: int = 200,
        message: str = "",
        problem: str = "",
        draft: str | None = None,
        outcome: Any = None,
        headers: list[tuple[str, str]] | None = None,
    ) -> Reply:
        player, token = self._player(r)
        if player is None:
            return self._signin_page(r, status=status, problem=problem, headers=headers)
        facts = self._me(player)
        done = r.query_value("done")
        return self._html(
            status,
            "me.html",
            headers,
            me=facts,
            csrf=player_sessions.form_token(token),
            message=message or DONE_WORDS.get(done, ""),
            problem=problem,
            draft=draft if draft is not None else (facts.deck.text if facts.deck else ""),
            outcome=outcome,
            submitted=_hh_mm(facts.deck.submitted_at) if facts.deck else "",
        )

    def _signin_page(
        self,
        r: Request,
        *,
        status: int = 200,
        problem: str = "",
        who: str = "",
        headers: list[tuple[str, str]] | None = None,
    ) -> Reply:
        headers = list(headers or [])
        form_token = r.cookie(FORM_COOKIE)
        if len(form_token) < 20:
            form_token = secrets.token_urlsafe(24)
            headers.append(_cookie(FORM_COOKIE, form_token, days=1))
        return self._html(
            status,
            "signin.html",
            headers,
            csrf=form_token,
            problem=problem,
            who=who,
            event_name=self._event_name(),
        )

    def _event_name(self) -> str:
        try:
            return get_event(self.db, self.event_id).name
        except EXPECTED:
            return ""

    def _see_other(self, where: str, headers: list[tuple[str, str]] | None = None) -> Reply:
        return Reply(303, HTML, b"", [("Location", where), *(headers or [])])

    def _signin(self, r: Request) -> Reply:
        form = r.form()
        expected = r.cookie(FORM_COOKIE)
        if len(expected) < 20 or not secrets.compare_digest(expected, form.get("csrf", "")):
            return self._signin_page(
                r, status=403, problem="This form is out of date: please try again."
            )
        who = form.get("player", "")
        try:
            _, token = player_sessions.sign_in(
                self.db,
                event_id=self.event_id,
                who=who,
                pin=form.get("pin", ""),
                address=r.address,
                now=self.now(),
            )
        except (pins.WrongPinError, pins.SignInLockedError) as exc:
            return self._signin_page(
                r, status=_status_of(exc), problem=str(exc), who=who, headers=_extra_headers(exc)
            )
        return self._see_other("/me", [_cookie(SESSION_COOKIE, token)])

    def _signout(self, _r: Request, signed: SignedForm) -> Reply:
        player_sessions.end_session(self.db, token=signed.token)
        return self._see_other("/me", [_cookie(SESSION_COOKIE, "")])

    def _deck(self, r: Request, signed: SignedForm) -> Reply:
        player, form = signed.player, signed.form
        text = form.get("list", "")
        try:
            if form.get("action") == "check":
                outcome = self_service.check_list(
                    self.db, event_id=self.event_id, player=player, text=text
                )
                return self._page(r, draft=text, outcome=outcome)
            self_service.submit_list(
                self.db, event_id=self.event_id, player=player, text=text, now=self.now()
            )
        except EXPECTED as exc:  # the text stays in the box: nothing typed is lost
            return self._page(r, status=_status_of(exc), problem=user_message(exc), draft=text)
        return self._see_other("/me?done=deck#deck")

    def _result(self, r: Request, signed: SignedForm) -> Reply:
        player, form = signed.player, signed.form
        winner = form.get("winner", "")
        try:
            outcome = self_service.report_result(
                self.db,
                event_id=self.event_id,
                player=player,
                result=form.get("result") or None,
                winner=winner if winner and winner != "draw" else None,
                draw=winner == "draw",
            ).value
        except EXPECTED as exc:
            return self._page(r, status=_status_of(exc), problem=user_message(exc))
        return self._see_other(f"/me?done=result-{outcome.state}#table")

    def _drop_question(self, r: Request) -> Reply:
        player, token = self._player(r)
        if player is None:
            return self._see_other("/me")
        facts = self._me(player)
        return self._html(200, "drop.html", me=facts, csrf=player_sessions.form_token(token))

    def _drop(self, r: Request, signed: SignedForm) -> Reply:
        player, form = signed.player, signed.form
        if form.get("confirm") != "yes":
            return self._see_other("/me/drop")
        try:
            self_service.drop(self.db, event_id=self.event_id, player=player)
        except EXPECTED as exc:
            return self._page(r, status=_status_of(exc), problem=user_message(exc))
        return self._see_other("/me?done=dropped")

    def _message(
        self, status: int, text: str, headers: list[tuple[str, str]] | None = None
    ) -> Reply:
        return self._html(status, "message.html", headers, status=status, text=text)

    def _html(
        self,
        status: int,
        template: str,
        headers: list[tuple[str, str]] | None = None,
        /,
        **values: Any,
    ) -> Reply:
        """The page `template` shows with `values`, as the reply."""
        body = self.env.get_template(template).render(**values)
        return Reply(status, HTML, body.encode("utf-8"), headers or [])

    def _me(self, player: PlayerRecord) -> self_service.Me:
        """Everything the player's own page shows, as of now."""
        return self_service.me(
            self.db, event_id=self.event_id, registration_id=player.registration_id, now=self.now()
        )


DONE_WORDS = {
    "deck": "Your list is saved.",
    "result-waiting": "Your result is in. It counts once your opponent reports the same.",
    "result-stored": "You both reported the same result: it is stored.",
    "result-disagree": "Your reports disagree: nothing is stored, a judge will come to your table.",
    "dropped": "You are dropped. Thank you for playing!",
}


def _hh_mm(when: dt.datetime | None) -> str:
    return "" if when is None else time_of_day(when)
