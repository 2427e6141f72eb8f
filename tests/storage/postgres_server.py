"""A real, throw-away PostgreSQL 16 server for tests, from the `pgserver` wheel's own programs.

Why here: the PostgreSQL tests must run on a bare machine with nothing but the dev
extras installed, so no apt package and no `runuser`. `pgserver` (a dev extra) ships
`initdb`, `pg_ctl` and `postgres` in the folder named by `pgserver._commands.POSTGRES_BIN_PATH`;
we drive those programs ourselves (its own `get_server()` keeps a server per data folder
alive across processes, which tests do not want).

PostgreSQL refuses to run as root. As root, the server runs as the unprivileged system
user `pgserver` (the user `pgserver` itself creates; made here with `useradd --system` if
missing), from a copy of the programs in a temp folder that user can reach: the
virtual environment may sit in a folder only root can enter. Otherwise it runs as the
current user, from the wheel in place.

`postgres_server()` yields a SQLAlchemy URL (`postgresql+psycopg://...`) of an empty
database and stops the server afterwards. Test helper only; no Qt, not imported by the app.
"""

from __future__ import annotations

import importlib.util
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

SYSTEM_USER = "pgserver"
PROGRAMS = ("initdb", "pg_ctl", "postgres")


def available() -> bool:
    return importlib.util.find_spec("pgserver") is not None


def _bindir() -> Path:
    with warnings.catch_warnings():  # pgserver's import asks platformdirs for a runtime dir
        warnings.simplefilter("ignore")
        from pgserver._commands import POSTGRES_BIN_PATH
    return Path(POSTGRES_BIN_PATH)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _system_user() -> pwd.struct_passwd:
    try:
        return pwd.getpwnam(SYSTEM_USER)
    except KeyError:
        subprocess.run(
            ["useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin",
             SYSTEM_USER],
            check=True,
            capture_output=True,
        )  # fmt: skip
        return pwd.getpwnam(SYSTEM_USER)


def _reachable_copy(bindir: Path, into: Path) -> Path:
    """The three programs with their lib/, share/ and libpq, laid out as in the wheel.

    `initdb` finds libpq through the rpath `$ORIGIN/../../../pgserver.libs` and `postgres`
    finds share/ and lib/ beside its bin/, so the copy keeps those relative places.
    """
    install = bindir.parent  # .../pgserver/pginstall
    target = into / "pgserver" / "pginstall"
    (target / "bin").mkdir(parents=True)
    for name in PROGRAMS:
        shutil.copy2(bindir / name, target / "bin" / name)
    shutil.copytree(install / "lib", target / "lib")
    shutil.copytree(install / "share", target / "share")
    libs = install.parent.parent / "pgserver.libs"
    if libs.is_dir():
        shutil.copytree(libs, into / "pgserver.libs")
    return target / "bin"


@contextmanager
def postgres_server() -> Iterator[str]:
    """Start a server; yields a SQLAlchemy URL of an empty database; stops it afterwards."""
    workdir = Path(tempfile.mkdtemp(prefix="organizer-pg-"))
    try:
        bindir = _bindir()
        as_root = os.geteuid() == 0
        user = _system_user() if as_root else None
        if user is not None:
            workdir.chmod(0o755)
            bindir = _reachable_copy(bindir, workdir / "install")
        data = workdir / "pgdata"
        data.mkdir(mode=0o700)
        if user is not None:
            os.chown(data, user.pw_uid, user.pw_gid)
        port = _free_port()

        def run(*args: str) -> None:
            subprocess.run(
                args,
                check=True,
                capture_output=True,
                cwd=data,
                user=user.pw_uid if user else None,
                group=user.pw_gid if user else None,
                extra_groups=[] if user else None,
                timeout=120,
            )

        run(str(bindir / "initdb"), "-D", str(data), "-U", "postgres", "-A", "trust", "-E", "UTF8")
        options = f"-p {port} -k {data} -c listen_addresses=127.0.0.1 -c fsync=off"
        pg_ctl = str(bindir / "pg_ctl")
        run(pg_ctl, "-D", str(data), "-o", options, "-w", "-l", str(data / "log"), "start")
        try:
            _create_database(port)
            yield f"postgresql+psycopg://postgres@127.0.0.1:{port}/organizer"
        finally:
            run(pg_ctl, "-D", str(data), "-m", "immediate", "-w", "stop")
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


def _create_database(port: int) -> None:
    """CREATE DATABASE through psycopg (an app dependency), so no `createdb` is needed."""
    import psycopg

    with psycopg.connect(
        host="127.0.0.1", port=port, user="postgres", dbname="postgres", autocommit=True
    ) as conn:
        conn.execute("CREATE DATABASE organizer")
