"""Writing a file a TO names whole or not at all: the printouts (PDF), the event file, and
the published results' folder.

Why one place: a full disk or a crash mid-write must leave the file that was there as
it was, and the new file must be readable as any file the TO saves (the permissions
of the file it replaces, else what the umask gives a new one), not only by its owner
as a temporary file is. The bytes go to a temporary file beside the target, flushed
to the disk, which is then renamed over it.

Standard library only; no Qt, no SQL.
"""

from __future__ import annotations

import os
import shutil
import stat
import tempfile
from collections.abc import Mapping
from pathlib import Path


def _read_umask() -> int:
    umask = os.umask(0o022)  # read once, at import (one thread), and put back
    os.umask(umask)
    return umask


_UMASK = _read_umask()


def write_whole(path: str | os.PathLike[str], data: bytes) -> Path:
    """Write `data` to `path` whole or not at all; the path written."""
    target = Path(path)
    fd, temp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(temp, _mode_for(target))
        os.replace(temp, target)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
    return target


def _mode_for(target: Path) -> int:
    """The file's own permissions when it exists; else what a new file gets (umask)."""
    try:
        return stat.S_IMODE(target.stat().st_mode)
    except OSError:
        return 0o666 & ~_UMASK


def write_folder_whole(folder: str | os.PathLike[str], files: Mapping[str, bytes]) -> Path:
    """Write `files` (name -> bytes) as the folder `folder`, whole or not at all.

    The files are written into a new folder beside it and moved into place in one rename;
    a folder already there is moved aside first and removed once the new one stands, so a
    crash leaves either the old folder or the new one (and at most a leftover beside them),
    never a half-written mix. The caller decides whether an existing folder may go.
    """
    target = Path(folder)
    parent = target.parent
    parent.mkdir(parents=True, exist_ok=True)
    fresh = Path(tempfile.mkdtemp(prefix=f".{target.name}.", suffix=".new", dir=parent))
    try:
        for name, data in files.items():
            path = fresh / name
            path.parent.mkdir(parents=True, exist_ok=True)
            with open(path, "wb") as handle:
                handle.write(data)
                handle.flush()
                os.fsync(handle.fileno())
        fresh.chmod(0o777 & ~_UMASK)
    except BaseException:
        shutil.rmtree(fresh, ignore_errors=True)
        raise
    aside = None
    if target.exists():
        aside = Path(tempfile.mkdtemp(prefix=f".{target.name}.", suffix=".old", dir=parent))
        os.replace(target, aside / target.name)
    try:
        os.replace(fresh, target)
    except BaseException:
        if aside is not None:  # the old folder goes back where it was
            os.replace(aside / target.name, target)
            aside.rmdir()
        shutil.rmtree(fresh, ignore_errors=True)
        raise
    if aside is not None:
        shutil.rmtree(aside, ignore_errors=True)
    return target
