"""The host holds against a guest without the code: 120 stalled connections, and a
station with the code still gets in.

A real hosted server as the app ships it. The guests ask to log in as the
stations' role and never answer the password challenge (`stalled_guests`); with
PostgreSQL's defaults (100 slots, one minute to authenticate, renewable) they
locked every station out ("sorry, too many clients already"). Here a station
connects with the driver's 5-second connect timeout while they hold, and the
server hangs up on them by itself after its short authentication timeout.
The time a station takes to connect is measured in
`tests/benchmarks/test_hosting_guests_bench.py`.
"""

from __future__ import annotations

from collections.abc import Iterator

import psycopg
import pytest

from organizer.storage.server.embedded import GUARD_SETTINGS, HostedServer
from tests.storage.postgres_server import available
from tests.storage.server.hosted import hosted_server
from tests.storage.server.stalled_guests import closed_by_server, stalled_guests

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not available(), reason="PostgreSQL (pgserver) is not installed"),
]

GUESTS = 120
CONNECT_WITHIN_S = 5


@pytest.fixture(scope="module")
def server() -> Iterator[HostedServer]:
    with hosted_server() as s:
        yield s


def station_connects(server: HostedServer) -> None:
    address = server.hosted().address  # the LAN address, as another station has it
    with psycopg.connect(
        host=address.host,
        port=address.port,
        user="organizer_station",
        password=address.password,
        dbname="organizer",
        connect_timeout=CONNECT_WITHIN_S,
    ) as conn:
        assert conn.execute("SELECT count(*) FROM event").fetchone() is not None


def test_a_station_with_the_code_gets_in_past_120_stalled_guests(server: HostedServer) -> None:
    address = server.hosted().address
    with stalled_guests(address.host, address.port, GUESTS) as guests:
        station_connects(server)
        timeout_s = int(GUARD_SETTINGS["authentication_timeout"].removesuffix("s"))
        assert closed_by_server(guests[0], within_s=timeout_s * 4)  # let go by the server
    station_connects(server)
