"""With ORGANIZER_REPORT_SHOWN set, `python -m organizer` says once that its event is on
screen (what the start-up benchmark times); a user never sets it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from organizer.gui.window.shown_report import ENV, LINE
from organizer.services.demo.demo import create_demo
from organizer.storage.database import Database


@pytest.mark.slow
def test_the_app_says_when_its_event_is_painted(
    db: Database, db_path: Path, tmp_path: Path
) -> None:
    create_demo(db)
    env = dict(
        os.environ,
        QT_QPA_PLATFORM="offscreen",
        ORGANIZER_SETTINGS=str(tmp_path / "settings.ini"),
        **{ENV: "1"},
    )
    app = subprocess.Popen(
        [sys.executable, "-m", "organizer", "--db", str(db_path)],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        env=env,
    )
    try:
        assert app.stdout is not None
        assert app.stdout.readline().strip() == LINE  # the first thing it prints
    finally:
        app.terminate()
        app.wait(60)
