"""Fixtures of the command-line tests: the database file a test names is already migrated.

Why: nearly every test here starts with `organizer new` on its own file, and each
such first command ran every Alembic migration on a new file (tens of milliseconds
each, a few seconds over the module). The file is a copy of the run's migrated
template (tests/conftest.py), as the services' tests get. A command on a file that
is not there yet still runs as a user runs it (`organizer demo` on a new file, in a
subprocess: tests/docs/test_readme_links.py), and the migrations are tested in
tests/storage.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest


@pytest.fixture
def db_path(tmp_path: Path, migrated_template: Path) -> Path:
    path = tmp_path / "organizer.sqlite3"
    shutil.copyfile(migrated_template, path)
    return path
