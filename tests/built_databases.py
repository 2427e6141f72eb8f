"""Databases built once per test run through the services; each test gets its own copy."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

from organizer.storage.database import Database


class BuiltDatabases:
    """Databases built once per test run by a builder (through the services); each test a copy.

    Why: a module's tests often start from the same event (players registered, a
    round played, results entered), and building it through the services for each
    of them cost more than the tests themselves. The copy is the file the builder
    left, so every test still starts from its own real database.
    """

    def __init__(self, folder: Path, migrated: Path) -> None:
        self.folder = folder
        self.migrated = migrated
        self.built: dict[Callable[[Database], int], tuple[Path, int]] = {}

    def copy(self, builder: Callable[[Database], int], path: Path) -> int:
        """Put a copy of the database `builder` made at `path`; what `builder` returned."""
        if builder not in self.built:
            built = self.folder / f"{len(self.built)}-{builder.__name__}.sqlite3"
            shutil.copyfile(self.migrated, built)
            database = Database(f"sqlite:///{built}")
            try:
                value = builder(database)
            finally:
                database.close()  # closing checkpoints the WAL into the file
            self.built[builder] = (built, value)
        built, value = self.built[builder]
        shutil.copyfile(built, path)
        return value
