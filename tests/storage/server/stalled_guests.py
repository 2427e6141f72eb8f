"""Guests without the join code that stall the host: a startup packet, then silence.

Why a helper: the host's test and its benchmark both open many connections
that ask to log in as the stations' role, get PostgreSQL's password challenge
(SCRAM) and never answer it, the way a hostile or broken client on the store's
network could. Each holds one of the server's slots until
`authentication_timeout`. Plain sockets and the protocol's own bytes: no
driver would let us stop half way. Opened by a few threads at once: one by
one, hundreds of them took longer than the server's authentication timeout, so
the first were let go before the last arrived. Also `silent` guests, which
connect and send nothing at all (they hold a server process, not a slot). No Qt.
"""

from __future__ import annotations

import socket
import struct
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack, contextmanager

from organizer.storage.server.join_code import DATABASE_NAME, STATION_USER

PROTOCOL_3_0 = 196608
AUTHENTICATION = b"R"


def startup_packet() -> bytes:
    body = struct.pack("!I", PROTOCOL_3_0)
    for key, value in (("user", STATION_USER), ("database", DATABASE_NAME)):
        body += key.encode() + b"\0" + value.encode() + b"\0"
    body += b"\0"
    return struct.pack("!I", len(body) + 4) + body


def stall(host: str, port: int) -> socket.socket:
    """One connection left at the password challenge (asserts the challenge came)."""
    s = socket.create_connection((host, port), timeout=10)
    s.sendall(startup_packet())
    answer = s.recv(1)
    assert answer == AUTHENTICATION, answer  # the server waits for our password now
    return s


def silent(host: str, port: int) -> socket.socket:
    """One connection that says nothing, not even which user it is."""
    return socket.create_connection((host, port), timeout=10)


OPENERS = 8


@contextmanager
def stalled_guests(
    host: str, port: int, count: int, *, silent_count: int = 0
) -> Iterator[list[socket.socket]]:
    """`count` stalled connections (and `silent_count` silent ones after them), open for the
    block; closed afterwards."""
    with ExitStack() as stack:
        sockets: list[socket.socket] = []
        with ThreadPoolExecutor(OPENERS) as pool:
            jobs = [pool.submit(stall, host, port) for _ in range(count)]
            jobs += [pool.submit(silent, host, port) for _ in range(silent_count)]
            refused = [e for e in (job.exception() for job in jobs) if e is not None]
            for job in jobs:
                if job.exception() is None:
                    stack.callback(job.result().close)
                    sockets.append(job.result())
        if refused:  # the server was full: say so, with every guest closed again
            raise refused[0]
        yield sockets


def closed_by_server(s: socket.socket, within_s: float) -> bool:
    """The server hung up on `s` (its authentication timeout) within `within_s` seconds."""
    s.settimeout(within_s)
    try:
        return s.recv(4096) == b"" or s.recv(4096) == b""
    except (TimeoutError, OSError):
        return False
