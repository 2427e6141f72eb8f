"""Fixtures shared by every test: a real SQLite database file per test.

In CI (CI=true) a skipped test fails the run: every test must run there.
The speed benchmarks in tests/benchmarks are collected only by `dev.py bench`
(ORGANIZER_BENCH=1): figures belong in benchmarks, not in the test run.
The run's temporary files go to a RAM disk when the machine has one
(`pytest_configure`), in a folder of the run's own; a run that leaves an `organizer-*`
folder or file there (a hosted server's folder, a sound, a self-check) fails.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from organizer.storage.database import Database
from tests.built_databases import BuiltDatabases

WINDOW_SETTINGS_ENV = "ORGANIZER_SETTINGS"
"""organizer.gui.kit.settings_store.ENV, named here so that not every test imports Qt."""

collect_ignore = [] if os.environ.get("ORGANIZER_BENCH") else ["benchmarks"]

RAM_DISK = Path("/dev/shm")
RAM_DISK_FREE = 2 * 1024**3
"""Bytes the RAM disk must have free to hold a run (a whole run writes about 200 MB)."""


def ram_disk(folder: Path = RAM_DISK, room: int = RAM_DISK_FREE) -> Path | None:
    """`folder` (Linux's RAM disk) if it is there, writable, with `room` bytes free; else None."""
    try:
        free = shutil.disk_usage(folder).free
    except OSError:
        return None
    return folder if os.access(folder, os.W_OK | os.X_OK) and free >= room else None


@pytest.hookimpl(tryfirst=True)
def pytest_configure(config: pytest.Config) -> None:
    """Put the run's temporary files (`tmp_path`, servers' folders, subprocesses') on a RAM disk.

    Why: the app commits with `synchronous=FULL` (SQLite) and fsync on (its PostgreSQL),
    as it must for a TO's results, so on a disk every commit of every test waited for
    the disk, and a disk shared with other runs made that the largest part of the
    suite's time (a third of its CPU in the kernel, twice its wall time for the GUI
    and service tests). The files, the commits and the fsync calls are the same on a
    RAM disk; only what a power cut would do differs, which no test can see. A
    TMPDIR set by whoever runs the tests is kept; with no RAM disk, nothing changes.
    Benchmarks (`dev.py bench`) stay on the disk: their figures are what a TO's laptop
    does, commits waiting for its disk included.
    """
    if hasattr(config, "workerinput"):
        return  # an xdist worker: the controller chose the folder; TMPDIR says which
    folder = ram_disk()
    benchmarking = bool(os.environ.get("ORGANIZER_BENCH"))
    if folder is not None and not benchmarking and not os.environ.get("TMPDIR"):
        os.environ["TMPDIR"] = str(folder)
        tempfile.tempdir = None  # `tempfile.gettempdir()` reads TMPDIR again
    own_run_folder(config)


RUN_FOLDER = "organizer_run_folder"
"""Where `pytest_configure` keeps the run's own temporary folder on the config (controller)."""
LEFTOVERS = "organizer-*"
"""What the app and the tests name their temporary folders and files."""


def own_run_folder(config: pytest.Config) -> None:
    """Give the run a temporary folder of its own, inherited by the workers and subprocesses.

    Why its own: the leftovers check (`pytest_sessionfinish`) compares what is in the
    temporary folder before and after the run, and other runs on the same machine (other
    checkouts, other users) make and remove `organizer-*` folders there at the same time.
    In a folder of the run's own, "before" is empty and whatever is left was left by this run.
    """
    remove_old_run_folders(Path(tempfile.gettempdir()))
    run = Path(tempfile.mkdtemp(prefix="pytest-run-"))
    run.chmod(0o755)  # a hosted server's system user must reach the folders made inside
    os.environ["TMPDIR"] = str(run)
    tempfile.tempdir = None
    setattr(config, RUN_FOLDER, (run, set(run.glob(LEFTOVERS))))


def leftovers(config: pytest.Config) -> list[str]:
    """The `organizer-*` entries the run made in its temporary folder and did not remove."""
    run, before = getattr(config, RUN_FOLDER, (None, set()))
    if run is None:
        return []
    return sorted(path.name for path in set(run.glob(LEFTOVERS)) - before)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The modules with a test marked `slow` first, each module's tests in their order.

    Why: `dev.py test` hands whole modules to the workers in this order
    (`--dist loadscope --no-loadscope-reorder`), each worker taking the next when it is
    nearly done. The slow ones (servers, subprocesses: two to fifteen seconds each)
    handed out last left one core idle while the other finished them; the order by
    number of tests (xdist's default) put them last, since they have few.
    """
    slow = {item.path for item in items if item.get_closest_marker("slow") is not None}
    items.sort(key=lambda item: item.path not in slow)  # stable: the rest keep their order


@pytest.fixture(autouse=True)
def own_settings(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test keeps the app's settings (window state, last event) in its own file.

    Without it every window a test opens wrote the user's own settings file, which
    the next test (or another test run at the same time) then read. Not in `tmp_path`,
    which some tests expect to hold only what they made.
    """
    folder = tmp_path_factory.mktemp("settings")
    monkeypatch.setenv(WINDOW_SETTINGS_ENV, str(folder / "settings.ini"))


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "organizer.sqlite3"


@pytest.fixture(scope="session")
def migrated_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One database built by the migrations, once per test run; each test gets a copy.

    Running Alembic for every test's fresh file took about a quarter of the suite.
    The migrations themselves are tested on their own (tests/storage).
    """
    path = tmp_path_factory.mktemp("template") / "organizer.sqlite3"
    Database(f"sqlite:///{path}").close()  # closing checkpoints the WAL into the file
    return path


@pytest.fixture
def db(db_path: Path, migrated_template: Path) -> Iterator[Database]:
    shutil.copyfile(migrated_template, db_path)
    database = Database(f"sqlite:///{db_path}")
    yield database
    database.close()


@pytest.fixture(scope="session")
def built_databases(
    tmp_path_factory: pytest.TempPathFactory, migrated_template: Path
) -> BuiltDatabases:
    return BuiltDatabases(tmp_path_factory.mktemp("built"), migrated_template)


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    left = leftovers(session.config)  # empty in a worker: only the controller has the folder
    if left:
        if reporter:
            reporter.write_line(
                f"{len(left)} temporary folder(s) or file(s) left behind by the tests: "
                + ", ".join(left[:10])
            )
        session.exitstatus = 1
    skipped = len(reporter.stats.get("skipped", [])) if reporter else 0
    if os.environ.get("CI") and skipped and exitstatus == 0:
        if reporter:
            reporter.write_line(f"{skipped} test(s) were skipped; no test may be skipped in CI")
        session.exitstatus = 1


def pytest_unconfigure(config: pytest.Config) -> None:
    """Empty the run's own temporary folder (`own_run_folder`) after the last report.

    multiprocessing's own folder (`pymp-*`, the race tests' fork server) is left to
    multiprocessing, which removes it as the process exits, after this; the run folder,
    empty by then, goes with the next run's `remove_old_run_folders`."""
    run, _ = getattr(config, RUN_FOLDER, (None, set()))
    if run is None:
        return
    for entry in run.iterdir():
        if not entry.name.startswith("pymp-"):
            shutil.rmtree(entry, ignore_errors=True) if entry.is_dir() else entry.unlink()
    with contextlib.suppress(OSError):
        run.rmdir()


OLD_RUN = 3600.0
"""Seconds after which an empty run folder is surely not a run still starting."""


def remove_old_run_folders(base: Path) -> None:
    """Remove the empty run folders earlier runs left (see `pytest_unconfigure`)."""
    now = time.time()
    for old in base.glob("pytest-run-*"):
        with contextlib.suppress(OSError):
            if now - old.stat().st_mtime > OLD_RUN:
                old.rmdir()  # only if empty: a run still going keeps its folder
