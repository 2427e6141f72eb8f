"""The screenshot tool as a reviewer runs it: every declared scene resolves to its builder,
and a scene shot into a folder with a space and an accent leaves real pictures there."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtGui import QImage

TOOL = Path(__file__).resolve().parents[2] / "tools" / "screens.py"


def run_tool(*args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    return subprocess.run(
        [sys.executable, str(TOOL), *args], env=env, capture_output=True, text=True, timeout=300
    )


def test_every_scene_is_listed_with_what_it_shows() -> None:
    done = run_tool("--list")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) >= 20
    for line in lines:
        name, _, shows = line.partition(" ")
        assert name and shows.strip(), f"scene {name!r} says nothing of what it shows"


def test_an_unknown_scene_is_refused_by_name() -> None:
    done = run_tool("no-such-scene")
    assert done.returncode == 2
    assert "no-such-scene" in done.stderr


@pytest.mark.slow
def test_a_scene_leaves_its_pictures(tmp_path: Path) -> None:
    out = tmp_path / "shots é x"
    done = run_tool("settings", "-o", str(out))
    assert done.returncode == 0, done.stderr
    image = QImage(str(out / "settings-dialog.png"))
    assert not image.isNull() and image.width() > 300 and image.height() > 200
    colours = {image.pixel(x, y) for x in range(0, image.width(), 7) for y in range(0, 200, 7)}
    assert len(colours) > 3, "the dialog was grabbed blank"
