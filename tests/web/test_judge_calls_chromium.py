"""Judge calls in headless Chromium at 360 px, JavaScript off (tools/judge_calls_check.py):
a player calls a judge, the queue shows it, the table's second call is refused, a judge's
phone claims and resolves it; the screenshots are real pictures."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TOOL = ROOT / "tools" / "judge_calls_check.py"
CHROMIUM_LEAVES = "org.chromium.Chromium.*"

pytestmark = pytest.mark.slow


@pytest.mark.skipif(
    not (shutil.which("chromium") or shutil.which("chromium-browser")),
    reason="headless Chromium is not installed",
)
def test_a_call_from_a_phone_claimed_and_resolved_on_another(tmp_path: Path) -> None:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), str(ROOT / "tools")]))
    temp = Path(tempfile.gettempdir())
    before = set(temp.glob(CHROMIUM_LEAVES))
    try:
        done = subprocess.run(
            [sys.executable, str(TOOL), str(tmp_path)],
            env=env,
            capture_output=True,
            text=True,
            timeout=300,
            cwd=ROOT,
        )
    finally:  # Chromium leaves a folder of its own in the temporary folder: ours goes
        for left in set(temp.glob(CHROMIUM_LEAVES)) - before:
            shutil.rmtree(left, ignore_errors=True)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "FAIL" not in done.stdout and "every check passed" in done.stdout
    shots = ("judge-call-button", "judge-queue", "judge-queue-why", "judge-queue-claimed")
    for name in (*shots, "judge-call-claimed"):
        shot = tmp_path / f"{name}-360x740.png"
        assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and shot.stat().st_size > 5000
