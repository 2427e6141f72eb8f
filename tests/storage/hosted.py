"""A hosted server (`storage.hosting`) in a temp folder, for the tests of hosting.

Why a helper: several test modules (storage, services, CLI, GUI) need a real
hosting server on 127.0.0.1 with a free port, in a folder the server's user
can reach, stopped and removed afterwards. No Qt.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from organizer.storage.hosting import HostedServer
from tests.storage.postgres_server import free_port, reachable_tempdir


@contextmanager
def host_folder() -> Iterator[Path]:
    """A folder for a hosted server; whatever runs from it is stopped afterwards."""
    workdir = reachable_tempdir("organizer-host-")
    folder = workdir / "host"
    try:
        yield folder
    finally:
        try:
            HostedServer(folder).stop()
        finally:
            shutil.rmtree(workdir, ignore_errors=True)


@contextmanager
def hosted_server() -> Iterator[HostedServer]:
    """A started server listening on 127.0.0.1 only."""
    with host_folder() as folder:
        server = HostedServer(folder)
        server.start(bind="127.0.0.1", port=free_port())
        yield server
