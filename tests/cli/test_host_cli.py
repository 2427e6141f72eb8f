"""`organizer host` as a TO runs it, and two command-line stations racing on it.

The host is a real process (`organizer host` with no options, as a TO types
it) with its server in a folder whose path has a space and an "é"
(`ORGANIZER_HOST_DIR`), listening where the app listens by default (every
interface). Its first line is the join URL (this machine's LAN address), its
second the join code for the same URL; a second process reads the event
through that URL. Two more processes then race: pairing
at once makes one round, two results for one table leave one (the other is
refused naming it; one table in `make test`, three in `make bench`), two
extensions for one table both count. SIGTERM stops the server cleanly.

One host serves the whole module: starting it (a PostgreSQL server set up from
nothing, the events moved onto it) is the slow part, and the first test only
reads from it.
"""

from __future__ import annotations

import json
import re
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from organizer.services.event import interchange
from organizer.storage.database import Database
from organizer.storage.server.embedded import FOLDER_ENV_VAR, HostedServer
from organizer.storage.server.join_code import read_code
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
URL_LINE = re.compile(r"^postgresql\+psycopg://organizer_station:\w+@[\d.]+:\d+/organizer$")


def organizer(*args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "organizer", *args],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def race(url: str, *commands: list[str]) -> list[tuple[int, str, str]]:
    """Start every command at once against `url`; (exit status, stdout, stderr) of each."""
    procs = [organizer("--db", url, *c) for c in commands]
    done = []
    for p in procs:
        out, err = p.communicate(timeout=120)
        done.append((p.returncode, out, err))
    return done


RACED_TABLES = repeats(1, 3)
"""Tables two stations enter a result for at once (each race is the same scenario)."""


@pytest.fixture(scope="module")
def host(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str, Path]]:
    station = tmp_path_factory.mktemp("host-cli") / "station.sqlite3"
    db = Database(f"sqlite:///{station}")
    event_with_players(db, "castle-wars", 12, name="Hall event")
    db.close()
    with host_folder() as folder, pytest.MonkeyPatch.context() as monkeypatch:
        monkeypatch.setenv(FOLDER_ENV_VAR, str(folder))
        assert " " in str(folder) and "é" in str(folder)
        proc = organizer("--db", str(station), "host")
        try:
            assert proc.stdout is not None
            url, code = proc.stdout.readline().strip(), proc.stdout.readline().strip()
            assert URL_LINE.match(url), (url, proc.stderr.read() if proc.stderr else "")
            yield url, code, folder
            proc.send_signal(signal.SIGTERM)
            out, err = proc.communicate(timeout=60)
            assert proc.returncode == 0, err
            assert "stopped" in out
            assert not HostedServer(folder).is_running()
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait(timeout=30)


def test_host_prints_the_url_then_the_code_for_it(host: tuple[str, str, Path]) -> None:
    url, code, _folder = host
    assert read_code(code).url == url
    done = race(url, ["players", "list", "--json"])
    assert done[0][0] == 0
    assert len(json.loads(done[0][1])["players"]) == 12  # moved from the station's file


def test_two_stations_race_pair_result_and_clock(host: tuple[str, str, Path]) -> None:
    url, _code, _folder = host
    paired = race(url, ["pair"], ["pair"])
    assert sorted(status for status, _, _ in paired) == [0, 1], paired
    db = Database(url)
    try:
        (event,) = [interchange.load_event(db, event_id=1)]
        assert [r.number for r in event.rounds] == [1]
        tables = [m.table for m in event.rounds[0].matches if m.table is not None]
        for table in tables[:RACED_TABLES]:
            entered = race(url, ["result", str(table), "2-0"], ["result", str(table), "0-2"])
            statuses = [status for status, _, _ in entered]
            assert sorted(statuses) == [0, 1], entered
            winner = "2-0" if statuses[0] == 0 else "0-2"
            refused = entered[statuses.index(1)][2]
            assert f"already has {winner}" in refused
            stored = next(
                m for m in interchange.load_event(db, event_id=1).rounds[0].matches
                if m.table == table
            )  # fmt: skip
            assert stored.wins == ((2, 0) if winner == "2-0" else (0, 2))
        different = race(url, ["result", str(tables[3]), "2-1"], ["result", str(tables[4]), "1-2"])
        assert [status for status, _, _ in different] == [0, 0]
        assert race(url, ["clock", "start"])[0][0] == 0
        open_table = str(tables[5])
        extended = race(
            url, ["clock", "extend", open_table, "3"], ["clock", "extend", open_table, "3"]
        )
        assert [status for status, _, _ in extended] == [0, 0], extended
        status = race(url, ["clock", "status", "--json"])[0]
        assert json.loads(status[1])["extensions"] == {open_table: 360}  # no lost write
        matches = interchange.load_event(db, event_id=1).rounds[0].matches
        assert sum(1 for m in matches if m.wins is not None) == RACED_TABLES + 2
    finally:
        db.close()
