"""`organizer serve`: the first line is the URL, the page answers there, SIGTERM stops it.

Runs the real command in a subprocess, bound to 127.0.0.1 on a free port.
"""

from __future__ import annotations

import json
import signal
import socket
import subprocess
import sys
import urllib.request
from pathlib import Path

from tests.cli.helpers import organizer


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
