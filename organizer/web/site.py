"""One request layer for the whole players' page, on Werkzeug: one router, one error mapping.

Why: the read-only page and the players' own part (sign-in, lists, results,
the JSON API) had a hand-written layer each: two route tables, two request
and response types, two ways of turning an error into a status. Werkzeug
does the routing (`werkzeug.routing.Map`, exact paths: no prefix, slash or
case games, so no request reaches a file), the requests and the responses;
this module keeps what is the page's own:

- `Site`: the route table (`add`), each route with the methods it takes; a
  `Part` (the page, the forms, the API) words its own refusals ("There is no
  such page." in HTML, `{"error": …}` in JSON). Outside a part that takes
  writes, any other method is 405 (the page is read-only) and any other path
  404. Every answer leaves with the security headers (CSP …), the part's
  cache policy unless the route set one, and a 304 for a phone that sends
  the answer's ETag back.
- `status_of` / `phone_words`: the one mapping from what a service raises to
  the status and the words a phone gets. A database or disk error is 503 and
  its text never leaves the computer: it may name the database's address or
  file (`phone_words`).
- `Request`: Werkzeug's, with the body limits the page takes (`MAX_BODY`, at
  most `MAX_FIELDS` form fields, no JSON nested too deep to read, no NUL character
  in any text); a body beyond them is a 4xx, never a traceback.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from werkzeug.exceptions import BadRequest, HTTPException, MethodNotAllowed, NotFound
from werkzeug.routing import Map, MapAdapter, Rule
from werkzeug.wrappers import Request as WerkzeugRequest
from werkzeug.wrappers import Response

from organizer.services.judging import judge_calls
from organizer.services.kit.errors import InputError, NotFoundError, RefusedError, ServiceError
from organizer.services.phones import pins, self_service

__all__ = ["READ", "Request", "Response", "Site", "answer", "phone_words", "status_of"]

StartResponse = Callable[..., Any]
HTML = "text/html; charset=utf-8"
JSON = "application/json; charset=utf-8"
READ = ("GET", "HEAD")
SECURITY_HEADERS = (
    (
        "Content-Security-Policy",
        "default-src 'none'; style-src 'self'; script-src 'self'; connect-src 'self'; "
        "img-src 'self' data:; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    ),
    ("X-Content-Type-Options", "nosniff"),
    ("Referrer-Policy", "no-referrer"),
)
MAX_BODY = 64 * 1024
"""A 60-card list is about 1.5 KB; the server refuses bodies over `server.MAX_BODY` itself."""
MAX_FIELDS = 20
UNAVAILABLE = "The event cannot be reached right now. Nothing was changed; try again in a moment."
DISK_FULL = "The organizer's computer cannot store anything right now. Nothing was changed."
log = logging.getLogger(__name__)


class Request(WerkzeugRequest):
    """A request with the page's limits: bodies up to `MAX_BODY` (413 beyond)."""

    max_content_length = MAX_BODY

    def form_fields(self) -> dict[str, str]:
        """The urlencoded form's fields (the first value of each): 400 beyond `MAX_FIELDS`
        fields or for a NUL character, naming the field."""
        try:
            items = list(self.form.items(multi=True))
        except ValueError:
            raise BadRequest("The form cannot be read.") from None
        if len(items) > MAX_FIELDS:
            raise BadRequest(f"The form has {len(items)} fields: at most {MAX_FIELDS}.")
        fields: dict[str, str] = {}
        for name, value in items:
            _no_nul(name, value)
            fields.setdefault(name, value)
        return fields

    def json_object(self) -> dict[str, Any]:
        """The body as a JSON object ({} when empty): 400 when it is not one, nests too deep
        to read or holds a NUL character."""
        body = self.get_data()
        if not body:
            return {}
        try:
            text = body.decode("utf-8")
        except UnicodeDecodeError:
            raise BadRequest("The request is not UTF-8 text.") from None
        try:
            doc = json.loads(text)
        except ValueError as exc:
            raise BadRequest(f"The body is not JSON: {exc}") from None
        except RecursionError:  # the parser's own guard, some 1,000 levels down
            raise BadRequest("The body is nested too deep to read.") from None
        if not isinstance(doc, dict):
            raise BadRequest("The body must be a JSON object.")
        for name, value in doc.items():
            if isinstance(value, str):
                _no_nul(name, value)
        return doc

    def bearer(self) -> str:
        auth = self.authorization
        if auth is None or auth.type != "bearer":
            return ""
        return (auth.token or "").strip()

    @property
    def address(self) -> str:
        return self.remote_addr or ""


def _no_nul(name: str, value: str) -> None:
    if "\x00" in name or "\x00" in value:
        raise BadRequest(
            f"The field {name.replace(chr(0), '')!r} holds a NUL character (code 0): "
            "no list or name may hold one. Remove it and send again."
        )


def status_of(exc: BaseException) -> int:
    """The HTTP status for an error a service raised."""
    if isinstance(exc, pins.SignInLockedError):
        return 429
    if isinstance(exc, pins.WrongPinError):
        return 401
    if isinstance(exc, self_service.ForbiddenError):
        return 403
    if isinstance(exc, judge_calls.NoTableError):
        return 422  # nothing to refuse yet: the player has no table to send a judge to
    if isinstance(exc, NotFoundError):
        return 404
    if isinstance(exc, RefusedError):
        return 409
    if isinstance(exc, InputError):
        return 400
    return 503


def phone_words(exc: BaseException) -> str:
    """What a phone is told of `exc`: the service's own words, or, for the database or the
    disk, a sentence that names neither (their text can hold the database's URL or path)."""
    if isinstance(exc, ServiceError):
        return str(exc)
    log.warning("the players' page could not reach the event: %s", exc)
    if isinstance(exc, OSError) and exc.errno == 28:
        return DISK_FULL
    return UNAVAILABLE


def refusal_headers(exc: BaseException) -> list[tuple[str, str]]:
    if isinstance(exc, pins.SignInLockedError):
        return [("Retry-After", str(exc.retry_after_s))]
    return []


def answer(
    body: bytes,
    content_type: str = HTML,
    *,
    status: int = 200,
    cache: str | None = None,
    etag: str | None = None,
    headers: Iterable[tuple[str, str]] = (),
) -> Response:
    """A response; `cache` unset leaves the part's policy, `etag` is already quoted."""
    response = Response(body, status, content_type=content_type)
    if cache is not None:
        response.headers["Cache-Control"] = cache
    if etag is not None:
        response.headers["ETag"] = etag
    response.headers.extend(list(headers))
    return response


def see_other(where: str) -> Response:
    """303 to `where`: after a form's POST the browser GETs the page, so a reload posts
    nothing again."""
    return answer(b"", HTML, status=303, headers=[("Location", where)])


def json_answer(
    doc: dict[str, Any], *, status: int = 200, headers: Iterable[tuple[str, str]] = ()
) -> Response:
    body = json.dumps(doc, ensure_ascii=False).encode("utf-8")
    return answer(body, JSON, status=status, headers=headers)


Handler = Callable[[Request], Response]
Refuse = Callable[[Request, int, str, list[tuple[str, str]]], Response]
"""How a part answers a refusal: the request, the status, the words, extra headers."""


@dataclass(frozen=True, slots=True)
class Part:
    """A part of the site under `prefixes`, with its refusals' wording and cache policy."""

    prefixes: tuple[str, ...]
    refuse: Refuse
    cache: str
    writes: bool = False
    """An unknown path of a part that takes writes is 404 for any method."""

    def holds(self, path: str) -> bool:
        return any(path == p or path.startswith(p.rstrip("/") + "/") for p in self.prefixes)


class Site:
    """The WSGI application: one route table for every part of the page."""

    def __init__(self, main: Part) -> None:
        self.map = Map(strict_slashes=True, merge_slashes=False, redirect_defaults=False)
        self.handlers: dict[str, Handler] = {}
        self.methods: dict[str, tuple[str, ...]] = {}
        self.main = main
        self.parts: list[Part] = []
        self._adapter: MapAdapter | None = None

    def add(self, path: str, handler: Handler, *, methods: tuple[str, ...] = READ) -> None:
        """Serve `path` (exactly) with `handler` for `methods` (a path may have a handler
        per method)."""
        endpoint = f"{' '.join(methods)} {path}"
        self.map.add(Rule(path, endpoint=endpoint, methods=list(methods)))
        self.handlers[endpoint] = handler
        self._adapter = None
        known = self.methods.get(path, ())
        self.methods[path] = known + tuple(m for m in methods if m not in known)

    def add_part(self, part: Part) -> None:
        self.parts.append(part)

    def part_of(self, path: str) -> Part:
        return next((p for p in self.parts if p.holds(path)), self.main)

    def __call__(self, environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
        request = Request(environ)
        part = self.part_of(request.path)
        response = self.respond(request, part)
        response.headers.setdefault("Cache-Control", part.cache)
        response.headers.extend(SECURITY_HEADERS)
        etag, _ = response.get_etag()
        if response.status_code == 200 and etag and request.if_none_match.contains_weak(etag):
            response.status_code = 304
        return response(environ, start_response)

    def respond(self, request: Request, part: Part) -> Response:
        if self._adapter is None:  # bound once: the routes match on the path alone
            self._adapter = self.map.bind("organizer")
        adapter = self._adapter
        try:
            if str(request.environ.get("PATH_INFO", "")).startswith("//"):
                raise NotFound  # Werkzeug would read "//pairings" as "/pairings": exact paths only
            endpoint, _ = adapter.match(request.path, request.method)
            return self.handlers[endpoint](request)
        except MethodNotAllowed:
            return self._refuse(request, part, 405, self.methods.get(request.path, READ))
        except NotFound:
            if request.method not in READ and not part.writes:
                return self._refuse(request, part, 405, READ)
            return part.refuse(request, 404, "There is no such page.", [])
        except HTTPException as exc:  # a body refused by the limits above
            if exc.code == 413:
                too_long = f"That is too long: at most {MAX_BODY // 1024} KB."
                return part.refuse(request, 413, too_long, [])
            return part.refuse(request, exc.code or 400, exc.description or "", [])

    def _refuse(
        self, request: Request, part: Part, status: int, allowed: tuple[str, ...]
    ) -> Response:
        words = "This page is read-only." if allowed == READ else "This page cannot do that."
        return part.refuse(request, status, words, [("Allow", ", ".join(allowed))])
