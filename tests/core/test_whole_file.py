"""A file written whole or not at all, readable as any file the TO saves."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from organizer.core.whole_file import write_whole
from organizer.printing.render import save


def umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_a_saved_printout_is_readable_as_a_new_file_is(tmp_path: Path) -> None:
    folder = tmp_path / "Printouts é"
    folder.mkdir()
    pdf = save(b"%PDF-1.4 pairings", folder / "round 1.pdf")
    assert pdf.read_bytes() == b"%PDF-1.4 pairings"
    assert mode(pdf) == 0o666 & ~umask()  # not the temporary file's owner-only 0600
    assert [p.name for p in folder.iterdir()] == ["round 1.pdf"]  # no temporary left


def test_a_file_replaced_keeps_its_own_permissions(tmp_path: Path) -> None:
    event = tmp_path / "event.json"
    event.write_text("old")
    event.chmod(0o640)
    write_whole(event, b"new")
    assert event.read_bytes() == b"new" and mode(event) == 0o640


def test_a_failed_write_leaves_the_old_file_and_no_temporary(tmp_path: Path) -> None:
    event = tmp_path / "event.json"
    event.write_text("old")
    with pytest.raises(TypeError):  # the write fails midway, after the temporary is made
        write_whole(event, "not bytes")  # type: ignore[arg-type]
    assert event.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["event.json"]
