"""Running the PostgreSQL 16 programs that the `pgserver` wheel ships, as the right user.

Why: hosting an event for other stations (`storage.server.embedded`) and the tests both
start a real PostgreSQL from those programs (`initdb`, `pg_ctl`, `postgres` in
the folder named by `pgserver._commands.POSTGRES_BIN_PATH`), with no admin
rights and nothing installed. We drive the programs ourselves: pgserver's own
`get_server()` listens on a Unix socket only, with `trust` authentication.

PostgreSQL refuses to run as root. As root, the programs run as the
unprivileged system user `pgserver` (the user pgserver itself creates; made here
with `useradd --system` if missing), from a copy of the programs inside the
server's own folder: the virtual environment may sit in a folder only root can
enter. Otherwise they run as the current user, from the wheel in place.

No Qt, no SQL: only processes and files.
"""

from __future__ import annotations

import importlib.util
import os
import shlex
import shutil
import subprocess
import threading
import warnings
from dataclasses import dataclass
from pathlib import Path

SYSTEM_USER = "pgserver"
PROGRAMS = ("initdb", "pg_ctl", "postgres")


class ProgramsMissingError(RuntimeError):
    """The PostgreSQL programs (the `pgserver` package) are not installed."""


class FolderClosedError(RuntimeError):
    """As root, a parent of the server's folder is closed to the system user."""

    def __init__(self, folder: Path, closed: Path) -> None:
        super().__init__(
            f"PostgreSQL runs as the system user {SYSTEM_USER!r}, who cannot enter {closed} "
            f"(only its owner may), so it cannot reach {folder}. Host from a folder "
            f"others can enter, such as /var/lib/organizer/host, or open that folder "
            f"with: chmod o+x {shlex.quote(str(closed))}"
        )
        self.closed = closed


def closed_parent(folder: Path, uid: int, gid: int) -> Path | None:
    """The first folder above `folder` that user `uid` (group `gid`) may not enter.

    Why by hand: `os.access` answers for the user running it (root, who may
    enter anything), and initdb run as the system user would only say
    "Permission denied" with no word of which folder.
    """
    for parent in reversed(folder.resolve().parents):
        st = parent.stat()
        if st.st_uid == uid:
            allowed = st.st_mode & 0o100
        elif st.st_gid == gid:
            allowed = st.st_mode & 0o010
        else:
            allowed = st.st_mode & 0o001
        if not allowed:
            return parent
    return None


def available() -> bool:
    return importlib.util.find_spec("pgserver") is not None


def wheel_bindir() -> Path:
    if not available():
        raise ProgramsMissingError(
            "hosting needs the pgserver package (PostgreSQL 16); reinstall Organizer"
        )
    with warnings.catch_warnings():  # pgserver's import asks platformdirs for a runtime dir
        warnings.simplefilter("ignore")
        from pgserver._commands import POSTGRES_BIN_PATH
    return Path(POSTGRES_BIN_PATH)


@dataclass(frozen=True, slots=True)
class RunAs:
    """Who the server's programs run as: None for the current user, else (uid, gid)."""

    uid: int | None = None
    gid: int | None = None

    def run(self, *args: str | Path, cwd: Path, timeout: float = 120) -> str:
        """Run one program; its output, or `subprocess.CalledProcessError` with it."""
        done = subprocess.run(
            [str(a) for a in args],
            check=True,
            capture_output=True,
            text=True,
            cwd=cwd,
            user=self.uid,
            group=self.gid,
            extra_groups=[] if self.uid is not None else None,
            timeout=timeout,
        )
        return done.stdout

    def start(self, *args: str | Path, cwd: Path, log: Path) -> subprocess.Popen[bytes]:
        """Start a long-running program with no shell between us and it.

        Every argument reaches the program as it is (a folder with a space, an
        "é" or a `*` is never split or expanded). Its output goes to the end of
        `log`; it runs in a session of its own, so a Ctrl+C at the terminal does
        not reach it, and it keeps running after this process ends.
        """
        with log.open("ab") as out:
            proc = subprocess.Popen(
                [str(a) for a in args],
                stdin=subprocess.DEVNULL,
                stdout=out,
                stderr=subprocess.STDOUT,
                cwd=cwd,
                user=self.uid,
                group=self.gid,
                extra_groups=[] if self.uid is not None else None,
                start_new_session=True,
            )
        # Reap it when it ends (else a stopped server lingers as a zombie that
        # `pg_ctl status` would still count as running).
        threading.Thread(target=proc.wait, name="postgres-reaper", daemon=True).start()
        return proc

    def own(self, path: Path) -> None:
        """Hand `path` to the server's user (a no-op for the current user)."""
        if self.uid is not None and self.gid is not None:
            os.chown(path, self.uid, self.gid)


def _system_user() -> tuple[int, int]:
    import pwd

    try:
        entry = pwd.getpwnam(SYSTEM_USER)
    except KeyError:
        subprocess.run(
            ["useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin",
             SYSTEM_USER],
            check=True,
            capture_output=True,
        )  # fmt: skip
        entry = pwd.getpwnam(SYSTEM_USER)
    return entry.pw_uid, entry.pw_gid


def running_as_root() -> bool:
    return hasattr(os, "geteuid") and os.geteuid() == 0


def _reachable_copy(bindir: Path, into: Path) -> Path:
    """The three programs with their lib/, share/ and libpq, laid out as in the wheel.

    `initdb` finds libpq through the rpath `$ORIGIN/../../../pgserver.libs` and `postgres`
    finds share/ and lib/ beside its bin/, so the copy keeps those relative places.
    Made once per folder; a complete copy is reused.
    """
    install = bindir.parent  # .../pgserver/pginstall
    target = into / "pgserver" / "pginstall"
    done = into / ".complete"
    if done.exists():
        return target / "bin"
    shutil.rmtree(into, ignore_errors=True)
    (target / "bin").mkdir(parents=True)
    for name in PROGRAMS:
        shutil.copy2(bindir / name, target / "bin" / name)
    shutil.copytree(install / "lib", target / "lib")
    shutil.copytree(install / "share", target / "share")
    libs = install.parent.parent / "pgserver.libs"
    if libs.is_dir():
        shutil.copytree(libs, into / "pgserver.libs")
    done.touch()
    return target / "bin"


def programs_for(folder: Path) -> tuple[Path, RunAs]:
    """Where the programs are and whom they run as, for a server kept in `folder`.

    As root, `folder` must be reachable by the system user (its parents searchable,
    else `FolderClosedError`); the programs are copied into `folder/install`.
    """
    bindir = wheel_bindir()
    if not running_as_root():
        return bindir, RunAs()
    uid, gid = _system_user()
    closed = closed_parent(folder, uid, gid)
    if closed is not None:
        raise FolderClosedError(folder, closed)
    folder.chmod(0o755)
    return _reachable_copy(bindir, folder / "install"), RunAs(uid, gid)
