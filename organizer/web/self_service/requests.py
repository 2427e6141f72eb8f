"""One HTTP request as the self-service pages read it: form, JSON, cookies, bearer, address.

Bodies are read up to `MAX_BODY` bytes (a 60-card list is about 1.5 KB); a
longer or unreadable body is a `BadRequestError` with the status to answer.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from http.cookies import CookieError, SimpleCookie
from typing import Any
from urllib.parse import parse_qs

MAX_BODY = 64 * 1024


class BadRequestError(Exception):
    def __init__(self, status: int, text: str) -> None:
        super().__init__(text)
        self.status = status


@dataclass(frozen=True, slots=True)
class Request:
    method: str
    path: str
    query: str
    address: str
    body: bytes
    content_type: str
    cookie_header: str
    authorization: str

    @classmethod
    def from_environ(cls, environ: dict[str, Any]) -> Request:
        method = str(environ.get("REQUEST_METHOD", "GET"))
        body = b""
        if method == "POST":
            try:
                length = int(environ.get("CONTENT_LENGTH") or 0)
            except ValueError:
                raise BadRequestError(400, "The request's length cannot be read.") from None
            if length > MAX_BODY:
                raise BadRequestError(413, f"That is too long: at most {MAX_BODY // 1024} KB.")
            body = environ["wsgi.input"].read(length) if length > 0 else b""
        return cls(
            method=method,
            path=str(environ.get("PATH_INFO", "")),
            query=str(environ.get("QUERY_STRING", "")),
            address=str(environ.get("REMOTE_ADDR", "")),
            body=body,
            content_type=str(environ.get("CONTENT_TYPE", "")),
            cookie_header=str(environ.get("HTTP_COOKIE", "")),
            authorization=str(environ.get("HTTP_AUTHORIZATION", "")),
        )

    def text(self) -> str:
        try:
            return self.body.decode("utf-8")
        except UnicodeDecodeError:
            raise BadRequestError(400, "The request is not UTF-8 text.") from None

    def form(self) -> dict[str, str]:
        """The urlencoded form's fields (the first value of each)."""
        fields = parse_qs(self.text(), keep_blank_values=True, max_num_fields=20)
        return {k: v[0] for k, v in fields.items()}

    def json(self) -> dict[str, Any]:
        if not self.body:
            return {}
        try:
            doc = json.loads(self.text())
        except ValueError as exc:
            raise BadRequestError(400, f"The body is not JSON: {exc}") from None
        if not isinstance(doc, dict):
            raise BadRequestError(400, "The body must be a JSON object.")
        return doc

    def cookie(self, name: str) -> str:
        jar: SimpleCookie = SimpleCookie()
        try:
            jar.load(self.cookie_header)
        except CookieError:
            return ""
        morsel = jar.get(name)
        return morsel.value if morsel is not None else ""

    def bearer(self) -> str:
        kind, _, token = self.authorization.partition(" ")
        return token.strip() if kind.lower() == "bearer" else ""

    def query_value(self, name: str) -> str:
        return parse_qs(self.query).get(name, [""])[0]
