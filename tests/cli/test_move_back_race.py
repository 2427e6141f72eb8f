"""A move back loses nothing: stations writing while `organizer host --move-back` runs.

Real processes all round, as at an event: the host's server started by the
service in a folder with a space and an "é"; station processes creating events
(`new`) and importing card pools (`cards import`) through the join URL; and
`organizer host --move-back` in its own process, all at the same moment. The
writes that take no event's lock are the ones a move back once lost (16 of 23
new events, 7 of 8 card pools over 8 trials). Every write a station was told
was saved (exit 0) must be in the file afterwards; the others were refused in
one short line. The host then holds nothing: nothing landed after the move.

Each trial is the same race; `make test` runs a few, `make bench` more
(`tests/stress.py`).
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from itertools import zip_longest
from pathlib import Path

import pytest

from organizer.services.event import events
from organizer.services.kit.resources import sample_pool_path
from organizer.services.stations import stations
from organizer.storage.copy_database import event_count
from organizer.storage.database import Database
from organizer.storage.server.embedded import FOLDER_ENV_VAR, HostedServer
from tests.gui.played_events import event_with_players
from tests.storage.postgres_server import available
from tests.storage.server.hosted import host_folder
from tests.stress import repeats

pytestmark = [
    pytest.mark.slow,
    pytest.mark.stress,
    pytest.mark.skipif(not available(), reason="PostgreSQL (pgserver) is not installed"),
]

ROOT = Path(__file__).resolve().parents[2]
TRIALS = repeats(2, 8)
NEW_EVENTS = 3
CARD_POOLS = 2
SPREAD_S = 2.5
"""The station writes start over this long, the move back in the middle of it."""


@pytest.fixture(scope="module")
def folder() -> Iterator[Path]:
    with host_folder() as f:
        yield f


def organizer(*args: str, env: dict[str, str] | None = None) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "organizer", *args],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )


def in_the_file(station: Path) -> tuple[set[str], str]:
    """The event names in the station's file, and its card pool journal as one text."""
    db = Database(f"sqlite:///{station}")
    try:
        names = {e.name for e in events.list_events(db)}
    finally:
        db.close()
    with sqlite3.connect(station) as conn:
        rows = conn.execute("SELECT summary FROM journal WHERE action = 'cards.import'")
        imports = "\n".join(summary for (summary,) in rows)
    return names, imports


@pytest.mark.parametrize("trial", range(TRIALS))
def test_writes_racing_a_move_back_are_in_the_file_or_refused(
    trial: int, folder: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    work = tmp_path_factory.mktemp(f"race-{trial}")
    station = work / "station.sqlite3"
    db = Database(f"sqlite:///{station}")
    event_with_players(db, "castle-wars", 8, name="Already here")
    db.close()
    started = stations.start_hosting(str(station), folder=folder)
    url = started.hosted.url
    pools = []
    for k in range(CARD_POOLS):
        pool = work / f"pool-{trial}-{k}.csv"
        shutil.copy(sample_pool_path("castle-wars"), pool)
        pools.append(pool)
    news: list[tuple[str, list[str]]] = [
        (f"Race {trial}-{k}", ["new", "--name", f"Race {trial}-{k}", "--format", "castle-wars"])
        for k in range(NEW_EVENTS)
    ]
    imports = [(pool.name, ["cards", "import", str(pool)]) for pool in pools]
    writes = [w for pair in zip_longest(news, imports) for w in pair if w is not None]
    # one kind, then the other: both kinds start before and after the move back
    done: dict[str, tuple[int, str]] = {}

    def station_writes(what: str, args: list[str], delay: float) -> None:
        time.sleep(delay)
        proc = organizer("--db", url, *args)
        _out, err = proc.communicate(timeout=120)
        done[what] = (proc.returncode, err)

    threads = [
        threading.Thread(target=station_writes, args=(what, args, i * SPREAD_S / len(writes)))
        for i, (what, args) in enumerate(writes)
    ]
    for t in threads:
        t.start()
    time.sleep(SPREAD_S / 2)
    env = {**os.environ, FOLDER_ENV_VAR: str(folder)}
    mover = organizer("--db", str(station), "host", "--move-back", env=env)
    out, err = mover.communicate(timeout=180)
    for t in threads:
        t.join(timeout=180)
    assert mover.returncode == 0, err
    assert "back into this station's file" in out

    names, journal = in_the_file(station)
    assert "Already here" in names
    for what, (status, said) in done.items():
        if status == 0:
            assert what in names or what in journal, f"{what} exited 0 but is not in the file"
        else:
            assert said.strip() and len(said.strip().splitlines()) == 1, said  # one short line
            assert "Traceback" not in said
    host = Database(HostedServer(folder).admin_url())
    try:
        assert event_count(host) == 0  # nothing landed on the host after the move
        assert events.list_events(host) == []
    finally:
        host.close()
