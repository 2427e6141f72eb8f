"""The page's one cookie and CSRF policy: which cookies it sets, and how a form proves its origin.

Why one place: the sign-in form and the signed-in forms each had their own
token scheme. Every cookie here is HttpOnly, SameSite=Strict, for the whole
site (`set_cookie`). Every form POST carries a CSRF token: the value of a
cookie the form is bound to (the session once signed in, before that a
random form cookie), signed with `itsdangerous` under a secret of this
server's. Another site can neither read the cookie nor sign a token for it,
so a form it forges is refused (403). A restart of the server makes a new
secret: an open form then asks to be reloaded.
"""

from __future__ import annotations

import hashlib
import secrets

from itsdangerous import BadSignature, Signer
from werkzeug.wrappers import Response

SESSION_COOKIE = "organizer_session"
FORM_COOKIE = "organizer_form"
JUDGE_COOKIE = "organizer_judge"
"""A judge's session (the judge's phone, /judge): apart from a player's on the same phone."""
COOKIE_DAYS = 3
FORM_COOKIE_DAYS = 1
MIN_BINDING = 20
"""A cookie shorter than this is none of ours: no token is signed for it."""


def set_cookie(response: Response, name: str, value: str, *, days: int = COOKIE_DAYS) -> None:
    """Set cookie `name` to `value` (an empty value removes it)."""
    response.set_cookie(
        name,
        value,
        max_age=days * 86400 if value else 0,
        path="/",
        httponly=True,
        samesite="Strict",
    )


def new_form_cookie() -> str:
    return secrets.token_urlsafe(24)


class FormTokens:
    """CSRF tokens: a signature of the cookie a form is bound to."""

    def __init__(self, secret: bytes | None = None) -> None:
        self._signer = Signer(
            secret or secrets.token_bytes(32), salt="organizer form", digest_method=hashlib.sha256
        )

    def token(self, binding: str) -> str:
        return self._signer.get_signature(binding.encode("utf-8")).decode("ascii")

    def ok(self, binding: str, sent: str) -> bool:
        """Whether `sent` is this server's token for `binding` (a cookie of ours)."""
        if len(binding) < MIN_BINDING or not sent:
            return False
        try:
            return self._signer.verify_signature(binding.encode("utf-8"), sent.encode("ascii"))
        except (BadSignature, UnicodeEncodeError):
            return False
