"""This computer's address on the local network: the one function that finds it.

Why here: the embedded server puts it in the join code, and the players' page
(`organizer.web.address`) announces its URL with it; both must say the same
address. Finding it opens a UDP socket and asks the system which interface
its default route leaves from: connecting a UDP socket sends nothing.
192.0.2.1 is TEST-NET-1, never a real host. No SQL, no Qt.
"""

from __future__ import annotations

import socket

LOOPBACK = "127.0.0.1"


def lan_address() -> str:
    """This computer's LAN address, or 127.0.0.1 when it has no network."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))
            address = str(probe.getsockname()[0])
        except OSError:
            return LOOPBACK
    return address if address != "0.0.0.0" else LOOPBACK
