"""Where the players' page listens, and how to tell the TO what that exposes.

The default is this computer's address on the local network (the one its
traffic to other machines leaves from), so phones on the store's Wi-Fi reach
it; `127.0.0.1` keeps the page on this computer only. The address is found by
`storage.server.network.lan_address`, the same the join code of hosting
carries (importable from here as before).
"""

from __future__ import annotations

import ipaddress

from organizer.storage.server.network import LOOPBACK, lan_address

__all__ = ["DEFAULT_PORT", "EXPOSURE_NOTE", "LOOPBACK", "lan_address", "note_for", "page_url"]
DEFAULT_PORT = 8080

EXPOSURE_NOTE = (
    "Anyone on this network can open the page: it shows this event's pairings, "
    "results, standings, pods and clock, with the players' names. It never shows "
    "deck lists or e-mail addresses, and it cannot change anything."
)
LOOPBACK_NOTE = "Only this computer can open the page (bound to 127.0.0.1)."


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
