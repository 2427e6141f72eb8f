"""Reading and writing the UTF-8 files a TO picks in a file dialog (CSV, event JSON).

The services take and return text; this module is the one way both clients read
and write the files a TO names (the GUI through a file dialog, the CLI by path).
Errors come out as `InputError` or `OSError`, both expected, so the screen
shows them as a warning naming the file.

Only a regular file is read: a named pipe, a folder or a device named by mistake
(or on purpose) is refused before anything waits on it. A pipe is opened without
waiting for a writer, so the check itself cannot hang either.
"""

from __future__ import annotations

import os
import stat

from organizer.core.input_bounds import MAX_FILE_BYTES
from organizer.core.whole_file import write_whole
from organizer.services.kit.errors import InputError

_KINDS = (
    (stat.S_ISFIFO, "a named pipe"),
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISCHR, "a device"),
    (stat.S_ISBLK, "a device"),
    (stat.S_ISSOCK, "a socket"),
)

_NO_WAIT: int = getattr(os, "O_NONBLOCK", 0)
"""Opening a named pipe with this returns at once instead of waiting for a writer (POSIX)."""


def _not_a_file(path: str, mode: int) -> InputError:
    kind = next((name for test, name in _KINDS if test(mode)), "not a regular file")
    return InputError(
        f"{path}: this is {kind}, not a file; nothing was read. "
        "Name a deck list, players list, card pool or event file."
    )


def _read_regular(path: str, limit: int) -> bytes:
    """Up to `limit` bytes of `path`, refusing anything but a regular file before reading."""
    if not stat.S_ISREG(mode := os.stat(path).st_mode):
        raise _not_a_file(path, mode)
    fd = os.open(path, os.O_RDONLY | _NO_WAIT | getattr(os, "O_BINARY", 0))
    try:
        if not stat.S_ISREG(mode := os.fstat(fd).st_mode):  # swapped in since the stat
            raise _not_a_file(path, mode)
        if _NO_WAIT:
            os.set_blocking(fd, True)
        with os.fdopen(fd, "rb", closefd=False) as file:
            return file.read(limit)
    finally:
        os.close(fd)


def read_text_file(path: str) -> str:
    """The file's text (a leading byte-order mark is dropped); at most `MAX_FILE_BYTES`."""
    try:
        data = _read_regular(path, MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise InputError(f"{path}: cannot read it ({exc.strerror})") from None
    if len(data) > MAX_FILE_BYTES:
        raise InputError(
            f"{path}: the file is larger than {MAX_FILE_BYTES // 2**20} MB; "
            "no deck list, players list, card pool or event is that large"
        )
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise InputError(f"{path}, line {line}: not UTF-8 text ({exc.reason})") from None


def write_text_file(path: str, text: str) -> None:
    """Write `text` (UTF-8) to `path` whole or not at all: a failed write (a full disk)
    leaves the file that was there as it was (`core.whole_file`, as the printouts)."""
    write_whole(path, text.encode("utf-8"))
