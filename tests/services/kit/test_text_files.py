"""The one way files a TO names are read: only regular files, never a wait on a pipe."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest

from organizer.services.kit.errors import InputError
from organizer.services.kit.text_files import read_text_file

pipes = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")


def read_in_time(path: Path) -> str | BaseException:
    """What `read_text_file` returns or raises, within 20 s (the failure being a hang)."""
    outcome: list[str | BaseException] = []

    def read() -> None:
        try:
            outcome.append(read_text_file(str(path)))
        except BaseException as exc:  # handed to the test to check
            outcome.append(exc)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    reader.join(20)
    assert outcome, f"reading {path} did not return: it waits on something"
    return outcome[0]


@pipes
def test_a_named_pipe_is_refused_without_waiting_for_a_writer(tmp_path: Path) -> None:
    fifo = tmp_path / "deck.txt"
    os.mkfifo(fifo)
    refused = read_in_time(fifo)
    assert isinstance(refused, InputError)
    assert str(refused) == (
        f"{fifo}: this is a named pipe, not a file; nothing was read. "
        "Name a deck list, players list, card pool or event file."
    )


def test_a_folder_is_refused_by_name(tmp_path: Path) -> None:
    refused = read_in_time(tmp_path)
    assert isinstance(refused, InputError) and "this is a folder, not a file" in str(refused)


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero here")
def test_a_device_is_refused_before_it_is_read() -> None:
    refused = read_in_time(Path("/dev/zero"))  # endless: read, it would fill the memory cap
    assert isinstance(refused, InputError) and "this is a device, not a file" in str(refused)


def test_a_regular_file_and_a_link_to_one_are_read(tmp_path: Path) -> None:
    path = tmp_path / "players.csv"
    path.write_bytes("\ufeffname\nŁukasz\n".encode())
    assert read_in_time(path) == "name\nŁukasz\n"
    if hasattr(os, "symlink"):
        link = tmp_path / "link.csv"
        link.symlink_to(path)
        assert read_in_time(link) == "name\nŁukasz\n"


def test_a_missing_file_says_so(tmp_path: Path) -> None:
    refused = read_in_time(tmp_path / "nope.csv")
    assert isinstance(refused, InputError) and "cannot read it (No such file" in str(refused)
