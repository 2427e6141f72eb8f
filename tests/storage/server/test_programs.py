"""As root, the server's folder must be reachable by the system user that runs PostgreSQL.

Why: a TO who runs the app as root and hosts from a folder under a closed parent
(root's home, pytest's own 0700 temp root) got only initdb's "Permission denied";
now the folder that blocks is named, with the command that opens it.
"""

from __future__ import annotations

import os
import shlex
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from organizer.storage.server.embedded import HostedServer, HostingError
from organizer.storage.server.programs import closed_parent, running_as_root
from tests.storage.postgres_server import reachable_tempdir

STRANGER = (os.getuid() + 4242, os.getgid() + 4242)
"""A user and group that own nothing here, as the system user owns nothing of ours."""


@pytest.fixture
def open_dir() -> Iterator[Path]:
    """A folder everyone may enter (pytest's own tmp_path sits under a 0700 folder)."""
    workdir = reachable_tempdir("organizer-closed-")
    yield workdir
    for folder in workdir.rglob("*"):
        if folder.is_dir():
            folder.chmod(0o755)
    shutil.rmtree(workdir)


def test_the_first_closed_parent_is_named(open_dir: Path) -> None:
    opened = open_dir / "open é"
    closed = opened / "closed"
    folder = closed / "Org Host"
    folder.mkdir(parents=True)
    opened.chmod(0o755)
    closed.chmod(0o755)
    assert closed_parent(folder, *STRANGER) is None
    closed.chmod(0o700)
    assert closed_parent(folder, *STRANGER) == closed
    closed.chmod(0o711)  # enter but not list: enough to reach a known path
    assert closed_parent(folder, *STRANGER) is None


def test_a_parent_open_to_the_group_or_owner_lets_them_in(open_dir: Path) -> None:
    closed = open_dir / "group"
    folder = closed / "host"
    folder.mkdir(parents=True)
    closed.chmod(0o710)
    st = closed.stat()
    assert closed_parent(folder, STRANGER[0], st.st_gid) is None
    assert closed_parent(folder, st.st_uid, STRANGER[1]) is None
    assert closed_parent(folder, *STRANGER) == closed


@pytest.mark.skipif(not running_as_root(), reason="only root hands the server to a system user")
def test_hosting_as_root_under_a_closed_folder_says_which_and_how(open_dir: Path) -> None:
    closed = open_dir / "root's own"
    closed.mkdir(mode=0o700)
    with pytest.raises(HostingError) as raised:
        HostedServer(closed / "Org Host é").start()
    said = str(raised.value)
    assert f"cannot enter {closed} " in said
    assert f"chmod o+x {shlex.quote(str(closed))}" in said
    assert not (closed / "Org Host é" / "data").exists()  # nothing half made
