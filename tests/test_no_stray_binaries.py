"""The repository holds no binary outside `resources/` and `docs/`.

Why: a wheel (`vulture-2.16-py3-none-any.whl`) sat committed at the root, used by
nothing; built files in the history stay there forever and hide what the source is.
Images, fonts and card data belong in `resources/` (what the app ships) or `docs/`
(what the manual shows). A binary is a file with a NUL byte in its first 8 KB, or a
packaged or compiled file by its name (a wheel, an archive, a library, a program).
"""

from __future__ import annotations

import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ALLOWED = ("resources/", "docs/")
PACKAGED = (".whl", ".tar.gz", ".zip", ".so", ".dll", ".exe", ".pyc")
HEAD = 8192


def is_binary(path: Path) -> bool:
    """A NUL byte in the first 8 KB (what git itself looks at), or a packaged extension."""
    if path.name.lower().endswith(PACKAGED):
        return True
    with path.open("rb") as f:
        return b"\0" in f.read(HEAD)


def tracked_files() -> list[str]:
    listed = subprocess.run(
        ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True
    ).stdout
    return [name for name in listed.decode("utf-8").split("\0") if name]


def test_binary_means_a_nul_byte_or_a_packaged_file(tmp_path: Path) -> None:
    text, nul, wheel = tmp_path / "a.py", tmp_path / "a.bin", tmp_path / "x-1.0-py3-none-any.whl"
    text.write_text("print('é')\n", "utf-8")
    nul.write_bytes(b"PK\x03\x04\0\0")
    wheel.write_text("not even zipped", "utf-8")
    assert [is_binary(p) for p in (text, nul, wheel)] == [False, True, True]


def test_no_binary_is_tracked_outside_resources_and_docs() -> None:
    stray = [
        name
        for name in tracked_files()
        if not name.startswith(ALLOWED) and (ROOT / name).is_file() and is_binary(ROOT / name)
    ]
    assert stray == []
