"""A hosted server's PIN key: in the database, but only wrapped under the stations' password.

Why: PIN digests are keyed so that a copy of the database gives no PIN away
(`storage.pin_key`, docs/pins.md). On SQLite the key is a file beside the database; a
hosted event on PostgreSQL has no file every station can read, and a key stored in
the clear in the database would defeat its point. Every station, the host and the
players' page connect as the stations' role with the stations' password, which is 8
random bytes from the join code that PostgreSQL keeps only as a SCRAM verifier. So the
key is kept XORed with an HMAC of a random salt under that password: a dump of the
database (or its data folder) without the password gives neither the key nor any PIN,
and every station unwraps the same key in microseconds.

The host moves a SQLite file's events onto the server with that file's key
(`store`), so PINs issued before the event was shared keep working; moving them
back writes the key beside the file again (`read`).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

from sqlalchemy import delete, insert, select
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError

from organizer.storage.pin_key import KEY_BYTES
from organizer.storage.tables import core_table

ROW_ID = 1
_CHECK_TEXT = b"organizer hosted pin key"


class WrongPasswordError(Exception):
    """The stored key was wrapped under another password than the one given."""


def _mask(password: str, salt: bytes) -> bytes:
    return hmac.new(password.encode("utf-8"), salt, hashlib.sha256).digest()[:KEY_BYTES]


def _check(key: bytes) -> str:
    return hmac.new(key, _CHECK_TEXT, hashlib.sha256).hexdigest()[:16]


def _wrapped(key: bytes, password: str) -> dict[str, object]:
    salt = secrets.token_bytes(16)
    masked = bytes(a ^ b for a, b in zip(key, _mask(password, salt), strict=True))
    return {"id": ROW_ID, "salt": salt.hex(), "wrapped": masked.hex(), "check_value": _check(key)}


def read(conn: Connection, password: str) -> bytes | None:
    """The key kept in the database, unwrapped; None when none is kept yet."""
    table = core_table("pin_key_wrap")
    row = conn.execute(select(table).where(table.c.id == ROW_ID)).mappings().first()
    if row is None:
        return None
    mask = _mask(password, bytes.fromhex(str(row["salt"])))
    key = bytes(a ^ b for a, b in zip(bytes.fromhex(str(row["wrapped"])), mask, strict=True))
    if not hmac.compare_digest(_check(key), str(row["check_value"])):
        raise WrongPasswordError("the hosted PIN key was kept under another password")
    return key


def read_or_make(conn: Connection, password: str) -> bytes:
    """The kept key, or a new random one kept now (the first station to ask makes it; a
    station racing it reads the one that won)."""
    key = read(conn, password)
    if key is not None:
        return key
    made = secrets.token_bytes(KEY_BYTES)
    try:
        with conn.begin_nested():
            conn.execute(insert(core_table("pin_key_wrap")).values(**_wrapped(made, password)))
    except IntegrityError:
        again = read(conn, password)
        assert again is not None  # the row that beat ours
        return again
    return made


def store(conn: Connection, key: bytes, password: str) -> None:
    """Keep `key` as the server's key (replacing any): the host does this when it moves a
    file's events, and their PINs, onto an empty server."""
    table = core_table("pin_key_wrap")
    conn.execute(delete(table))
    conn.execute(insert(table).values(**_wrapped(key, password)))
