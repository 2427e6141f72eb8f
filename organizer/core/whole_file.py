"""Writing a file a TO names whole or not at all: the printouts (PDF) and the event file.

Why one place: a full disk or a crash mid-write must leave the file that was there as
it was, and the new file must be readable as any file the TO saves (the permissions
of the file it replaces, else what the umask gives a new one), not only by its owner
as a temporary file is. The bytes go to a temporary file beside the target, flushed
to the disk, which is then renamed over it.

Standard library only; no Qt, no SQL.
"""

from __future__ import annotations

import os
import stat
import tempfile
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
