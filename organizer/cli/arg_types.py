"""Argument types for whole numbers and minutes on the command line, within sensible bounds
(and the "ID,ID" list of players).

Why: a command-line number reaches the database like a number in a file does, and
`--byes 99999999999999999999` once ended in an OverflowError from SQLite. Each type reads
its value with organizer/core/input_bounds.py and turns a bad one into argparse's usage
error (exit status 2, naming the argument and the bound).
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable

from organizer.core.input_bounds import (
    BYES,
    CALL_ID,
    LARGEST_ID,
    ROUND,
    SEED,
    TABLE,
    Bound,
    read_whole,
)

EVENT_ID = Bound("an event id", 1, LARGEST_ID)
PENALTY_ID = Bound("a penalty id", 1, LARGEST_ID)
COUNT = Bound("a number", 0, 1_000_000)
MAX_MINUTES = 10_000.0


def whole(bound: Bound) -> Callable[[str], int]:
    def parse(text: str) -> int:
        value = read_whole(text, bound)
        if isinstance(value, str):
            raise argparse.ArgumentTypeError(value)
        return value

    parse.__name__ = bound.what  # argparse names the type in its message
    return parse


def _decimal(text: str) -> float:
    """`text` as a number with a fraction; NaN (outside every bound) when it is none."""
    try:
        return float(text) if len(text) <= 32 else math.nan
    except ValueError:
        return math.nan


def minutes(text: str) -> float:
    """Minutes, possibly with a fraction: from -10,000 to 10,000."""
    value = _decimal(text)
    if not math.isfinite(value) or abs(value) > MAX_MINUTES:
        raise argparse.ArgumentTypeError(
            f"minutes must be a number from -{MAX_MINUTES:,.0f} to {MAX_MINUTES:,.0f}"
        )
    return value


def share(text: str) -> float:
    """A share of tables, from 0 to 1."""
    value = _decimal(text)
    if not 0.0 <= value <= 1.0:
        raise argparse.ArgumentTypeError("the share must be a number from 0 to 1")
    return value


def player_ids(text: str) -> list[str]:
    """Players' ids given as "ID,ID,...", blanks dropped."""
    return [part.strip() for part in text.split(",") if part.strip()]


table = whole(TABLE)
round_number = whole(ROUND)
byes = whole(BYES)
seed = whole(SEED)
event_id = whole(EVENT_ID)
penalty_id = whole(PENALTY_ID)
call_id = whole(CALL_ID)
count = whole(COUNT)
