"""Stations on one hosted event, as the TO at station B sees them.

A real hosted server (as the app ships it: every interface); B is a real window that joins with the
code through the Join dialog; station A is another process (the command
line) entering results. A's result shows in B's Rounds tab and standings
within two seconds while B's half-typed slip, selection and scroll stay; B
then pressing Enter on its slip for that table is asked before anything is
replaced. The server stopped mid-round: B says so, refuses writes with "not
connected: nothing was saved", and recovers by itself when it is back. A
wrong password is refused plainly. And the Host dialog: start, code, stop.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtWidgets import QDialog
from pytestqt.qtbot import QtBot

from organizer.core.results import Score
from organizer.gui.stations.host_dialog import HostDialog
from organizer.gui.stations.join_dialog import JoinDialog
from organizer.gui.window.main_window import MainWindow, create_main_window
from organizer.services.event import events, interchange
from organizer.services.rounds import pairing
from organizer.services.stations import stations
from organizer.storage.database import Database
from organizer.storage.server.embedded import FOLDER_ENV_VAR, HostedServer
from tests.gui.answers import Answers, two_player
from tests.gui.played_events import event_with_players
from tests.storage.postgres_server import available, free_port
from tests.storage.server.hosted import host_folder

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not available(), reason="PostgreSQL (pgserver) is not installed"),
]

ROOT = Path(__file__).resolve().parents[3]
SHOWS_WITHIN_MS = 2000


@pytest.fixture
def settings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ORGANIZER_SETTINGS", str(tmp_path / "settings.ini"))


@pytest.fixture
def hosted(tmp_path: Path, settings: None) -> Iterator[tuple[str, int, Path]]:
    """A hosted event in round 1: (join code, event id, server folder)."""
    station = tmp_path / "host-station.sqlite3"
    db = Database(f"sqlite:///{station}")
    event_id = event_with_players(db, "castle-wars", 16, name="Convention hall")
    db.close()
    with host_folder() as folder:
        started = stations.start_hosting(str(station), folder=folder, port=free_port())
        host = Database(started.local_url)
        pairing.pair_next(host, event_id=event_id, seed=7)
        host.close()
        assert started.hosted.code is not None
        yield started.hosted.code, event_id, folder


def answer_dialog(code: str) -> Callable[[QDialog], int]:
    def fill(dialog: QDialog) -> int:
        assert isinstance(dialog, JoinDialog)
        dialog.code_combo.setCurrentText(code)
        dialog.accept()
        return int(dialog.result())

    return fill


@pytest.fixture
def station_b(
    hosted: tuple[str, int, Path], tmp_path: Path, qtbot: QtBot
) -> Iterator[tuple[MainWindow, Answers]]:
    code, event_id, _folder = hosted
    own = Database(f"sqlite:///{tmp_path / 'b.sqlite3'}")
    win = create_main_window(own)
    qtbot.addWidget(win)
    win.resize(1280, 800)
    win.show()
    qtbot.waitExposed(win)
    answers = Answers(win, confirm=False, choice=None)
    win.prompts.run_dialog = answer_dialog(code)
    win.stations.join()
    assert not win.db.is_sqlite and re.match(r"Organizer — host [\d.]+:\d+", win.windowTitle())
    assert win.event_view is not None and win.event_view.event_id == event_id
    win.event_view.tabs.setCurrentWidget(win.event_view.rounds_tab)
    yield win, answers
    win.close()
    win.db.close()


def station_a(url: str, *args: str) -> subprocess.CompletedProcess[str]:
    """Another station: the command line in its own process."""
    return subprocess.run(
        [sys.executable, "-m", "organizer", "--db", url, *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_a_result_from_another_station_shows_without_losing_the_slip(
    station_b: tuple[MainWindow, Answers], qtbot: QtBot
) -> None:
    win, answers = station_b
    assert win.event_view is not None
    tab = win.event_view.rounds_tab
    tab.table.setFixedHeight(150)  # so that it scrolls
    qtbot.wait(50)
    tab.entry.table_edit.setText("3")  # B is typing table 3's slip: 0-2 (table 3 selected)
    two_player(tab).score_edit.setText("0-2")
    two_player(tab).score_edit.setFocus()
    bar = tab.table.verticalScrollBar()
    bar.setValue(bar.maximum())  # and has scrolled down to look at the last tables
    scrolled = bar.value()
    assert scrolled > 0

    done = station_a(win.db.url, "result", "3", "2-0")
    assert done.returncode == 0, done.stderr
    row = tab.model.row_of_table(3)
    assert row is not None
    qtbot.waitUntil(lambda: tab.model.row_at(row).result == Score(2, 0), timeout=SHOWS_WITHIN_MS)
    assert (tab.entry.table_edit.text(), two_player(tab).score_edit.text()) == ("3", "0-2")
    assert "has 2-0" in tab.entry.slip_label.text()
    assert tab.selected_table() == 3
    assert tab.table.verticalScrollBar().value() == scrolled
    assert "2 results" not in tab.status_label.text()

    standings = win.event_view.standings_tab
    win.event_view.tabs.setCurrentWidget(standings)
    done = station_a(win.db.url, "result", "5", "0-2")
    assert done.returncode == 0, done.stderr
    b_of_5 = tab.model.row_at(tab.model.row_of_table(5) or 0).names[1]

    def b_of_5_has_3_points() -> bool:
        rows = {r.name: r.points for r in standings.model.rows()}
        return rows.get(b_of_5) == 3

    qtbot.waitUntil(b_of_5_has_3_points, timeout=SHOWS_WITHIN_MS)

    win.event_view.tabs.setCurrentWidget(tab)
    two_player(tab).score_edit.setFocus()
    qtbot.keyClick(two_player(tab).score_edit, "\r")  # Enter on B's slip: a conflict, asked first
    question = answers.questions[-1]
    assert question.startswith("Table 3 has 2-0; change to 0-2?")  # what
    assert re.search(r"2-0 was entered \d\d:\d\d at \S+@\S+\.$", question)  # when, who
    match = next(
        m
        for m in interchange.load_event(win.db, event_id=win.event_view.event_id).rounds[0].matches
        if m.table == 3
    )
    assert match.wins == (2, 0)  # declined: A's result stands


def test_the_server_stopped_mid_round_is_said_and_recovered(
    station_b: tuple[MainWindow, Answers], hosted: tuple[str, int, Path], qtbot: QtBot
) -> None:
    win, _answers = station_b
    _code, event_id, folder = hosted
    assert win.event_view is not None
    tab = win.event_view.rounds_tab
    width = win.width()
    assert station_a(win.db.url, "result", "1", "2-1").returncode == 0
    server = HostedServer(folder)
    server.stop()  # `organizer host` stopped with Ctrl+C
    status = win.stations.status
    qtbot.waitUntil(lambda: "host stopped sharing" in status.text(), timeout=15000)
    assert win.stations.stopped_bar.isVisible()  # Leave / Wait offered
    assert win.isEnabled() and tab.model.rowCount() == 8  # still readable

    tab.entry.table_edit.setText("2")
    two_player(tab).score_edit.setText("2-0")
    tab.entry.record()
    assert tab.entry.error_label.text() == "The host stopped sharing this event: nothing was saved."
    assert two_player(tab).score_edit.text() == "2-0"  # the slip is kept to try again
    qtbot.wait(50)
    assert win.width() == width  # no message widens the window

    win.stations.stopped_bar.wait_button.click()  # Wait: the note goes, the status stays
    assert not win.stations.stopped_bar.isVisible() and "host stopped" in status.text()
    server.start()
    qtbot.waitUntil(lambda: "Connected" in status.text(), timeout=15000)
    tab.entry.record()
    assert tab.entry.error_label.text() == ""
    matches = {
        m.table: m.wins for m in interchange.load_event(win.db, event_id=event_id).rounds[0].matches
    }
    assert matches[1] == (2, 1) and matches[2] == (2, 0)  # nothing lost, nothing doubled


def test_a_host_that_stops_sharing_is_said_and_leave_goes_home(
    station_b: tuple[MainWindow, Answers], hosted: tuple[str, int, Path], qtbot: QtBot
) -> None:
    """The host's Stop hosting (the move back): station B is let go, says so in one
    short line, its window keeps its width, and Leave takes it back to its own file."""
    win, _answers = station_b
    _code, event_id, folder = hosted
    assert win.event_view is not None
    tab = win.event_view.rounds_tab
    win.resize(900, 700)  # a laptop's window: room for nothing long
    qtbot.wait(50)
    width = win.width()
    host_file = win.stations.home_url.replace("b.sqlite3", "host-station.sqlite3")
    moved, _kept = stations.move_back(host_file, folder=folder)
    assert moved == 1
    status = win.stations.status
    qtbot.waitUntil(lambda: "host stopped sharing" in status.text(), timeout=15000)
    bar = win.stations.stopped_bar
    assert status.text() == "● The host stopped sharing this event: writes are refused"
    assert bar.isVisible() and bar.leave_button.isVisible() and bar.wait_button.isVisible()

    tab.entry.table_edit.setText("4")
    two_player(tab).score_edit.setText("2-1")
    tab.entry.record()
    said = tab.entry.error_label.text()
    assert said == "The host stopped sharing this event: nothing was saved."
    qtbot.wait(50)
    assert win.width() == width

    bar.leave_button.click()
    assert win.db.is_sqlite and not bar.isVisible()
    assert win.windowTitle().endswith("b.sqlite3")
    back = Database(host_file)
    try:  # what station B's slip said was not saved is not in the host's file either
        matches = interchange.load_event(back, event_id=event_id).rounds[0].matches
        assert all(m.wins is None for m in matches)
    finally:
        back.close()


def test_a_wrong_password_is_refused_plainly(
    hosted: tuple[str, int, Path], db: Database, qtbot: QtBot
) -> None:
    code, _event_id, _folder = hosted
    wrong = stations.join_url(code).replace("organizer_station:", "organizer_station:X", 1)
    win = create_main_window(db)
    qtbot.addWidget(win)
    answers = Answers(win, choice=None)
    assert not win.stations.join_url(wrong)
    ((text, buttons),) = answers.choices
    assert "refused the password" in text and buttons == ("Retry",)
    assert win.db is db  # still on its own file
    win.close()


def test_the_host_dialog_starts_shows_the_code_and_stops(
    tmp_path: Path, settings: None, monkeypatch: pytest.MonkeyPatch, qtbot: QtBot
) -> None:
    own = Database(f"sqlite:///{tmp_path / 'h.sqlite3'}")
    event_id = event_with_players(own, "castle-wars", 8, name="Store night")
    with host_folder() as folder:
        monkeypatch.setenv(FOLDER_ENV_VAR, str(folder))
        win = create_main_window(own)
        qtbot.addWidget(win)
        answers = Answers(win, confirm=True)
        shown: dict[str, str] = {}

        def start_then_look(dialog: QDialog) -> int:
            assert isinstance(dialog, HostDialog)
            assert dialog.start_button.isVisible() or not dialog.stop_button.isVisible()
            assert dialog.intro.text().startswith("Other stations")
            assert "Start hosting moves the events" in dialog.intro.text()
            dialog.start_button.click()
            shown["intro"] = dialog.intro.text()
            shown["code"] = dialog.code_label.text()
            shown["stations"] = dialog.stations_label.text()
            return 0

        win.prompts.run_dialog = start_then_look
        assert " " in str(folder) and "é" in str(folder)  # as a user's data folder may be
        win.stations.open_host_dialog()
        url = stations.join_url(shown["code"])
        assert url.startswith("postgresql+psycopg://")
        read = station_a(url, "players", "list", "--json")  # another process, through the code
        assert read.returncode == 0, read.stderr
        assert len(json.loads(read.stdout)["players"]) == 8
        assert "1 station connected" in shown["stations"]
        assert "Start hosting" not in shown["intro"]  # while hosting, it says what is now
        assert shown["intro"].startswith("This computer is hosting its events.")
        assert win.windowTitle().startswith("Organizer — hosted here")
        assert "1 station connected" in win.stations.status.text()
        assert not win.db.is_sqlite and win.event_view is not None
        assert win.event_view.event_id == event_id

        assert win.stations.stop_hosting()
        assert answers.questions[-1].startswith("Stop hosting?")
        assert win.db.is_sqlite and win.event_view is not None
        assert not HostedServer(folder).is_running()
        assert [e.name for e in events.list_events(win.db)] == ["Store night"]
        win.close()
    win.db.close()
