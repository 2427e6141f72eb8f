"""Fresh random seeds for pairings, seatings and picks.

The seed drawn is stored with what it made, so the result can be replayed.
"""

from __future__ import annotations

import random


def new_seed() -> int:
    return random.SystemRandom().randrange(1, 2**31)
