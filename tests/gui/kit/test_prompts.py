"""Prompts.read_text and open_text: how every "Load…" and "Import…" reads the file the TO
names, with a real file on disk and the real guard (`attempt`) around reading it."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QDialog
from pytestqt.qtbot import QtBot

from organizer.gui.kit.prompts import OpenedText, Prompts


def test_open_text_gives_the_picked_file_and_its_text(prompts: Prompts, tmp_path: Path) -> None:
    path = tmp_path / "list.txt"
    path.write_bytes("\ufeff4 Ashen Sentry\n".encode())
    asked: list[tuple[str, str]] = []

    def pick(title: str, name_filter: str) -> str:
        asked.append((title, name_filter))
        return str(path)

    prompts.open_path = pick
    assert prompts.open_text("Load deck list", "Text (*.txt)") == OpenedText(
        str(path), "4 Ashen Sentry\n"
    )
    assert asked == [("Load deck list", "Text (*.txt)")]


def test_open_text_is_none_when_the_to_cancels(prompts: Prompts) -> None:
    prompts.open_path = lambda _title, _filter: None
    assert prompts.open_text("Load deck list", "Text (*.txt)") is None


def test_a_file_that_cannot_be_read_is_said_under_the_title_and_gives_none(
    prompts: Prompts, tmp_path: Path
) -> None:
    warned: list[tuple[str, str]] = []
    prompts.warn = lambda title, text: warned.append((title, text))
    bad = tmp_path / "pool.csv"
    bad.write_bytes(b"name\n\xff\xfe\n")
    prompts.open_path = lambda _title, _filter: str(bad)
    assert prompts.open_text("Load drafted pool", "CSV (*.csv)") is None
    assert prompts.read_text("Import CSV", str(tmp_path / "gone.csv")) is None
    assert [title for title, _ in warned] == ["Load drafted pool", "Import CSV"]
    assert f"{bad}, line 2: not UTF-8 text" in warned[0][1]
    assert "gone.csv: cannot read it" in warned[1][1]


@pytest.mark.parametrize("answer", ["accept", "reject"])
def test_accepted_runs_the_real_dialog_and_says_whether_the_to_chose_ok(
    prompts: Prompts, qtbot: QtBot, answer: str
) -> None:
    dialog = QDialog()
    qtbot.addWidget(dialog)
    QTimer.singleShot(0, getattr(dialog, answer))  # the TO presses OK or Esc once it is shown
    assert prompts.accepted(dialog) is (answer == "accept")
