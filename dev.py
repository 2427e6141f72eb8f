#!/usr/bin/env python3
"""Set up and run the project with nothing but Python 3.11+ (stdlib only).

    python3 dev.py run     create .venv on first use, install the pinned
                           dependencies, open the app on the embedded SQLite db
    python3 dev.py test    same set-up, then ruff, mypy, lint-imports and the
                           whole pytest suite offscreen
    python3 dev.py bench   the speed benchmarks (tests/benchmarks)
    python3 dev.py setup   only create .venv and install the pinned dependencies

`make run` and `make test` call this file, so both ways do the same thing.

On Linux, before anything else, it checks that the system libraries the PySide6
wheels load are there (Qt's offscreen platform for `test`; also the X11/xcb
platform for `run`) and otherwise stops at once with the one `apt-get install`
line that adds what is missing. Everything else comes from pip.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import threading
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PY = BIN / ("python.exe" if os.name == "nt" else "python")
STAMP = VENV / ".installed"


# The libraries Qt loads and the packages that have them: one list, shared with
# `python -m organizer` started directly (organizer/system_libraries.py, stdlib only).
sys.path.insert(0, str(ROOT))
from organizer.system_libraries import (  # noqa: E402 - after the path is set
    QT_OFFSCREEN,
    QT_XCB,
    install_message,
    missing_packages,
)

# The programs the test suite drives, with the Debian package that has each: the
# players' page and the judges' phones are walked in headless Chromium
# (tests/web/test_judge_calls_chromium.py). A test that cannot find one is skipped,
# and in CI a skipped test fails the run, so `test` asks for them as for Qt's libraries.
TEST_PROGRAMS = ((("chromium", "chromium-browser"), "chromium"),)


def missing_programs(programs: tuple[tuple[tuple[str, ...], str], ...]) -> list[str]:
    """The packages of the programs found under none of their names (Linux only)."""
    if not sys.platform.startswith("linux"):
        return []
    return [package for names, package in programs if not any(map(shutil.which, names))]


def check_system(
    libraries: tuple[tuple[str, str], ...],
    programs: tuple[tuple[tuple[str, ...], str], ...] = (),
) -> None:
    """Stop with the one `apt-get install` line for what is missing; as root with apt-get
    (a fresh container, CI), install it instead and go on."""
    libraries_missing = missing_packages(libraries)
    missing = libraries_missing + missing_programs(programs)
    if not missing:
        return
    if hasattr(os, "geteuid") and os.geteuid() == 0 and shutil.which("apt-get"):
        print("installing from apt:", " ".join(missing), flush=True)
        env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
        apt = ["apt-get", "-qq"]
        if subprocess.call([*apt, "update"], env=env) == 0 and (
            subprocess.call([*apt, "install", "-y", "--no-install-recommends", *missing], env=env)
            == 0
        ):
            return
    if missing == libraries_missing:
        sys.exit(install_message(missing))
    sys.exit(install_message(missing, "The tests need system packages that are missing"))


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


def test_env() -> dict[str, str]:
    """Offscreen Qt; bytecode cached under .venv, not beside the sources.

    Why a cache: every `python -m organizer` a test starts would otherwise compile
    the app again (about 0.15 s each), and pytest would rewrite every test module.
    """
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPYCACHEPREFIX=str(VENV / "pycache"))
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def checked_quietly(steps: list[list[str | Path]], env: dict[str, str]) -> tuple[int, str]:
    """Run `steps` one after the other with their output kept; (status, what they printed)."""
    printed = []
    for step in steps:
        printed.append("+ " + " ".join(str(c) for c in step) + "\n")
        done = subprocess.run(
            [str(c) for c in step], cwd=ROOT, env=env, capture_output=True, text=True
        )
        printed.append(done.stdout + done.stderr)
        if done.returncode != 0:
            return 1, "".join(printed)
    return 0, "".join(printed)


def usable_cores() -> int:
    """The cores this process may run on, as pytest-xdist's `-n auto` counts them: a CI
    container pinned to 2 of a host's 64 cores gets 2, where os.cpu_count() says 64."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


def test(args: list[str]) -> int:
    """ruff first; then mypy and lint-imports beside pytest, which runs on every core.

    Why side by side: mypy from a cold cache takes a core for ~13 s, and pytest's
    workers wait on servers and subprocesses often enough to lend it one. Their
    output is printed after pytest's (in full when they fail), and any failure fails the
    command.
    `python3 dev.py test -n 0 ...` runs pytest in one process. Whole modules go to
    the workers in the order tests/conftest.py gives (the slow ones first), so
    that no long module is left for the end while the other core has nothing to do.
    One worker more than there are cores: the hosting, race and page modules spend
    a third of their time waiting on servers and subprocesses, and the extra worker
    runs other modules meanwhile (on two cores: 82 s instead of 87 s; two more
    workers than cores was slower again, 89 s, each worker costing its own start).
    """
    env = test_env()
    folders = ["organizer", "tests", "installer", "tools", "dev.py"]
    for step in ([BIN / "ruff", "check", *folders], [BIN / "ruff", "format", "--check", *folders]):
        if sh(*step, env=env) != 0:
            return 1
    checks: list[tuple[int, str]] = []
    beside = threading.Thread(
        target=lambda: checks.append(checked_quietly([[BIN / "mypy"], [BIN / "lint-imports"]], env))
    )
    beside.start()
    workers = str(usable_cores() + 1)
    distribution = ["-n", workers, "--dist", "loadscope", "--no-loadscope-reorder"]
    status = sh(PY, "-m", "pytest", "-q", *distribution, *args, env=env)
    beside.join()
    ((checked, printed),) = checks
    # In full only when they found something: otherwise one line, so that pytest's summary
    # stays at the end of the log, where a CI log that keeps only its tail shows it.
    print(printed if checked else "mypy and lint-imports: no problems\n", end="", flush=True)
    if status == 5:
        print("pytest collected no tests: that is a failure, not a pass", flush=True)
        return 1
    return status or checked


def bench(args: list[str]) -> int:
    """The speed benchmarks, then the repeated scenarios at their full count (tests/stress.py)."""
    env = dict(test_env(), ORGANIZER_BENCH="1")
    status = sh(PY, "-m", "pytest", "tests/benchmarks", "--benchmark-only", *args, env=env)
    return status or sh(PY, "-m", "pytest", "-q", "-m", "stress", "tests", env=env)


def main() -> int:
    if len(sys.argv) < 2 or sys.argv[1] not in ("run", "test", "bench", "setup"):
        print(__doc__)
        return 2
    if sys.argv[1] != "setup":
        run_app = sys.argv[1] == "run"
        check_system(
            QT_OFFSCREEN + (QT_XCB if run_app else ()),
            TEST_PROGRAMS if sys.argv[1] == "test" else (),
        )
    bootstrap()
    command, rest = sys.argv[1], sys.argv[2:]
    if command == "setup":
        return 0
    return {"run": run, "test": test, "bench": bench}[command](rest)


if __name__ == "__main__":
    sys.exit(main())
