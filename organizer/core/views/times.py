"""How every client writes a time: a moment of the day "10:42", a duration "4:12" or "05:00".

A result entered at 10:42, a deck check started at 10:15, a penalty given at 11:03 read the
same on a screen, on paper, on a phone and in a terminal; so do the minutes left on a clock.
Before this module each service, page and command spelled `strftime("%H:%M")` or
`divmod(seconds, 60)` itself, and a stored time without a zone (SQLite gives every stored
time back naive, in UTC) was read as local time by some and as UTC by others.

Pure Python: imports only the standard library.
"""

from __future__ import annotations

import datetime as dt
from typing import Final

NO_TIME: Final = "--:--"
"""A clock with no time to show (no round, no timer)."""


def as_utc(when: dt.datetime) -> dt.datetime:
    """A stored time with its zone: one without a zone is UTC (SQLite gives it back naive)."""
    return when if when.tzinfo is not None else when.replace(tzinfo=dt.UTC)


def time_of_day(when: dt.datetime) -> str:
    """The moment as this computer's clock reads it: "10:42" (a time without a zone is a
    stored one, in UTC)."""
    return as_utc(when).astimezone().strftime("%H:%M")


def short(seconds: int) -> str:
    """A small duration: "4:12", "0:05" (never below zero)."""
    minutes, rest = divmod(max(0, seconds), 60)
    return f"{minutes}:{rest:02d}"


def mm_ss(seconds: int) -> str:
    """The big clock: "05:00", "60:00" (minutes are never folded into hours; never below
    zero)."""
    minutes, rest = divmod(max(0, seconds), 60)
    return f"{minutes:02d}:{rest:02d}"
