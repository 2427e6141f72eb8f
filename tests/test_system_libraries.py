"""`python -m organizer` started directly on a machine without Qt's desktop libraries
says which packages to install (the one apt line dev.py prints), not Qt's "xcb-cursor0".
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from organizer.system_libraries import (
    QT_OFFSCREEN,
    QT_XCB,
    libraries_for_platform,
    missing_packages,
)


def test_the_platform_decides_which_libraries_are_needed() -> None:
    assert libraries_for_platform("offscreen") == QT_OFFSCREEN
    assert libraries_for_platform(None) == QT_OFFSCREEN + QT_XCB  # a desktop session: xcb
    assert libraries_for_platform("xcb:display=:1") == QT_OFFSCREEN + QT_XCB
    assert libraries_for_platform("wayland") == ()  # Qt's own message there
    assert libraries_for_platform(None, wayland=True) == QT_OFFSCREEN  # a Wayland desktop


@pytest.mark.slow
def test_the_app_started_directly_names_the_packages_to_install(tmp_path: Path) -> None:
    """Every machine can take this path: a library that cannot be loaded is missing to
    the dynamic loader whether it is absent or broken, so an empty file of xcb-cursor's
    name first on LD_LIBRARY_PATH takes the user's path without removing packages."""
    broken = tmp_path / "broken libs é"
    broken.mkdir()
    (broken / "libxcb-cursor.so.0").write_bytes(b"")
    env = dict(os.environ, QT_QPA_PLATFORM="xcb", LD_LIBRARY_PATH=str(broken))
    for desktop in ("DISPLAY", "WAYLAND_DISPLAY"):
        env.pop(desktop, None)
    done = subprocess.run(
        [sys.executable, "-m", "organizer", "--db", str(tmp_path / "db.sqlite3")],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
        check=False,
    )
    assert done.returncode == 1
    line = next(ln for ln in done.stderr.splitlines() if "sudo apt-get install" in ln)
    assert "libxcb-cursor0" in line.split()
    # every package named is one this machine really lacks, or the broken one
    assert set(line.split()[3:]) == set(missing_packages(QT_OFFSCREEN + QT_XCB)) | {
        "libxcb-cursor0"
    }
    assert "plugin" not in done.stderr  # Qt was never loaded
