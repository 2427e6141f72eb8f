"""A hosted server (`storage.server.embedded`) in a temp folder, for the tests of hosting.

Why a helper: several test modules (storage, services, CLI, GUI) need a real
hosting server as the app ships it (listening on every interface, the bind a
user gets), in a folder whose path has a space and an "é" (as macOS's
`~/Library/Application Support` and many users' names have) that the server's
user can reach, stopped and removed afterwards. No Qt.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from organizer.storage.server.embedded import HostedServer
from tests.storage.postgres_server import free_port, reachable_tempdir

FOLDER_NAME = "Org Host é"
"""A space and a non-ASCII letter: what a shell or a socket path would mangle."""


@contextmanager
def host_folder() -> Iterator[Path]:
    """A folder for a hosted server; whatever runs from it is stopped afterwards."""
    workdir = reachable_tempdir("organizer-host-")
    folder = workdir / FOLDER_NAME
    try:
        yield folder
    finally:
        try:
            HostedServer(folder).stop()
        finally:
            shutil.rmtree(workdir, ignore_errors=True)


@contextmanager
def hosted_server() -> Iterator[HostedServer]:
    """A started server with the app's defaults (every interface) on a free port."""
    with host_folder() as folder:
        server = HostedServer(folder)
        server.start(port=free_port())
        yield server
