"""`organizer serve`: the first line is the URL, the page answers there, SIGTERM stops it,
and a room full of phones holding connections open does not keep a player waiting.

Runs the real command in a subprocess, bound to 127.0.0.1 on a free port, with the
server settings it ships with.
"""

from __future__ import annotations

import http.client
import json
import signal
import socket
import subprocess
import sys
import threading
import urllib.request
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path

import pytest

from tests.cli.helpers import organizer
from tests.stress import repeats

pytestmark = pytest.mark.slow


def test_serve_prints_the_url_first_and_stops_on_sigterm(db_path: Path) -> None:
    organizer(db_path, "new", "--name", "Served", "--format", "castle-wars")
    for name in ("Ada", "Bo", "Cy", "Di"):
        organizer(db_path, "players", "add", name)
    assert organizer(db_path, "pair", "--seed", "1").status == 0
    proc = subprocess.Popen(
        [sys.executable, "-m", "organizer", "--db", str(db_path), "serve",
         "--bind", "127.0.0.1", "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )  # fmt: skip
    try:
        assert proc.stdout is not None
        url = proc.stdout.readline().strip()
        assert url.startswith("http://127.0.0.1:") and url.endswith("/")
        assert "Only this computer" in proc.stdout.readline()
        with urllib.request.urlopen(url + "api/pairings.json", timeout=10) as reply:
            doc = json.load(reply)
        assert doc["round"] == 1
        assert {p["a"]["name"] for p in doc["pairings"]} <= {"Ada", "Bo", "Cy", "Di"}
        proc.send_signal(signal.SIGTERM)
        out, err = proc.communicate(timeout=20)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(timeout=10)
    assert proc.returncode == 0, err
    assert "stopped" in out


def test_serve_refuses_a_port_in_use(db_path: Path) -> None:
    organizer(db_path, "new", "--name", "Served", "--format", "castle-wars")
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        outcome = organizer(db_path, "serve", "--bind", "127.0.0.1", "--port", str(port))
    assert outcome.status == 1
    assert "cannot serve the players' page on 127.0.0.1" in outcome.err


IDLE_PHONES = 200
SLOW_SENDERS = 10
ASKS_EACH = repeats(5, 20)
"""Requests each of the busy room's 60 phones makes: the first 60 at once already queue
44 behind 16 threads; the rest only make that last longer."""
KEEP_ALIVE_GET = b"GET /api/clock.json HTTP/1.1\r\nHost: page\r\nConnection: keep-alive\r\n\r\n"


@contextmanager
def serving(db_path: Path) -> Iterator[tuple[subprocess.Popen[str], str]]:
    proc = subprocess.Popen(
        [sys.executable, "-m", "organizer", "--db", str(db_path), "serve",
         "--bind", "127.0.0.1", "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )  # fmt: skip
    try:
        assert proc.stdout is not None
        yield proc, proc.stdout.readline().strip()
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=10)


def ask(connection: http.client.HTTPConnection, path: str) -> int:
    connection.request("GET", path)
    reply = connection.getresponse()
    reply.read()
    return reply.status


def idle_keep_alive(stack: ExitStack, port: int) -> http.client.HTTPConnection:
    """A phone's connection: one request answered, then kept open and quiet."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=20)
    stack.callback(connection.close)
    assert ask(connection, "/api/clock.json") == 200
    return connection


def test_serve_answers_a_phone_while_200_idle_and_some_slow_connections_stay_open(
    db_path: Path,
) -> None:
    """waitress's defaults accepted 100 connections: the 201st phone waited for minutes."""
    organizer(db_path, "new", "--name", "Full room", "--format", "castle-wars")
    for name in ("Ada", "Bo", "Cy", "Di"):
        organizer(db_path, "players", "add", name)
    assert organizer(db_path, "pair", "--seed", "1").status == 0
    with serving(db_path) as (_proc, url), ExitStack() as stack:
        port = int(url.rsplit(":", 1)[1].strip("/"))
        phones = [idle_keep_alive(stack, port) for _ in range(IDLE_PHONES)]
        for _ in range(SLOW_SENDERS):  # a request line, and then nothing more for now
            slow = stack.enter_context(socket.create_connection(("127.0.0.1", port), timeout=20))
            slow.sendall(b"GET /standings HTTP/1.1\r\nHost: page\r\n")
        # the 211th connection: answered while every other one is still held open
        with urllib.request.urlopen(url + "api/pairings.json", timeout=15) as reply:
            assert reply.status == 200
            assert json.load(reply)["round"] == 1
        for phone in phones[:3]:  # the idle phones were kept, not dropped to make room
            assert phone.sock is not None
            phone.sock.sendall(KEEP_ALIVE_GET)
            assert phone.sock.recv(12) == b"HTTP/1.1 200"


@pytest.mark.stress
def test_a_busy_room_is_one_log_line_not_one_per_request(db_path: Path) -> None:
    """60 phones at once on 16 threads: waitress warned "Task queue depth is N" per request."""
    organizer(db_path, "new", "--name", "Busy", "--format", "castle-wars")
    for name in ("Ada", "Bo", "Cy", "Di"):
        organizer(db_path, "players", "add", name)
    assert organizer(db_path, "pair", "--seed", "1").status == 0
    with serving(db_path) as (proc, url):
        port = int(url.rsplit(":", 1)[1].strip("/"))
        statuses: list[int] = []
        start = threading.Barrier(60)

        def phone() -> None:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            try:
                start.wait(30)
                statuses.extend(ask(connection, "/pairings") for _ in range(ASKS_EACH))
            finally:
                connection.close()

        phones = [threading.Thread(target=phone) for _ in range(60)]
        for t in phones:
            t.start()
        for t in phones:
            t.join(120)
        proc.send_signal(signal.SIGTERM)
        _out, err = proc.communicate(timeout=20)
    assert statuses == [200] * 60 * ASKS_EACH
    assert "Task queue depth" not in err
    assert len([line for line in err.splitlines() if "players' page busy" in line]) <= 1
