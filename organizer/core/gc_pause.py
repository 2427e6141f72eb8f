"""`gc_paused`: Python's cyclic garbage collector held off during a burst of allocation.

Pairing 4,096 players allocates hundreds of thousands of small objects (sets
of opponents, candidate pairs, blossom nodes); loading that event builds some
50,000 row tuples and matches, and its standings as many numbers. Each burst
can set off collections over everything the app holds: measured at 50 to 60 ms
on top of a 16 ms pairing, and 10 to 120 ms on top of a 73 ms event load.
None of these build reference cycles that must be freed during the call
(reference counting frees what is dropped), so the collector waits until the
block is done and then runs as usual.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def gc_paused() -> Iterator[None]:
    """Hold off cyclic collection for the block; leave it as it was afterwards."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()
