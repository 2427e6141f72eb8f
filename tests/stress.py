"""How often a test repeats one scenario: a few times in `make test`, all of them in `make bench`.

Why: a race between stations (or two command lines on one hosted event) is the same
scenario run again and again to see both orders win; the behaviour is checked on every
repetition, the count only makes a rare interleaving likelier to turn up. The test
run keeps a few repetitions of each, so every behaviour is still checked there; the
full counts run under `python3 dev.py bench` (ORGANIZER_BENCH=1), which selects the
tests marked `stress` after the speed benchmarks.
"""

from __future__ import annotations

import os

FULL = bool(os.environ.get("ORGANIZER_BENCH"))
"""True under `dev.py bench`: every repeated scenario runs its full count."""


def repeats(default: int, full: int) -> int:
    """`default` repetitions in the test run, `full` under `dev.py bench`."""
    return full if FULL else default
