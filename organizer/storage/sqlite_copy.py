"""A consistent copy of a SQLite file, taken with SQLite's own online backup.

Why not copy the bytes: the file may be open (a window, another station) and in
WAL mode, where committed rows can still sit in the -wal file beside it. The
backup API copies what is committed, whole, whatever is open.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path


def copy_sqlite_file(source: Path, target: Path) -> None:
    """Copy the database at `source` into `target` (created or overwritten)."""
    src, dst = sqlite3.connect(source), sqlite3.connect(target)
    try:
        src.backup(dst)
    finally:
        dst.close()
        src.close()
