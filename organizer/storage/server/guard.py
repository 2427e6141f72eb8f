"""How many connections the hosted server keeps, and how long a guest may take to log in.

Why apart from `embedded`: the numbers are sized for the machine the host runs on, and
the reasons deserve their own page. A guest without the join code can open connections
and never answer the password challenge. PostgreSQL gives each such connection one of
its `max_connections` slots before it knows who is asking (the slot is taken before the
password is checked), so neither `superuser_reserved_connections` nor PostgreSQL 16's
`reserved_connections` (for roles in `pg_use_reserved_connections`) keeps a slot for the
stations: both are checked only after the password, by which time a stalled guest already
holds the slot. And PostgreSQL has no limit per client address. What holds is room and
time: enough slots that a guest must keep thousands open at once, and a short
`authentication_timeout` after which the server hangs up on each, so holding them means
opening hundreds of connections a second (each one a process on the host).

Measured on Linux: a stalled guest costs the host about 0.7 MB (PSS of its process), so
2,000 slots cost about 1.4 GB when all are held; with 500 slots (the version before)
about 500 stalled guests kept every station out ("sorry, too many clients already").
"""

from __future__ import annotations

import os
import sys

STATION_CONNECTIONS = 100
"""At most this many connections of stations at once (each app holds a few)."""
AUTHENTICATION_TIMEOUT_S = 3
"""Seconds a connection may take to log in (PostgreSQL's default: 60). A station on the
store's Wi-Fi logs in within three round trips and a hash: milliseconds."""
MOST_SLOTS = 2000
"""The most connection slots the server keeps, on a machine with room for them."""
FEWEST_SLOTS = 500
"""The slots kept where the machine's room is not known (macOS, Windows) or is small."""
MB_PER_SLOT = 0.7
"""What one stalled guest's server process costs (measured, Linux, PostgreSQL 16)."""
MEMORY_SHARE = 4
"""At most a quarter of the machine's memory goes to guests holding every slot."""
HOST_RESERVED = 5
"""Slots kept for the host's own role (the move back, counting stations) whatever else is
connected, once they logged in."""


def memory_mb() -> int | None:
    """This machine's memory in MB (None where it cannot be read without a library)."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        pages, page_size = os.sysconf("SC_PHYS_PAGES"), os.sysconf("SC_PAGE_SIZE")
    except (ValueError, OSError):
        return None
    return int(pages * page_size // (1024 * 1024))


def process_limit() -> int | None:
    """How many processes this user may run (None: no limit or no such limit here)."""
    try:
        import resource
    except ImportError:  # Windows
        return None
    soft, _hard = resource.getrlimit(resource.RLIMIT_NPROC)
    return None if soft == resource.RLIM_INFINITY else int(soft)


def connection_slots(memory: int | None, processes: int | None) -> int:
    """The slots for a machine with `memory` MB and a limit of `processes` processes.

    Linux only grows past `FEWEST_SLOTS`: there PostgreSQL's semaphores live in its
    shared memory; macOS's System V semaphores are few by default, and on Windows each
    connection is a full process start; both keep what was shipped before.
    """
    if memory is None:
        return FEWEST_SLOTS
    slots = min(MOST_SLOTS, int(memory / MEMORY_SHARE / MB_PER_SLOT))
    if processes is not None:
        slots = min(slots, processes // 2)  # the user's other programs keep the rest
    return max(FEWEST_SLOTS, slots)


def guard_settings() -> dict[str, str]:
    """Settings that keep the host answering stations while someone without the code
    pesters it (passed to the server at each start, so a new machine sizes them anew)."""
    return {
        "authentication_timeout": f"{AUTHENTICATION_TIMEOUT_S}s",
        "max_connections": str(connection_slots(memory_mb(), process_limit())),
        "superuser_reserved_connections": str(HOST_RESERVED),
    }
