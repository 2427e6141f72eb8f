"""The judge's phone: sign in with the judge's PIN at /judge, see the calls, claim, resolve.

Why beside the players' forms: a judge's phone is served by the same page, with the
same rules: no JavaScript (the queue reloads itself every `RELOAD_S` seconds with a
meta refresh, which the page's CSP allows), an HttpOnly SameSite=Strict cookie of its
own (`JUDGE_COOKIE`, so one phone can hold a player's and a judge's sign-in) and a
CSRF token on every form (`web.cookies`), the same wrong-PIN lock-out
(`services.phones.judges`), no-store caching. Refusals are the page's words and
statuses (`web.site.status_of`).
"""

from __future__ import annotations

from collections.abc import Callable

from organizer.core.input_bounds import CALL_ID, read_whole
from organizer.core.views.times import short
from organizer.services.event import events
from organizer.services.judging import judge_calls
from organizer.services.kit.errors import EXPECTED, InputError
from organizer.services.phones import judges
from organizer.services.rounds import explain
from organizer.storage.judges_repo import JudgeRecord
from organizer.web.cookies import JUDGE_COOKIE, set_cookie
from organizer.web.self_service.app import SelfService
from organizer.web.site import (
    Handler,
    Part,
    Request,
    Response,
    Site,
    phone_words,
    see_other,
    status_of,
)

RELOAD_S = 15
PREFIX = ("/judge",)
Step = Callable[[JudgeRecord, str, dict[str, str]], Response]


class JudgeDesk:
    """The /judge pages of one event's players' page."""

    def __init__(self, forms: SelfService, site: Site) -> None:
        self.forms = forms
        self._held: tuple[int | None, dict[tuple[int, int], tuple[str, ...]]] = (None, {})
        """The event's revision and the pairing reasons of the tables that called, by
        (round, table), as of it."""
        guarded = forms._forms_route  # a refusal is the players' forms' message page
        site.add_part(Part(PREFIX, forms._form_refusal, "no-store", writes=True))
        site.add("/judge", guarded(self._queue))
        site.add("/judge/signin", guarded(self._signin), methods=("POST",))
        for path, step in (
            ("/judge/claim", self._claim),
            ("/judge/resolve", self._resolve),
            ("/judge/signout", self._signout),
        ):
            site.add(path, guarded(self._signed(step)), methods=("POST",))

    @property
    def event_id(self) -> int:
        return self.forms.event_id

    def _judge(self, r: Request) -> tuple[JudgeRecord | None, str]:
        token = r.cookies.get(JUDGE_COOKIE, "")
        return judges.signed_in(self.forms.db, event_id=self.event_id, token=token), token

    def _queue(
        self, r: Request, *, status: int = 200, problem: str = "", message: str = ""
    ) -> Response:
        judge, token = self._judge(r)
        if judge is None:
            return self._signin_page(r, status=status, problem=problem)
        now = self.forms.now()
        calls = judge_calls.list_calls(self.forms.db, event_id=self.event_id)
        reasons = self._reasons({(c.round, c.table) for c in calls if c.state != "resolved"})
        return self.forms._html(
            status,
            "judge_queue.html",
            None,
            judge=judge,
            calls=[(c, short(c.waiting_s(now)), reasons.get((c.round, c.table))) for c in calls],
            csrf=self.forms.tokens.token(token),
            problem=problem,
            message=message or DONE_WORDS.get(r.args.get("done", ""), ""),
            reload_s=RELOAD_S,
            event_name=self.forms._event_name(),
        )

    def _reasons(self, tables: set[tuple[int, int]]) -> dict[tuple[int, int], tuple[str, ...]]:
        """Why each calling table was paired as it was ("why am I paired down?" is asked at
        the table), worked out again only once the event moved (every judge's phone reloads
        the queue every `RELOAD_S` seconds), and for a table the held answer lacks: the
        queue is read before the revision, so a call made between the two is new to a
        revision already held."""
        revision = events.revision(self.forms.db, event_id=self.event_id)
        held_at, known = self._held
        if held_at != revision:
            known = {}
        missing = tables - known.keys()
        if missing:
            found = explain.reasons_at(self.forms.db, event_id=self.event_id, tables=missing)
            known = {**known, **{t: found.get(t, ()) for t in missing}}
        self._held = (revision, known)
        return known

    def _signin_page(self, r: Request, *, status: int, problem: str) -> Response:
        return self.forms._signin_form(
            r, "judge_signin.html", status, None, problem=problem, who=""
        )

    def _signin(self, r: Request) -> Response:
        def sign_in(name: str, pin: str) -> str:
            return judges.sign_in(
                self.forms.db,
                event_id=self.event_id,
                name=name,
                pin=pin,
                address=r.address,
                now=self.forms.now(),
            )[1]

        return self.forms._signin_post(
            r, "judge_signin.html", "judge", JUDGE_COOKIE, "/judge", sign_in
        )

    def _signed(self, step: Step) -> Handler:
        """`step` for the signed-in judge whose form's CSRF token checks out; a refusal
        is said on the queue."""

        def run(r: Request, judge: JudgeRecord, token: str, form: dict[str, str]) -> Response:
            try:
                return step(judge, token, form)
            except EXPECTED as exc:
                return self._queue(r, status=status_of(exc), problem=phone_words(exc))

        return self.forms._signed_route(self._judge, "/judge", run)

    def _claim(self, judge: JudgeRecord, _token: str, form: dict[str, str]) -> Response:
        judge_calls.claim_call(
            self.forms.db,
            event_id=self.event_id,
            call_id=_call_id(form),
            judge=judge.name,
            now=self.forms.now(),
            actor=_actor(judge),
        )
        return see_other("/judge?done=claimed")

    def _resolve(self, judge: JudgeRecord, _token: str, form: dict[str, str]) -> Response:
        judge_calls.resolve_call(
            self.forms.db,
            event_id=self.event_id,
            call_id=_call_id(form),
            now=self.forms.now(),
            actor=_actor(judge),
        )
        return see_other("/judge?done=resolved")

    def _signout(self, _judge: JudgeRecord, token: str, _form: dict[str, str]) -> Response:
        judges.end_session(self.forms.db, token=token)
        response = see_other("/judge")
        set_cookie(response, JUDGE_COOKIE, "")
        return response


def _call_id(form: dict[str, str]) -> int:
    text = form.get("call", "")
    read = read_whole(text, CALL_ID)
    if isinstance(read, str):
        raise InputError(f"the call {text[:20]!r} is not a call number: reload the page")
    return read


def _actor(judge: JudgeRecord) -> str:
    return f"{judge.name} on a judge's phone"


DONE_WORDS = {
    "claimed": "The call is yours: the others see you have it.",
    "resolved": "Resolved. Thank you!",
}
