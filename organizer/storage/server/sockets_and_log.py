"""What the hosting server checks around PostgreSQL itself: whether a port is free, whether an
address is this computer's, and what the server complained of in its log.

Apart from `embedded` (which runs the server) because none of it needs the server: plain
sockets and text, each a small question `HostedServer.start` asks before or after starting.
"""

from __future__ import annotations

import os
import re
import socket

ALL_INTERFACES = "*"
EVERY_ADDRESS = (ALL_INTERFACES, "0.0.0.0", "::")
"""The ways to say "listen on every interface" (stations then join at the LAN address)."""


def port_free(port: int) -> bool:
    """Nobody listens there (as PostgreSQL does, ignoring connections closing down)."""
    with socket.socket() as s:
        if os.name != "nt":
            s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind(("0.0.0.0", port))
        except OSError:
            return False
    return True


def address_here(bind: str) -> bool:
    """`bind` is an address of this computer (or every address): PostgreSQL can listen there.

    PostgreSQL starts as long as one of its addresses works (here 127.0.0.1 always
    does), so a mistyped address would start a server no station can reach.
    """
    if bind in EVERY_ADDRESS or bind == "localhost":
        return True
    family = socket.AF_INET6 if ":" in bind else socket.AF_INET
    with socket.socket(family) as s:
        try:
            s.bind((bind, 0))
        except OSError:
            return False
    return True


LOG_LINE = re.compile(r"\b(FATAL|PANIC|ERROR|LOG):\s+(.*)$")


def complaints(said: str) -> list[str]:
    """What the server complained of in its log text, without the time and process id."""
    found = []
    for line in said.splitlines():
        match = LOG_LINE.search(line)
        if match is None:
            continue
        level, text = match.groups()
        if level != "LOG" or "invalid" in text or "could not" in text:
            found.append(text.strip())
    return found


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])
