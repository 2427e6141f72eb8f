"""The players' page server waits for requests without keeping the processor busy.

Why: its loop was given a timeout of 0.5 s, which waitress reads as a whole number
of seconds, 0: the loop polled without waiting and used a whole core for as long
as the page was served (at an event, all day on the host's laptop).
"""

from __future__ import annotations

import time

from tests.web.served import Served

IDLE_S = 0.5
BUSY_SHARE = 0.2
"""More of the idle time than this spent on the processor is a loop that does not wait."""


def test_a_page_nobody_asks_for_leaves_the_processor_alone(served: Served) -> None:
    assert served.get("/pairings").status == 200  # the loop has answered; now it waits
    before = time.process_time()
    time.sleep(IDLE_S)
    used = time.process_time() - before
    assert used < IDLE_S * BUSY_SHARE, f"{used:.2f} s of processor time in {IDLE_S} s idle"
    assert served.get("/pairings").status == 200  # and still answers
