"""Where the test run keeps its files: on a RAM disk only when there is one with room.

`tests/conftest.py` decides it; these check the choice and that the run follows it.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest

from tests.conftest import ram_disk


def test_a_folder_that_is_not_there_is_no_ram_disk(tmp_path: Path) -> None:
    assert ram_disk(tmp_path / "missing") is None


def test_a_writable_folder_with_room_is_used(tmp_path: Path) -> None:
    assert ram_disk(tmp_path, room=1) == tmp_path


def test_a_folder_without_the_room_a_run_needs_is_not_used(tmp_path: Path) -> None:
    """More room than the whole disk holds: what other tests write or delete meanwhile
    (the free room moves while the run goes on) cannot make it enough."""
    size = os.statvfs(tmp_path).f_blocks * os.statvfs(tmp_path).f_frsize
    assert ram_disk(tmp_path, room=size + 1) is None


def test_the_runs_files_are_where_the_temporary_folder_is(
    tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    """`tmp_path`, this process's and every subprocess's temp folder are one place."""
    assert os.environ.get("TMPDIR", tempfile.gettempdir()) == tempfile.gettempdir()
    if request.config.option.basetemp is None or os.environ.get("PYTEST_XDIST_WORKER"):
        assert tmp_path.resolve().is_relative_to(Path(tempfile.gettempdir()).resolve())
