"""Reading and writing the UTF-8 files a TO picks in a file dialog (CSV, event JSON).

The services take and return text; this module is the one way both clients read
and write the files a TO names (the GUI through a file dialog, the CLI by path).
Errors come out as `InputError` or `OSError`, both expected, so the screen
shows them as a warning naming the file.
"""

from __future__ import annotations

from pathlib import Path

from organizer.core.input_bounds import MAX_FILE_BYTES
from organizer.services.errors import InputError


def read_text_file(path: str) -> str:
    """The file's text (a leading byte-order mark is dropped); at most `MAX_FILE_BYTES`."""
    try:
        with Path(path).open("rb") as file:
            data = file.read(MAX_FILE_BYTES + 1)
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
    Path(path).write_text(text, encoding="utf-8")
