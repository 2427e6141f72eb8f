"""A SIGKILL in the middle of a players import leaves all of it or none of it.

Runs the real command line in a subprocess on a real SQLite file, kills it
once it reports progress, then opens the database again.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from sqlalchemy import text

from organizer.services.players import registration
from organizer.storage.database import Database
from tests.cli.helpers import organizer

ROWS = 6_000


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs POSIX signals")
def test_sigkill_during_import_loses_nothing_and_half_writes_nothing(
    db_path: Path, tmp_path: Path
) -> None:
    assert organizer(db_path, "new", "--name", "Kill", "--format", "castle-wars").status == 0
    assert organizer(db_path, "players", "add", "Already Here").status == 0
    csv = tmp_path / "big.csv"
    csv.write_text(
        "name,email\n" + "".join(f"Player {i},p{i}@example.org\n" for i in range(ROWS)),
        encoding="utf-8",
    )
    proc = subprocess.Popen(
        [sys.executable, "-m", "organizer", "--db", str(db_path), "players", "import", str(csv)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=dict(os.environ, PYTHONUNBUFFERED="1"),
    )
    assert proc.stderr is not None
    last_progress = ""
    for line in proc.stderr:
        if line.startswith("importing:"):
            last_progress = line.strip()
            proc.send_signal(signal.SIGKILL)
            break
    proc.wait(timeout=60)
    assert proc.returncode == -signal.SIGKILL, "the import must be killed while it runs"
    assert last_progress.startswith("importing: ") and not last_progress.endswith(f"{ROWS}/{ROWS}")

    db = Database(f"sqlite:///{db_path}")
    try:
        with db.engine.connect() as conn:
            assert conn.execute(text("PRAGMA integrity_check")).scalar() == "ok"
        event_id = 1
        names = [p.name for p in registration.list_players(db, event_id=event_id)]
        assert names == ["Already Here"], "killed before commit: none of the import is there"
        report = registration.import_players_csv(
            db, event_id=event_id, text=csv.read_text(encoding="utf-8")
        )
        assert report.value.added == ROWS
        assert len(registration.list_players(db, event_id=event_id)) == ROWS + 1
    finally:
        db.close()
