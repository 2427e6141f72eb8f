"""Events → Publish results… as the TO uses it: a folder picked, the site written off the UI
thread, the status bar saying where to open it; refused, with the reason, before the end."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from organizer.gui.window.main_window import MainWindow
from organizer.services.event.finish import finish_event
from organizer.storage.database import Database
from tests.gui.played_events import event_with_players, play_round


def open_window(qtbot: QtBot, db: Database, event_id: int) -> MainWindow:
    window = MainWindow(db)
    qtbot.addWidget(window)
    window.events_model.refresh()
    window.open_event(event_id)
    return window


def test_a_finished_event_is_published_where_the_to_chose(
    qtbot: QtBot, db: Database, tmp_path: Path
) -> None:
    event_id = event_with_players(db, "castle-wars", 8, name="Friday Castle Wars")
    for seed in (1, 2, 3):
        play_round(db, event_id, seed=seed)
    finish_event(db, event_id=event_id)  # no rounds were planned: the TO closes it
    window = open_window(qtbot, db, event_id)
    folder = tmp_path / "posted é"
    window.prompts.folder_path = lambda _title: str(folder)
    assert window.publish_results.action.isEnabled()
    window.publish_results.action.trigger()
    assert (folder / "index.html").is_file()
    assert "Friday Castle Wars" in (folder / "index.html").read_text(encoding="utf-8")
    assert str(folder / "index.html") in window.statusBar().currentMessage()


def test_an_unfinished_event_is_refused_with_its_reason(
    qtbot: QtBot, db: Database, tmp_path: Path
) -> None:
    event_id = event_with_players(db, "castle-wars", 8)
    play_round(db, event_id, seed=1, leave_open={2})
    window = open_window(qtbot, db, event_id)
    warned: list[str] = []
    window.prompts.warn = lambda _title, text: warned.append(text)
    window.prompts.folder_path = lambda _title: str(tmp_path / "site")
    window.publish_results.action.trigger()
    assert warned and "round 1 has 1 result missing" in warned[0]
    assert not (tmp_path / "site").exists()
