"""The short join code a hosting station shows, and the database URL it stands for.

Why: a TO at a second station cannot type `postgresql+psycopg://organizer_station:…`
from across the hall. The code packs the host's IPv4 address, its port, the
stations' password (8 random bytes) and a check byte into 15 bytes, written as
24 Crockford base32 characters in groups of four (`7K3M-…`): no I, L, O or U,
case and dashes ignored, O read as 0 and I or L as 1, and a mistyped code is
caught by the check byte instead of being tried against the network.

The stations' password as PostgreSQL knows it is the same 8 bytes in the same
alphabet (13 characters), so the URL needs no quoting. No SQL, no Qt.
"""

from __future__ import annotations

import hashlib
import ipaddress
from dataclasses import dataclass

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_READ = {c: i for i, c in enumerate(ALPHABET)} | {"O": 0, "I": 1, "L": 1}
PASSWORD_BYTES = 8
STATION_USER = "organizer_station"
DATABASE_NAME = "organizer"
DRIVER = "postgresql+psycopg"


class JoinCodeError(ValueError):
    """The text is not a join code (a typo, or a code cut short)."""


def encode(data: bytes) -> str:
    bits = int.from_bytes(data, "big") if data else 0
    count = -(-len(data) * 8 // 5)
    bits <<= count * 5 - len(data) * 8
    return "".join(ALPHABET[(bits >> (5 * (count - 1 - i))) & 31] for i in range(count))


def decode(text: str) -> bytes:
    chars = [c for c in text.upper() if c not in "- \t"]
    try:
        values = [_READ[c] for c in chars]
    except KeyError as exc:
        raise JoinCodeError(f"{exc.args[0]!r} cannot be in a join code") from None
    bits = 0
    for v in values:
        bits = (bits << 5) | v
    size = len(values) * 5 // 8
    return (bits >> (len(values) * 5 - size * 8)).to_bytes(size, "big")


def password_text(raw: bytes) -> str:
    """The stations' password as PostgreSQL stores it."""
    return encode(raw)


@dataclass(frozen=True, slots=True)
class JoinAddress:
    host: str
    port: int
    password: str

    @property
    def url(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"{DRIVER}://{STATION_USER}:{self.password}@{host}:{self.port}/{DATABASE_NAME}"


def _check(payload: bytes) -> bytes:
    return hashlib.sha256(payload).digest()[:1]


def make_code(host: str, port: int, password_raw: bytes) -> str:
    """The join code of an IPv4 host, a port and the stations' password bytes."""
    try:
        packed = ipaddress.IPv4Address(host).packed
    except ipaddress.AddressValueError:
        raise JoinCodeError(f"{host} is not an IPv4 address: give the full URL instead") from None
    payload = packed + port.to_bytes(2, "big") + password_raw
    text = encode(payload + _check(payload))
    return "-".join(text[i : i + 4] for i in range(0, len(text), 4))


def read_code(code: str) -> JoinAddress:
    """The address in a join code; `JoinCodeError` for anything that is not one."""
    data = decode(code)
    if len(data) != 4 + 2 + PASSWORD_BYTES + 1:
        raise JoinCodeError(
            "a join code has 24 letters and digits (like 7K3M-9QXA-…); check it on the host"
        )
    payload, check = data[:-1], data[-1:]
    if _check(payload) != check:
        raise JoinCodeError("that join code has a typo; check it on the host's screen")
    host = str(ipaddress.IPv4Address(payload[:4]))
    port = int.from_bytes(payload[4:6], "big")
    return JoinAddress(host, port, password_text(payload[6:]))
