"""Which key a database's PIN digests are keyed with, wherever the database is.

A SQLite file's key lies beside it (`pin_key`); a hosted server keeps its key in the
database, wrapped under the stations' password (`hosted_pin_key`); any other server
has none, and its PINs keep the scrypt digest (docs/pins.md). `Database` and
`PlainWriter` both ask here.
"""

from __future__ import annotations

from sqlalchemy.engine import Engine, make_url
from sqlalchemy.exc import DBAPIError

from organizer.storage.db_errors import DatabaseError
from organizer.storage.engine import place_of, translated
from organizer.storage.pin_key import pin_key
from organizer.storage.server.join_code import STATION_USER


def stations_password(url: str) -> str | None:
    """The stations' password when `url` is a hosted server reached as a station (the
    host, the players' page and every station connect so); None otherwise."""
    parsed = make_url(url)
    if url.startswith("sqlite") or parsed.username != STATION_USER or not parsed.password:
        return None
    return str(parsed.password)


def for_database(url: str, engine: Engine) -> bytes | None:
    """The key PIN digests are keyed with: kept beside (not in) a SQLite file
    (`pin_key`); on a hosted server, kept in it wrapped under the stations' password
    (`storage.hosted_pin_key`). None for any other server: its PINs keep the scrypt
    digest."""
    if url.startswith("sqlite"):
        return pin_key(place_of(url))
    password = stations_password(url)
    if password is None:
        return None
    from organizer.storage import hosted_pin_key

    try:
        with engine.begin() as conn:
            return hosted_pin_key.read_or_make(conn, password)
    except hosted_pin_key.WrongPasswordError as exc:
        raise DatabaseError(
            f"The PINs on {place_of(url)} were made under another stations' password: "
            "issue new ones (organizer players pin --all)."
        ) from exc
    except DBAPIError as exc:
        raise translated(url, exc, write=True) from exc
