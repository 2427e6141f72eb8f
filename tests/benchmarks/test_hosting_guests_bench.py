"""How long a station with the code takes to connect while 520 guests stall the host.

The guests (`tests/storage/server/stalled_guests.py`) ask to log in and never answer
the password challenge; the host is a real hosted server as the app ships it.
Each round times one station's connection (psycopg, the stations' URL) while
they hold. Target: within 5 s (with PostgreSQL's defaults a station was locked
out altogether). Run with `python3 dev.py bench -k hosting_guests -s`.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import psycopg
import pytest

from organizer.storage.server.embedded import HostedServer
from tests.storage.server.hosted import hosted_server
from tests.storage.server.stalled_guests import stalled_guests

GUESTS = 520
TARGET_S = 5.0


@pytest.fixture(scope="module")
def server() -> Iterator[HostedServer]:
    with hosted_server() as s:
        yield s


def test_a_station_connects_past_520_stalled_guests(server: HostedServer, benchmark: Any) -> None:
    address = server.hosted().address

    def connect() -> float:
        began = time.perf_counter()
        with psycopg.connect(
            host=address.host,
            port=address.port,
            user="organizer_station",
            password=address.password,
            dbname="organizer",
            connect_timeout=int(TARGET_S * 2),
        ) as conn:
            conn.execute("SELECT 1")
        return time.perf_counter() - began

    with stalled_guests(address.host, address.port, GUESTS):
        seconds = benchmark.pedantic(connect, rounds=10, iterations=1)
    print(f"\nconnected past {GUESTS} stalled guests in {seconds * 1000:.0f} ms (last round)")
    assert benchmark.stats.stats.max < TARGET_S
