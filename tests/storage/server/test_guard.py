"""How many connections the hosted server keeps (`storage.server.guard.connection_slots`):
a pure function of the machine's memory and process limit, tested without a server."""

from __future__ import annotations

from organizer.storage.server import guard


def test_the_slots_are_sized_for_the_machine() -> None:
    """Room for thousands of stalled guests where memory and the process limit allow it;
    what was shipped before where they do not, or are not known."""
    assert guard.connection_slots(None, None) == 500
    assert guard.connection_slots(16_000, None) == 2_000
    assert guard.connection_slots(4_000, None) == 1_428  # a quarter of 4 GB, 0.7 MB a slot
    assert guard.connection_slots(4_000, 1_000) == 500
    assert guard.connection_slots(16_000, 3_000) == 1_500
    assert guard.connection_slots(1_000, None) == 500
