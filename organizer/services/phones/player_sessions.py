"""Players signed in on the players' page: a random token per sign-in, kept as its SHA-256.

The token is the cookie's value (forms) or the bearer token (the JSON API);
the database holds only its digest, so a copy of the database signs nobody
in. A session lasts the event: it ends when the player signs out, when a new
PIN is issued for them, or when the event is deleted. The forms' CSRF tokens
are the page's (`web.cookies`), signed for the session's cookie.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import secrets

from organizer.services.kit.changes import Done
from organizer.services.kit.write_lock import write
from organizer.services.phones.pins import check_pin
from organizer.storage import pins_repo, registrations_repo
from organizer.storage.database import Database, Tx
from organizer.storage.records import PlayerRecord

MAX_TOKEN = 128


def token_digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def sign_in(
    db: Database, *, event_id: int, who: str, pin: str, address: str, now: dt.datetime
) -> tuple[PlayerRecord, str]:
    """The player whose PIN this is, and a new session's token: the one way in for the
    forms and the JSON API alike (`pins.check_pin` counts wrong PINs and locks)."""
    token = secrets.token_urlsafe(32)
    player = check_pin(
        db,
        event_id=event_id,
        who=who,
        pin=pin,
        address=address,
        now=now,
        session=token_digest(token),
    )
    return player, token


def signed_in(db: Database, *, event_id: int, token: str) -> PlayerRecord | None:
    """The player a token signs in, or None (unknown, ended, or another event's)."""
    if not token or len(token) > MAX_TOKEN:
        return None
    with db.reading() as s:
        rid = pins_repo.session_registration(s, event_id=event_id, token_digest=token_digest(token))
        return None if rid is None else registrations_repo.get(s, registration_id=rid)


@write
def end_session(s: Tx, *, token: str) -> Done[None]:
    """Sign the player out: the session its token holds ends."""
    pins_repo.end_session(s, token_digest=token_digest(token))
    return Done(None)
