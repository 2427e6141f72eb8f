"""The round clock survives a SIGKILL: its state is stored facts, not a running timer.

A subprocess drives the clock through the services with its own clock times
and is killed while it is still running; a fresh process then computes the
same remaining time from what was stored.
"""

from __future__ import annotations

import datetime as dt
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

from organizer.services.clock import clock
from organizer.storage.database import Database
from tests.cli.helpers import organizer

T0 = dt.datetime(2026, 11, 20, 18, 0, tzinfo=dt.UTC)

DRIVER = textwrap.dedent(
    """
    import datetime as dt, sys, time
    from organizer.services.clock import clock
    from organizer.storage.database import Database
    T0 = dt.datetime(2026, 11, 20, 18, 0, tzinfo=dt.UTC)
    at = lambda s: T0 + dt.timedelta(seconds=s)
    db = Database("sqlite:///" + sys.argv[1])
    clock.start(db, event_id=1, now=at(0))
    clock.pause(db, event_id=1, now=at(100))
    clock.extend_table(db, event_id=1, table=2, seconds=180)
    clock.resume(db, event_id=1, now=at(400))
    print("ready", flush=True)
    n = 0
    while True:  # the app showing the clock, until it is killed
        clock.status(db, event_id=1, now=at(400 + n))
        n += 1
        time.sleep(0.01)
    """
)


def test_clock_state_is_the_same_after_a_kill(db_path: Path) -> None:
    organizer(db_path, "new", "--name", "K", "--format", "warcaste-skirmish-constructed")
    for name in ("Ada", "Bo", "Cy", "Di"):
        organizer(db_path, "players", "add", name)
    assert organizer(db_path, "pair", "--seed", "1").status == 0
    proc = subprocess.Popen(
        [sys.executable, "-c", DRIVER, str(db_path)], stdout=subprocess.PIPE, text=True
    )
    assert proc.stdout is not None
    assert proc.stdout.readline().strip() == "ready"
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=30)
    assert proc.returncode == -signal.SIGKILL

    db = Database(f"sqlite:///{db_path}")
    try:
        st = clock.status(db, event_id=1, now=T0 + dt.timedelta(seconds=1000))
        # 1000 s since the start, 300 of them paused: 700 s of play gone.
        assert st.view.state == "running"
        assert st.view.remaining_s == 3600 - 700
        assert st.as_dict()["extensions"] == {"2": 180}
        assert st.view.table(2).remaining_s == 3600 - 700 + 180
    finally:
        db.close()
