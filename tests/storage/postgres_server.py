"""A real, throw-away PostgreSQL 16 server for tests, from the `pgserver` wheel's own programs.

Why here: the PostgreSQL tests must run on a bare machine with nothing but the
installed dependencies, so no apt package and no `runuser`. Finding the programs
and running them as an unprivileged user under root is `organizer.storage.server.programs`,
the same code the app's hosting uses; this helper only makes a trust-auth server in
a temp folder with fsync off (tests want speed, not durability).

`postgres_server()` yields a SQLAlchemy URL (`postgresql+psycopg://...`) of an empty
database and stops the server afterwards. Test helper only; no Qt, not imported by the app.
"""

from __future__ import annotations

import shutil
import socket
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from organizer.storage.server.change_listener import ChangeListener
from organizer.storage.server.programs import available, programs_for

__all__ = ["available", "free_port", "postgres_server", "reachable_tempdir"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def reachable_tempdir(prefix: str) -> Path:
    """A temp folder the server's user can enter (as root it is not root)."""
    workdir = Path(tempfile.mkdtemp(prefix=prefix))
    workdir.chmod(0o755)
    return workdir


@contextmanager
def postgres_server() -> Iterator[str]:
    """Start a server; yields a SQLAlchemy URL of an empty database; stops it afterwards."""
    workdir = reachable_tempdir("organizer-pg-")
    try:
        bindir, who = programs_for(workdir)
        data = workdir / "pgdata"
        data.mkdir(mode=0o700)
        who.own(data)
        port = free_port()
        who.run(bindir / "initdb", "-D", data, "-U", "postgres", "-A", "trust", "-E", "UTF8",
                cwd=data)  # fmt: skip
        options = f"-p {port} -k {data} -c listen_addresses=127.0.0.1 -c fsync=off"
        pg_ctl = bindir / "pg_ctl"
        who.run(pg_ctl, "-D", data, "-o", options, "-w", "-l", data / "log", "start", cwd=data)
        try:
            _create_database(port)
            yield f"postgresql+psycopg://postgres@127.0.0.1:{port}/organizer"
        finally:
            who.run(pg_ctl, "-D", data, "-m", "immediate", "-w", "stop", cwd=data)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


def _create_database(port: int) -> None:
    """CREATE DATABASE through psycopg (an app dependency), so no `createdb` is needed."""
    import psycopg

    with psycopg.connect(
        host="127.0.0.1", port=port, user="postgres", dbname="postgres", autocommit=True
    ) as conn:
        conn.execute("CREATE DATABASE organizer")


def first_notice(listener: ChangeListener) -> list[str]:
    """What the listener hears first, waiting at most 10 s: a commit's notice is queued
    by the time the writer returns, so this waits only for its delivery."""
    heard: list[str] = []
    for _ in range(50):
        heard += listener.wait(0.2)
        if heard:
            break
    return heard
