"""A real, throw-away PostgreSQL server for tests (initdb + pg_ctl in a temp folder).

PostgreSQL refuses to run as root, so as root the server runs as the
`postgres` user that Debian's package creates. CI installs the package.
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


def _bindir() -> Path | None:
    if shutil.which("pg_config"):
        out = subprocess.run(["pg_config", "--bindir"], capture_output=True, text=True)
        candidate = Path(out.stdout.strip())
        if (candidate / "initdb").exists():
            return candidate
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    return Path(found[-1]).parent if found else None


def available() -> bool:
    return _bindir() is not None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def postgres_server() -> Iterator[str]:
    """Start a server; yields a SQLAlchemy URL of an empty database; stops it afterwards.

    The data folder is a fresh temp folder the `postgres` user can reach (pytest's
    own temp folders are private to root).
    """
    workdir = Path(tempfile.mkdtemp(prefix="organizer-pg-"))
    bindir = _bindir()
    if bindir is None:
        raise RuntimeError("PostgreSQL is not installed (apt-get install postgresql)")
    as_root = os.geteuid() == 0
    prefix = ["runuser", "-u", "postgres", "--"] if as_root else []
    data = workdir / "pgdata"
    data.mkdir(parents=True)
    workdir.chmod(0o755)
    if as_root:
        shutil.chown(data, "postgres", "postgres")
    port = _free_port()

    def run(*args: str) -> None:
        subprocess.run([*prefix, *args], check=True, capture_output=True, cwd="/")

    run(str(bindir / "initdb"), "-D", str(data), "-U", "postgres", "-A", "trust", "-E", "UTF8")
    options = f"-p {port} -k {data} -c listen_addresses=127.0.0.1 -c fsync=off"
    run(
        str(bindir / "pg_ctl"),
        "-D",
        str(data),
        "-o",
        options,
        "-w",
        "-l",
        str(data / "log"),
        "start",
    )
    try:
        run(
            str(bindir / "createdb"),
            "-h",
            "127.0.0.1",
            "-p",
            str(port),
            "-U",
            "postgres",
            "organizer",
        )
        yield f"postgresql+psycopg://postgres@127.0.0.1:{port}/organizer"
    finally:
        run(str(bindir / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop")
        shutil.rmtree(workdir, ignore_errors=True)
