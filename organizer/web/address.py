"""Where the players' page listens, and how to tell the TO what that exposes.

The default is this computer's address on the local network (the one its
traffic to other machines leaves from), so phones on the store's Wi-Fi reach
it; `127.0.0.1` keeps the page on this computer only. Finding the address
opens a UDP socket and asks the system for a route: no packet is sent.
"""

from __future__ import annotations

import ipaddress
import socket

LOOPBACK = "127.0.0.1"
DEFAULT_PORT = 8080

EXPOSURE_NOTE = (
    "Anyone on this network can open the page: it shows this event's pairings, "
    "results, standings, pods and clock, with the players' names. It never shows "
    "deck lists or e-mail addresses, and it cannot change anything."
)
LOOPBACK_NOTE = "Only this computer can open the page (bound to 127.0.0.1)."


def lan_address() -> str:
    """This computer's LAN address, or 127.0.0.1 when it has no network."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.254.254.254", 9))  # a route lookup only: UDP connect sends nothing
        address = str(probe.getsockname()[0])
    except OSError:
        return LOOPBACK
    finally:
        probe.close()
    return address if address != "0.0.0.0" else LOOPBACK


def page_url(host: str, port: int) -> str:
    """The address phones open: http://HOST:PORT/ (IPv6 in brackets).

    Bound to every address (0.0.0.0 or ::), the page is announced at the LAN address.
    """
    if host in ("", "0.0.0.0", "::"):
        host = lan_address()
    try:
        if ipaddress.ip_address(host).version == 6:
            host = f"[{host}]"
    except ValueError:
        pass
    return f"http://{host}:{port}/"


def note_for(host: str) -> str:
    """What binding to `host` exposes, in plain words for the TO."""
    if host.lower() == "localhost":
        return LOOPBACK_NOTE
    try:
        if ipaddress.ip_address(host).is_loopback:
            return LOOPBACK_NOTE
    except ValueError:
        pass
    return EXPOSURE_NOTE
