"""The waiting list of a full event: who gets a place as players register or drop.

An event with a cap (setting `cap`, 0 for none) holds that many players; everyone who
registers past it waits, in the order they came, and the first one waiting takes a place
that comes free before round 1. One rule, asked by every way a player registers (the
Players tab, `players add`, a CSV import) and every way a place comes free.

Pure Python: no Qt, no SQL.
"""

from __future__ import annotations


def places(cap: int, *, holding: int, last_waiting: int, newcomers: int) -> list[int | None]:
    """The waiting-list place of each of `newcomers` registering now (None: in the event),
    when `holding` players hold places and the list's last place is `last_waiting`."""
    if cap == 0:
        return [None] * newcomers
    room = max(0, cap - holding)
    return [None if i < room else last_waiting + i - room + 1 for i in range(newcomers)]


def free_places(cap: int, *, holding: int, waiting: int) -> int:
    """How many waiting players may come in now."""
    return waiting if cap == 0 else max(0, min(waiting, cap - holding))
