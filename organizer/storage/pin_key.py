"""The installation's PIN key: the secret that PIN digests are keyed with, kept OUTSIDE
the database.

A 6-digit PIN has only a million values, so any digest of it can be reversed by trying
them all; what makes a stolen database useless is a key the thief does not have. The key
is 32 random bytes in a file beside the SQLite file (`<file>.pinkey`, readable by its
owner only), not in it: a copy of the database alone gives no PIN away, and the key
costs nothing to use, so registering thousands of players stays fast (issue 36, item 11).
An in-memory database keeps its key in memory. A hosted server keeps its key in the
database wrapped under the stations' password (`storage.hosted_pin_key`); any other
server database has no key, and its PINs keep the slower scrypt digest (docs/pins.md).
"""

from __future__ import annotations

import os
import secrets
import threading
from pathlib import Path

KEY_BYTES = 32
SUFFIX = ".pinkey"

_made: dict[str, bytes] = {}
_guard = threading.Lock()


def key_file(database_file: str) -> Path:
    """Where the key of this SQLite file lives: beside it, `<file>.pinkey`."""
    return Path(database_file).with_name(Path(database_file).name + SUFFIX)


def pin_key(database_file: str) -> bytes:
    """The key for this SQLite file, made on first use; `database_file` is the file's
    path, or ":memory:" (a key for the process)."""
    with _guard:
        if database_file in _made:
            return _made[database_file]
        key = secrets.token_bytes(KEY_BYTES) if database_file == ":memory:" else None
        if key is None:
            key = _read_or_make(key_file(database_file))
        _made[database_file] = key
        return key


def _read_or_make(path: Path) -> bytes:
    try:
        key = path.read_bytes()
    except FileNotFoundError:
        key = b""
    if len(key) == KEY_BYTES:
        return key
    made = secrets.token_bytes(KEY_BYTES)
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL
    try:
        fd = os.open(path, flags, 0o600)
    except FileExistsError:  # another process made it meanwhile (or a bad one is there)
        key = path.read_bytes()
        if len(key) == KEY_BYTES:
            return key
        raise OSError(f"{path} is not a PIN key ({len(key)} bytes): move it away") from None
    with os.fdopen(fd, "wb") as out:
        out.write(made)
        out.flush()
        os.fsync(out.fileno())
    return made


def replace_key(database_file: str, key: bytes) -> None:
    """Make `key` this SQLite file's key: when a hosted server's events move back into the
    file, their PINs come with the server's key. Written whole, then renamed over."""
    path = key_file(database_file)
    fresh = path.with_name(path.name + ".new")
    fd = os.open(fresh, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "wb") as out:
        out.write(key)
        out.flush()
        os.fsync(out.fileno())
    os.replace(fresh, path)
    with _guard:
        _made[database_file] = key
