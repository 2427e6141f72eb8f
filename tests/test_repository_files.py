"""The repository holds source, not build output: no binary outside `resources/` (fonts,
icons, sample data) and `docs/` (screenshots), and no packaged file (a wheel, an archive,
a compiled module) anywhere. A wheel once sat at the root, used by nothing."""

from __future__ import annotations

import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ALLOWED = ("resources/", "docs/")
PACKAGED = (".whl", ".tar.gz", ".zip", ".egg", ".so", ".dll", ".exe", ".pyc", ".pyd")


def tracked() -> list[str]:
    listed = subprocess.run(
        ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True
    ).stdout.decode("utf-8")
    return [name for name in listed.split("\0") if name]


def is_binary(path: Path) -> bool:
    with open(path, "rb") as handle:
        return b"\0" in handle.read(8192)


def test_no_binary_outside_resources_and_docs() -> None:
    names = tracked()
    assert "README.md" in names  # the listing is the repository's
    stray = [
        name
        for name in names
        if (ROOT / name).is_file()
        and (name.endswith(PACKAGED) or (not name.startswith(ALLOWED) and is_binary(ROOT / name)))
    ]
    assert stray == []
