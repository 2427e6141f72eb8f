#!/usr/bin/env python3
"""Set up and run the project with nothing but Python 3.11+ (stdlib only).

    python3 dev.py run     create .venv on first use, install the pinned
                           dependencies, open the app on the embedded SQLite db
    python3 dev.py test    same set-up, then ruff, mypy, lint-imports and the
                           whole pytest suite offscreen
    python3 dev.py bench   the speed benchmarks (tests/benchmarks)
    python3 dev.py setup   only create .venv and install the pinned dependencies

`make run` and `make test` call this file, so both ways do the same thing.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PY = BIN / ("python.exe" if os.name == "nt" else "python")
STAMP = VENV / ".installed"


def sh(*cmd: str | Path, env: dict[str, str] | None = None) -> int:
    print("+", " ".join(str(c) for c in cmd), flush=True)
    return subprocess.call([str(c) for c in cmd], cwd=ROOT, env=env)


def bootstrap() -> None:
    if sys.version_info < (3, 11):  # noqa: UP036 - dev.py may be run by an older python3
        sys.exit(f"Python 3.11 or newer is needed; this is {sys.version.split()[0]}")
    if not PY.exists():
        print(f"creating {VENV}", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    digest = hashlib.sha256(
        (ROOT / "pyproject.toml").read_bytes() + (ROOT / "constraints.txt").read_bytes()
    ).hexdigest()
    if STAMP.exists() and STAMP.read_text() == digest:
        return
    pip = [PY, "-m", "pip", "install", "--disable-pip-version-check", "-q"]
    if sh(*pip, "-c", "constraints.txt", "-e", ".[dev]") != 0:
        sys.exit("installing the dependencies failed (see above)")
    STAMP.write_text(digest)


def run(args: list[str]) -> int:
    return sh(PY, "-m", "organizer", *args)


def test(args: list[str]) -> int:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONDONTWRITEBYTECODE="1")
    for step in (
        [BIN / "ruff", "check", "organizer", "tests", "installer", "tools", "dev.py"],
        [BIN / "ruff", "format", "--check", "organizer", "tests", "installer", "tools", "dev.py"],
        [BIN / "mypy"],
        [BIN / "lint-imports"],
    ):
        if sh(*step, env=env) != 0:
            return 1
    status = sh(PY, "-m", "pytest", "-q", *args, env=env)
    if status == 5:
        print("pytest collected no tests: that is a failure, not a pass", flush=True)
        return 1
    return status


def bench(args: list[str]) -> int:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", ORGANIZER_BENCH="1")
    return sh(PY, "-m", "pytest", "tests/benchmarks", "--benchmark-only", *args, env=env)


def main() -> int:
    if len(sys.argv) < 2 or sys.argv[1] not in ("run", "test", "bench", "setup"):
        print(__doc__)
        return 2
    bootstrap()
    command, rest = sys.argv[1], sys.argv[2:]
    if command == "setup":
        return 0
    return {"run": run, "test": test, "bench": bench}[command](rest)


if __name__ == "__main__":
    sys.exit(main())
