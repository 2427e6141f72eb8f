"""The self-service routes: the player's own page (forms) and the JSON API.

Forms (`/me…`) work without JavaScript: sign in with an id or a name and the
PIN, then the page shows the player's table, list and drop. Cookies and CSRF
tokens follow the page's one policy (`web.cookies`): the session is an
HttpOnly, SameSite=Strict cookie and every form POST carries a token signed
for the cookie it is bound to. The JSON API (`/api/session`, `/api/me…`)
takes a bearer token and never the cookie, so another site cannot make a
browser use it. The routes live in the page's one route table (`web.site`);
refusals answer by its one mapping: 401 (no or a wrong sign-in), 429 with
Retry-After (locked), 403 (not the player's to do, or a bad CSRF token), 409
(the event's state refuses it), 400 (unreadable) or 503 (the event cannot be
reached, in words that name no database).
"""

from __future__ import annotations

import datetime as dt
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from organizer.core.views.times import time_of_day
from organizer.publishing.templating import environment
from organizer.services.event import events
from organizer.services.event.events import get_event
from organizer.services.judging import judge_calls
from organizer.services.kit.errors import EXPECTED, InputError
from organizer.services.phones import my_draw, pins, player_sessions, self_service
from organizer.storage.database import Database
from organizer.storage.records import PlayerRecord
from organizer.web.cookies import (
    FORM_COOKIE,
    FORM_COOKIE_DAYS,
    MIN_BINDING,
    SESSION_COOKIE,
    FormTokens,
    new_form_cookie,
    set_cookie,
)
from organizer.web.site import (
    HTML,
    Handler,
    Part,
    Request,
    Response,
    Site,
    answer,
    json_answer,
    phone_words,
    refusal_headers,
    see_other,
    status_of,
)

HERE = Path(__file__).resolve().parent
SWITCH_INTERVAL_S = 0.001
FORMS = ("/me",)
API = ("/api/session", "/api/me")


@dataclass(frozen=True, slots=True)
class SignedForm:
    """A form POST from a signed-in player whose CSRF token checked out."""

    player: PlayerRecord
    token: str
    form: dict[str, str]


SignedHandler = Callable[[Request, SignedForm], Response]
S = TypeVar("S")
"""Whom a session signs in: a player, a judge."""
ApiHandler = Callable[[Request], dict[str, Any]]


class SelfService:
    """The self-service part of one event's players' page, added to its `site`."""

    def __init__(
        self,
        db: Database,
        event_id: int,
        *,
        now: Callable[[], dt.datetime],
        site: Site,
        tokens: FormTokens,
    ) -> None:
        # Its own connection pool, as another station's: what players write is then not
        # "written here" for a GUI serving the page in-process, whose live watch shows it.
        self.db = Database(db.url, migrate=False)
        self.event_id = event_id
        self.now = now
        self.tokens = tokens
        self._draws: tuple[int, my_draw.RoundDraws | None] | None = None
        self.env = environment(HERE / "templates")
        style = (HERE / "static" / "me.css").read_bytes()
        # The GUI serves the page from its own process: with Python's default 5 ms switch
        # interval its event loop waited behind each busy page thread (lists checked as
        # they arrive) and the window stalled up to 160 ms; at 1 ms the longest stall
        # measured was 66 ms (tests/benchmarks/test_self_service_bench.py).
        sys.setswitchinterval(min(sys.getswitchinterval(), SWITCH_INTERVAL_S))
        site.add_part(Part(API, _api_refusal, "no-store", writes=True))
        site.add_part(Part(FORMS, self._form_refusal, "no-store", writes=True))
        for path, call, method in (
            ("/api/session", self._api_session, "POST"),
            ("/api/me", self._api_me, "GET"),
            ("/api/me/deck", self._api_deck, "POST"),
            ("/api/me/result", self._api_result, "POST"),
            ("/api/me/drop", self._api_drop, "POST"),
            ("/api/me/checkin", self._api_checkin, "POST"),
        ):
            site.add(path, _api_route(call), methods=(method,))
        site.add("/api/me/judge", _api_route(self._api_judge, 201), methods=("POST",))
        site.add("/me/style.css", lambda _r: answer(style, "text/css; charset=utf-8"))
        site.add("/me", self._forms_route(self._page))
        site.add("/me/signin", self._forms_route(self._signin), methods=("POST",))
        site.add("/me/drop", self._forms_route(self._drop_question))
        for path, handler in (
            ("/me/signout", self._signout),
            ("/me/deck", self._deck),
            ("/me/result", self._result),
            ("/me/drop", self._drop),
            ("/me/checkin", self._checkin),
            ("/me/judge", self._judge),
        ):
            site.add(path, self._forms_route(self._signed(handler)), methods=("POST",))

    # --- the JSON API ---------------------------------------------------------------

    def _api_player(self, r: Request) -> PlayerRecord:
        player = player_sessions.signed_in(self.db, event_id=self.event_id, token=r.bearer())
        if player is None:
            raise pins.WrongPinError("sign in first: POST /api/session, then send the token")
        return player

    def _api_session(self, r: Request) -> dict[str, Any]:
        doc = r.json_object()
        who, pin = str(doc.get("player", "")), str(doc.get("pin", ""))
        player, token = player_sessions.sign_in(
            self.db, event_id=self.event_id, who=who, pin=pin, address=r.address, now=self.now()
        )
        return {"token": token, "player": {"id": player.code, "name": player.name}}

    def _api_me(self, r: Request) -> dict[str, Any]:
        """What the page shows, as JSON: the draw line and the table's judge call too."""
        player = self._api_player(r)
        draw = my_draw.my_draw(self._round_draws(), player.code)
        call = self._table_call(player)
        return self._me(player).as_json() | {
            "draw": None if draw is None else draw.as_json(),
            "judge_call": None if call is None else call.as_json(self.now()),
        }

    def _api_deck(self, r: Request) -> dict[str, Any]:
        player = self._api_player(r)
        text = r.json_object().get("list")
        if not isinstance(text, str):
            raise InputError('send the list as {"list": TEXT}')
        outcome = self_service.submit_list(
            self.db, event_id=self.event_id, player=player, text=text, now=self.now()
        ).value
        return {
            "legal": outcome.report.legal,
            "status": outcome.status,
            "findings": [f.as_dict() for f in outcome.report.findings],
        }

    def _api_result(self, r: Request) -> dict[str, Any]:
        player = self._api_player(r)
        doc = r.json_object()
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
        return {"state": outcome.state, "round": outcome.round, "table": outcome.table}

    def _api_drop(self, r: Request) -> dict[str, Any]:
        player = self._api_player(r)
        after = self_service.drop(self.db, event_id=self.event_id, player=player).value
        return {"dropped_after_round": after}

    def _api_checkin(self, r: Request) -> dict[str, Any]:
        player = self._api_player(r)
        done = self_service.check_in(self.db, event_id=self.event_id, player=player).value
        return {"checked_in": done.checked_in}

    def _api_judge(self, r: Request) -> dict[str, Any]:
        player = self._api_player(r)
        note = r.json_object().get("note", "")
        if not isinstance(note, str):
            raise InputError('send the note as {"note": TEXT}')
        return self._call_judge(player, note).as_json(self.now())

    def _call_judge(self, player: PlayerRecord, note: str) -> judge_calls.JudgeCall:
        return judge_calls.call_judge(
            self.db,
            event_id=self.event_id,
            player=player,
            note=note,
            now=self.now(),
            actor=self_service.actor(player),
        ).value

    # --- the forms ------------------------------------------------------------------

    def _forms_route(self, handler: Handler) -> Handler:
        def route(r: Request) -> Response:
            try:
                return handler(r)
            except EXPECTED as exc:
                return self._message(status_of(exc), phone_words(exc), refusal_headers(exc))

        return route

    def _form_refusal(
        self, _r: Request, status: int, text: str, headers: list[tuple[str, str]]
    ) -> Response:
        return self._message(status, text if status != 404 else "There is no such page.", headers)

    def _player(self, r: Request) -> tuple[PlayerRecord | None, str]:
        token = r.cookies.get(SESSION_COOKIE, "")
        player = player_sessions.signed_in(self.db, event_id=self.event_id, token=token)
        return player, token

    def _signed(self, handler: SignedHandler) -> Handler:
        """`handler` given the signed-in player and the form (see `_signed_route`)."""
        return self._signed_route(
            self._player,
            "/me",
            lambda r, player, token, form: handler(r, SignedForm(player, token, form)),
        )

    def _signed_route(
        self,
        who: Callable[[Request], tuple[S | None, str]],
        home: str,
        handler: Callable[[Request, S, str, dict[str, str]], Response],
    ) -> Handler:
        """`handler` given whom the session cookie signs in (`who`: a player, a judge),
        its token and the form; or the reply refusing them (no session: back to `home`,
        to sign in; a bad CSRF token: 403)."""

        def route(r: Request) -> Response:
            signed, token = who(r)
            if signed is None:
                return see_other(home)
            form = r.form_fields()
            if not self.tokens.ok(token, form.get("csrf", "")):
                return self._message(
                    403, "This form is out of date or not from this page: reload it."
                )
            return handler(r, signed, token, form)

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
    ) -> Response:
        player, token = self._player(r)
        if player is None:
            return self._signin_page(r, status=status, problem=problem, headers=headers)
        facts = self._me(player)
        done = r.args.get("done", "")
        return self._html(
            status,
            "me.html",
            headers,
            me=facts,
            csrf=self.tokens.token(token),
            message=message or DONE_WORDS.get(done, ""),
            problem=problem,
            draft=draft if draft is not None else (facts.deck.text if facts.deck else ""),
            outcome=outcome,
            submitted=_hh_mm(facts.deck.submitted_at) if facts.deck else "",
            judge_call=self._table_call(player),
            draw=my_draw.my_draw(self._round_draws(), player.code),
        )

    def _table_call(self, player: PlayerRecord) -> judge_calls.JudgeCall | None:
        return judge_calls.table_call(self.db, event_id=self.event_id, player=player)

    def _signin_page(
        self,
        r: Request,
        *,
        status: int = 200,
        problem: str = "",
        who: str = "",
        headers: list[tuple[str, str]] | None = None,
    ) -> Response:
        return self._signin_form(r, "signin.html", status, headers, problem=problem, who=who)

    def _signin_form(
        self,
        r: Request,
        template: str,
        status: int,
        headers: list[tuple[str, str]] | None,
        /,
        **values: Any,
    ) -> Response:
        """A sign-in page (a player's or a judge's): its form bound to the form cookie,
        set now if the browser has none of ours."""
        binding = r.cookies.get(FORM_COOKIE, "")
        fresh = len(binding) < MIN_BINDING
        if fresh:
            binding = new_form_cookie()
        response = self._html(
            status,
            template,
            headers,
            csrf=self.tokens.token(binding),
            event_name=self._event_name(),
            **values,
        )
        if fresh:
            set_cookie(response, FORM_COOKIE, binding, days=FORM_COOKIE_DAYS)
        return response

    def _event_name(self) -> str:
        try:
            return get_event(self.db, self.event_id).name
        except EXPECTED:
            return ""

    def _signin(self, r: Request) -> Response:
        def sign_in(who: str, pin: str) -> str:
            return player_sessions.sign_in(
                self.db, event_id=self.event_id, who=who, pin=pin, address=r.address, now=self.now()
            )[1]

        return self._signin_post(r, "signin.html", "player", SESSION_COOKIE, "/me", sign_in)

    def _signin_post(
        self,
        r: Request,
        template: str,
        field: str,
        cookie: str,
        home: str,
        sign_in: Callable[[str, str], str],
    ) -> Response:
        """A sign-in form sent (a player's or a judge's): its CSRF token checked against the
        form cookie, then `sign_in(who, pin)` gives the session token kept in `cookie`
        and the browser goes `home`; a wrong or locked PIN shows the form again."""
        form = r.form_fields()
        who = form.get(field, "")
        if not self.tokens.ok(r.cookies.get(FORM_COOKIE, ""), form.get("csrf", "")):
            problem = "This form is out of date: please try again."
            return self._signin_form(r, template, 403, None, problem=problem, who=who)
        try:
            token = sign_in(who, form.get("pin", ""))
        except (pins.WrongPinError, pins.SignInLockedError) as exc:
            status, headers = status_of(exc), refusal_headers(exc)
            return self._signin_form(r, template, status, headers, problem=str(exc), who=who)
        response = see_other(home)
        set_cookie(response, cookie, token)
        return response

    def _signout(self, _r: Request, signed: SignedForm) -> Response:
        player_sessions.end_session(self.db, token=signed.token)
        response = see_other("/me")
        set_cookie(response, SESSION_COOKIE, "")
        return response

    def _deck(self, r: Request, signed: SignedForm) -> Response:
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
            return self._page(r, status=status_of(exc), problem=phone_words(exc), draft=text)
        return see_other("/me?done=deck#deck")

    def _result(self, r: Request, signed: SignedForm) -> Response:
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
            return self._page(r, status=status_of(exc), problem=phone_words(exc))
        return see_other(f"/me?done=result-{outcome.state}#table")

    def _drop_question(self, r: Request) -> Response:
        player, token = self._player(r)
        if player is None:
            return see_other("/me")
        facts = self._me(player)
        return self._html(200, "drop.html", me=facts, csrf=self.tokens.token(token))

    def _drop(self, r: Request, signed: SignedForm) -> Response:
        player, form = signed.player, signed.form
        if form.get("confirm") != "yes":
            return see_other("/me/drop")
        try:
            self_service.drop(self.db, event_id=self.event_id, player=player)
        except EXPECTED as exc:
            return self._page(r, status=status_of(exc), problem=phone_words(exc))
        return see_other("/me?done=dropped")

    def _judge(self, r: Request, signed: SignedForm) -> Response:
        try:
            self._call_judge(signed.player, signed.form.get("note", ""))
        except EXPECTED as exc:
            return self._page(r, status=status_of(exc), problem=phone_words(exc))
        return see_other("/me?done=judge#judge")

    def _checkin(self, r: Request, signed: SignedForm) -> Response:
        try:
            self_service.check_in(self.db, event_id=self.event_id, player=signed.player)
        except EXPECTED as exc:
            return self._page(r, status=status_of(exc), problem=phone_words(exc))
        return see_other("/me?done=checkin")

    def _message(
        self, status: int, text: str, headers: list[tuple[str, str]] | None = None
    ) -> Response:
        return self._html(status, "message.html", headers, status=status, text=text)

    def _html(
        self,
        status: int,
        template: str,
        headers: list[tuple[str, str]] | None = None,
        /,
        **values: Any,
    ) -> Response:
        """The page `template` shows with `values`, as the reply."""
        body = self.env.get_template(template).render(**values).encode("utf-8")
        return answer(body, HTML, status=status, headers=headers or ())

    def _round_draws(self) -> my_draw.RoundDraws | None:
        """The last Swiss round's draw lines, worked out again only once the event moved
        (every player of a 4,096-player event opening their page asks)."""
        revision = events.revision(self.db, event_id=self.event_id)
        held = self._draws
        if held is None or held[0] != revision:
            held = self._draws = (revision, my_draw.round_draws(self.db, event_id=self.event_id))
        return held[1]

    def _me(self, player: PlayerRecord) -> self_service.Me:
        """Everything the player's own page shows, as of now."""
        return self_service.me(
            self.db, event_id=self.event_id, registration_id=player.registration_id, now=self.now()
        )


def _api_route(call: ApiHandler, status: int = 200) -> Handler:
    """A JSON call: its document (with `status`), or the error as `{"error": …}` with its
    status."""

    def route(r: Request) -> Response:
        try:
            return json_answer(call(r), status=status)
        except EXPECTED as exc:
            return json_answer(
                {"error": phone_words(exc)}, status=status_of(exc), headers=refusal_headers(exc)
            )

    return route


def _api_refusal(_r: Request, status: int, text: str, headers: list[tuple[str, str]]) -> Response:
    words = "no such call" if status in (404, 405) else text
    return json_answer({"error": words}, status=status, headers=headers)


DONE_WORDS = {
    "deck": "Your list is saved.",
    "result-waiting": "Your result is in. It counts once your opponent reports the same.",
    "result-stored": "You both reported the same result: it is stored.",
    "result-disagree": "Your reports disagree: nothing is stored, a judge will come to your table.",
    "dropped": "You are dropped. Thank you for playing!",
    "checkin": "You are checked in. Good luck!",
    "judge": "A judge is called to your table: stay there, they come to you.",
}


def _hh_mm(when: dt.datetime | None) -> str:
    return "" if when is None else time_of_day(when)
