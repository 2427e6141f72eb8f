"""Every command that reads a file a TO names refuses a named pipe at once (exit status 2).

Real `python -m organizer` processes with a time limit: before the refusal, `check-deck`
given a pipe waited forever for a writer that never came.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.cli.helpers import organizer

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")

COMMANDS = {
    "check-deck": ["check-deck", "--format", "castle-wars", "{pipe}"],
    "check-deck --cards": ["check-deck", "--format", "castle-wars", "--cards", "{pipe}", "{deck}"],
    "players import": ["--event", "1", "players", "import", "{pipe}"],
    "players import --check": ["players", "import", "--check", "{pipe}"],
    "cards import": ["cards", "import", "{pipe}"],
    "import": ["import", "{pipe}"],
}


@pytest.mark.slow
@pytest.mark.parametrize("command", list(COMMANDS))
def test_a_named_pipe_is_refused_at_once(command: str, db_path: Path, tmp_path: Path) -> None:
    assert organizer(db_path, "new", "--name", "Friday", "--format", "castle-wars").status == 0
    pipe = tmp_path / "named.pipe"
    os.mkfifo(pipe)
    deck = tmp_path / "deck.txt"
    deck.write_text("1 Iron Keep\n", encoding="utf-8")
    args = [a.format(pipe=pipe, deck=deck) for a in COMMANDS[command]]
    done = subprocess.run(
        [sys.executable, "-m", "organizer", "--db", str(db_path), *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2, done.stderr
    assert f"{pipe}: this is a named pipe, not a file; nothing was read." in done.stderr
    assert "Traceback" not in done.stderr
