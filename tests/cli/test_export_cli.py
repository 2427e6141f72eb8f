"""`organizer export -o FILE`: the file is written whole or not at all.

A failed export (the disk full) must never truncate the good export already at
FILE. The failure is real: the command runs in its own process with a file-size
limit (`RLIMIT_FSIZE`) below the size of the event's JSON, so its write of the
file fails as on a full disk (Python ignores SIGXFSZ, so the write raises).
"""

from __future__ import annotations

import json
import resource
import subprocess
import sys
from pathlib import Path

import pytest

from organizer.storage.database import Database
from tests.cli.helpers import organizer
from tests.gui.played_events import event_with_players

ROOT = Path(__file__).resolve().parents[2]
PLAYERS = 4000
"""Enough that half the JSON is more than the database's own small files need (its -shm)."""


@pytest.fixture
def station(tmp_path: Path) -> Path:
    path = tmp_path / "station.sqlite3"
    db = Database(f"sqlite:///{path}")
    event_with_players(db, "castle-wars", PLAYERS, name="Big enough to fill a small disk")
    db.close()
    return path


def test_export_writes_the_file(station: Path, tmp_path: Path) -> None:
    target = tmp_path / "event.json"
    done = organizer(station, "export", "-o", str(target))
    assert done.status == 0, done.err
    assert len(json.loads(target.read_text("utf-8"))["players"]) == PLAYERS
    assert sorted(p.name for p in tmp_path.iterdir()) == ["event.json", "station.sqlite3"]


def test_a_failed_export_leaves_the_file_that_was_there(station: Path, tmp_path: Path) -> None:
    target = tmp_path / "event.json"
    assert organizer(station, "export", "-o", str(target)).status == 0
    good = target.read_bytes()
    limit = len(good) // 2  # room for half the JSON: the write fails midway
    assert limit > 64 * 1024  # while opening the database still works

    def small_disk() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    done = subprocess.run(
        [sys.executable, "-m", "organizer", "--db", str(station), "export", "-o", str(target)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        preexec_fn=small_disk,
    )
    assert done.returncode != 0
    assert "Traceback" not in done.stderr
    assert str(target) in done.stderr or "too large" in done.stderr, done.stderr
    assert target.read_bytes() == good  # not truncated, not half-written
    leftovers = sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("."))
    assert leftovers == []  # the temporary file is gone too
