"""The TO's event day walked once more, as issue 24 asks, on a real X server, with screenshots.

The tests walk each part of the day on its own; this script walks it in one go
the way a new TO meets it, so a person can look at what the screen shows:

    apt-get install -y xvfb x11-apps imagemagick chromium libxcb-icccm4 libxcb-keysyms1
    Xvfb :99 -screen 0 1366x768x24 &
    DISPLAY=:99 .venv/bin/python tools/walk_event_day.py [OUT_DIR]

It starts the app as `python -m organizer` does (`run_app`'s own steps: the
shipped settings, a fresh data folder, the window fitted to the 1366x768
screen) with ORGANIZER_DB, ORGANIZER_SETTINGS and ORGANIZER_HOST_DIR in a
folder whose path has a space and an "é", then drives it from inside the
process (the window's own actions, buttons and key clicks):

1. the first window on a fresh station (the first steps, which mention joining);
2. the demo event, then Events → Host for other stations… with the defaults;
3. a second station, a second process (`--station CODE`), joins with the code;
   the host stops sharing; the station says so, and a slip typed then is
   refused in one short line;
4. the players' page in headless Chromium at 360 px, following a result typed
   in the app without a reload; the status bar naming the event it serves;
5. an event JSON without a format imported and opened; "lukasz" in its
   Players search; the events list's Rounds column after pairing;
6. a long status message (the window keeps its width);
7. a 4,096-player event imported and opened, every tab shown.

Screenshots of the whole screen (ImageMagick's `import -window root`) go to
OUT_DIR (default: a temporary folder, printed); each step prints what it saw,
and the exit status is 1 when a check failed. Copy the few worth keeping to
docs/screenshots/walk-*.png.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from PySide6.QtCore import Qt, QTimer  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import QApplication, QDialog, QLabel, QMessageBox  # noqa: E402

FAILED: list[str] = []
SEEN_BOXES: list[str] = []
"""The text of every message box the walk met (each one is answered OK and printed)."""


def answer_boxes() -> None:
    """A message box the app shows (a warning, an error) is printed, noted and closed, so
    the walk goes on and the report says what a TO would have read."""
    box = QApplication.activeModalWidget()
    if isinstance(box, QMessageBox):
        text = f"{box.windowTitle()}: {box.text()}"
        print(f"     message box: {text!r}", flush=True)
        SEEN_BOXES.append(text)
        box.done(int(QMessageBox.StandardButton.Ok))


def check(ok: bool, what: str) -> None:
    print(("ok   " if ok else "FAIL ") + what, flush=True)
    if not ok:
        FAILED.append(what)


def pump(seconds: float) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        QApplication.processEvents()
        time.sleep(0.02)


def wait_for(test: Callable[[], object], seconds: float = 30) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if test():
            return True
        QApplication.processEvents()
        time.sleep(0.05)
    return bool(test())


def shoot(out: Path, name: str, settle: float = 0.5) -> None:
    """The whole X screen, as the TO sees it."""
    pump(settle)
    path = out / f"{name}.png"
    subprocess.run(["import", "-window", "root", str(path)], check=True)
    print(f"     screenshot {path}", flush=True)


def set_environment(workdir: Path, station: str) -> None:
    data = workdir / station
    data.mkdir(parents=True, exist_ok=True)
    os.environ["ORGANIZER_DB"] = str(data / "organizer.sqlite3")
    os.environ["ORGANIZER_SETTINGS"] = str(data / "settings.ini")
    os.environ["ORGANIZER_HOST_DIR"] = str(data / "Host données")


def start_app() -> object:
    """`run_app` up to `app.exec()`: the same window, the same start."""
    from organizer.gui.window.app import _application, start_window
    from organizer.gui.window.main_window import MainWindow
    from organizer.gui.window.window_state import WindowState, settings_store
    from organizer.storage.database import Database

    app = _application()
    boxes = QTimer(app)
    boxes.timeout.connect(answer_boxes)
    boxes.start(500)
    window = MainWindow(Database.open(None), state=WindowState(settings_store()))
    start_window(window, None)
    pump(2)
    return window


def result_entry_type(window: object, table: int, score: str) -> str:
    """Type a slip in the Rounds tab (table, score, Enter); what the slip's line says then."""
    from organizer.gui.rounds.rounds_tab import RoundsTab
    from organizer.gui.window.event_view import TABS

    view = window.event_view  # type: ignore[attr-defined]
    view.tabs.setCurrentIndex(list(TABS).index("Rounds"))  # the TO clicks Rounds
    tab = view.tabs.currentWidget()
    if not isinstance(tab, RoundsTab):  # not readable now: the status bar says why
        return f"(no Rounds tab) status bar: {window.statusBar().currentMessage()}"  # type: ignore[attr-defined]
    wait_for(lambda: not tab.stale, 20)
    entry = tab.entry
    entry.table_edit.setFocus()
    entry.table_edit.clear()
    QTest.keyClicks(entry.table_edit, str(table))
    QTest.keyClick(entry.table_edit, Qt.Key.Key_Tab)
    QTest.keyClicks(entry.answer_edit, score)
    QTest.keyClick(entry.answer_edit, Qt.Key.Key_Return)
    pump(1.5)
    return entry.error_label.text() or entry.slip_label.text()


def open_tables(window: object) -> list[int]:
    from organizer.services.event.interchange import load_event

    view = window.event_view  # type: ignore[attr-defined]
    latest = load_event(window.db, event_id=view.event_id).rounds[-1]  # type: ignore[attr-defined]
    return [m.table for m in latest.matches if m.table is not None and m.wins is None]


# --- the second station ------------------------------------------------------------


def station(code: str, workdir: Path, out: Path) -> int:
    from organizer.gui.stations.join_dialog import JoinDialog
    from organizer.gui.window.event_view import TABS

    set_environment(workdir, "station B")
    window = start_app()
    window.move(86, 0)  # type: ignore[attr-defined]  # on the screen, over the host

    def join(dialog: QDialog) -> int:
        assert isinstance(dialog, JoinDialog)
        dialog.show()
        dialog.code_combo.setCurrentText(code)
        pump(0.3)
        dialog.accept()
        return int(dialog.result())

    window.prompts.run_dialog = join  # type: ignore[attr-defined]
    window.stations.join.action.trigger()  # type: ignore[attr-defined]
    joined = wait_for(lambda: window.event_view is not None, 30)  # type: ignore[attr-defined]
    check(joined, "station B joined through the code and shows the event")
    view = window.event_view  # type: ignore[attr-defined]
    view.tabs.setCurrentIndex(list(TABS).index("Rounds"))  # the scorekeeper's tab
    shoot(out, "walk-3-station-joined", settle=2)
    (workdir / "joined").touch()
    wait_for(lambda: (workdir / "stopped").exists(), 120)
    bar = window.stations.stopped_bar  # type: ignore[attr-defined]
    said = wait_for(bar.isVisible, 60)
    texts = [label.text() for label in window.findChildren(QLabel) if label.isVisible()]  # type: ignore[attr-defined]
    check(said, "station B offers Leave / Wait once the host stopped")
    check(
        any("stopped sharing" in t for t in texts), "… and says the host stopped sharing this event"
    )
    shoot(out, "walk-3-station-host-stopped")
    width = window.width()  # type: ignore[attr-defined]
    tables = [4]  # the demo's round 1 waits for tables 4 to 6; the host can't be read now
    line = result_entry_type(window, tables[0], "1-0")
    print(f"     the slip typed then says: {line!r}")
    check("\n" not in line.strip() and len(line) < 200, "a slip typed then: one short line")
    check(window.width() == width, "… and the window keeps its width")  # type: ignore[attr-defined]
    shoot(out, "walk-3-station-slip-refused")
    view.tabs.setCurrentIndex(list(TABS).index("Standings"))  # a tab never shown before
    said = window.statusBar().currentMessage()  # type: ignore[attr-defined]
    print(f"     Standings, first shown then: {said!r}")
    check("could not be read" in said, "a tab first shown then says why in the status bar")
    shoot(out, "walk-3-station-tab-unreadable")
    (workdir / "station-done").write_text(json.dumps(FAILED))
    window.close()  # type: ignore[attr-defined]
    return 1 if FAILED else 0


# --- the host, the TO's own station ---------------------------------------------------------


def host_walk(workdir: Path, out: Path) -> None:
    from organizer.gui.stations.host_dialog import HostDialog
    from organizer.gui.window.first_steps import FirstSteps

    set_environment(workdir, "Station é A")
    window = start_app()
    frame = window.frameGeometry()  # type: ignore[attr-defined]
    check(frame.height() <= 768 and frame.width() <= 1366, f"first window fits 1366x768: {frame}")
    steps = window.findChild(FirstSteps)  # type: ignore[attr-defined]
    steps_text = " ".join(label.text() for label in steps.findChildren(QLabel)) if steps else ""
    check("join" in steps_text.lower(), "the first steps of a fresh station mention joining")
    shoot(out, "walk-1-first-window")

    window.create_demo_event()  # type: ignore[attr-defined]
    pump(2)
    code: dict[str, str] = {}

    def start(dialog: QDialog) -> int:
        assert isinstance(dialog, HostDialog)
        dialog.show()
        dialog.start_button.click()
        wait_for(lambda: dialog.code_label.text().strip() != "", 60)
        code["code"] = dialog.code_label.text()
        shoot(out, "walk-2-hosting", settle=1)
        dialog.close()
        return int(QDialog.DialogCode.Rejected)

    window.prompts.run_dialog = start  # type: ignore[attr-defined]
    window.stations.open_host_dialog.action.trigger()  # type: ignore[attr-defined]
    check(bool(code.get("code")), f"hosting started with the defaults: code {code.get('code')!r}")
    if code.get("code"):
        b = subprocess.Popen(
            [sys.executable, __file__, "--station", code["code"], str(workdir), str(out)]
        )
        check(wait_for(lambda: (workdir / "joined").exists(), 90), "station B says it joined")
        shoot(out, "walk-3-two-stations", settle=1)
        window.prompts.confirm = lambda _title, _text: True  # type: ignore[attr-defined]
        check(window.stations.stop_hosting(), "the host stops sharing")  # type: ignore[attr-defined]
        (workdir / "stopped").touch()
        while b.poll() is None:
            pump(0.2)
        done = workdir / "station-done"
        FAILED.extend(json.loads(done.read_text()) if done.exists() else ["station B crashed"])
    players_page_walk(window, out)
    formatless_walk(window, workdir, out)
    one_minute_round(window, out)
    long_status(window, out)
    big_event_walk(window, workdir, out)
    window.close()  # type: ignore[attr-defined]


def players_page_walk(window: object, out: Path) -> None:
    """The page at 360 px follows a slip typed in the app, without a reload."""
    sys.path.insert(0, str(ROOT / "tools"))
    from headless_chromium import Browser
    from players_page_check import result_cell

    dialog = window.show_players_page()  # type: ignore[attr-defined]
    dialog.set_serving(True)
    pump(1)
    url = dialog.url
    check(url is not None, f"the players' page serves at {url}")
    status = window.page_status.text()  # type: ignore[attr-defined]
    check("Demo" in status or "“" in status, f"the status bar names the event: {status!r}")
    dialog.close()
    shoot(out, "walk-4-page-status-bar")
    if url is None:
        return
    browser = Browser()
    try:
        page = browser.page()
        page.viewport(360, 740, mobile=True)
        page.open(url + "pairings")
        page.evaluate("window.notReloaded = true")
        page.screenshot(out / "walk-4-page-before.png")
        table = open_tables(window)[0]
        before = page.evaluate(result_cell(table))
        line = result_entry_type(window, table, "0-1")  # the demo plays best of 1
        print(f"     typed table {table} 0-1 in the app: {line!r} (the page showed {before!r})")
        seen = False
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline and not seen:
            pump(0.5)
            seen = page.evaluate(result_cell(table)) == "0-1" and bool(
                page.evaluate("window.notReloaded === true")
            )
        check(seen, f"the page shows table {table}'s 0-1 within 15 s without a reload")
        page.screenshot(out / "walk-4-page-after.png")
    finally:
        browser.close()


def formatless_walk(window: object, workdir: Path, out: Path) -> None:
    """An organizer-event/1 file with no format: imported, opened, searched, paired."""
    from organizer.gui.players.players_tab import PlayersTab
    from organizer.gui.window.event_view import TABS

    text = {
        "schema": "organizer-event/1",
        "name": "Garage night (no format)",
        "players": [
            {"id": "p1", "name": "Łukasz Żółkiewski"},
            {"id": "p2", "name": "Zoë Adams"},
            {"id": "p3", "name": "Øyvind Berg"},
            {"id": "p4", "name": "Đặng Văn Lâm"},
        ],
        "rounds": [],
    }
    path = workdir / "garage night.json"
    path.write_text(json.dumps(text, ensure_ascii=False), encoding="utf-8")
    window.import_json_file(str(path))  # type: ignore[attr-defined]
    pump(2)
    view = window.event_view  # type: ignore[attr-defined]
    opened = view is not None and "Garage" in window.windowTitle() + str(  # type: ignore[attr-defined]
        view.event_id
    )
    check(view is not None, f"the event without a format opened ({opened})")
    if view is None:
        return
    tab = view.tab("Players")
    assert isinstance(tab, PlayersTab)
    view.tabs.setCurrentWidget(tab)
    wait_for(lambda: not tab.stale, 20)
    tab.focus_search()
    QTest.keyClicks(tab.search_edit, "lukasz")
    pump(0.5)
    rows = tab.table.model().rowCount()
    check(rows == 1, f"'lukasz' finds one player (shown: {rows})")
    shoot(out, "walk-5-lukasz")
    from organizer.gui.rounds.rounds_tab import RoundsTab

    view.tabs.setCurrentIndex(list(TABS).index("Rounds"))
    rounds = view.tabs.currentWidget()
    assert isinstance(rounds, RoundsTab)
    wait_for(lambda: not rounds.stale, 20)
    rounds.pair_next_round.button.click()  # Pair next round, as the TO pairs
    pump(2)
    model = window.events_model  # type: ignore[attr-defined]
    columns = [model.headerData(c, Qt.Orientation.Horizontal) for c in range(model.columnCount())]
    rounds_col = columns.index("Rounds") if "Rounds" in columns else -1
    cell = [
        model.index(r, rounds_col).data()
        for r in range(model.rowCount())
        if "Garage" in str(model.index(r, 0).data()) or "Garage" in str(model.index(r, 1).data())
    ]
    check(cell != [] and str(cell[0]).startswith("1"), f"the Rounds column follows: {cell}")
    shoot(out, "walk-5-rounds-column")


def one_minute_round(window: object, out: Path) -> None:
    """Clock → Round length…: a 1-minute round, said as the clock states it."""
    from organizer.gui.clock.clock_tab import ClockTab
    from organizer.gui.window.event_view import TABS

    view = window.event_view  # type: ignore[attr-defined]
    view.tabs.setCurrentIndex(list(TABS).index("Clock"))
    tab = view.tabs.currentWidget()
    assert isinstance(tab, ClockTab)
    wait_for(lambda: not tab.stale, 20)
    asked: list[str] = []

    def one_minute(dialog: QDialog) -> int:
        dialog.show()
        dialog.minutes_spin.setValue(1)  # type: ignore[attr-defined]
        pump(0.2)
        dialog.accept()
        return int(dialog.result())

    def confirm(_title: str, text: str) -> bool:
        asked.append(text)
        return True

    window.prompts.run_dialog = one_minute  # type: ignore[attr-defined]
    window.prompts.confirm = confirm  # type: ignore[attr-defined]
    tab.set_length.button.click()
    pump(1)
    said = tab.length_label.text()
    print(f"     Round length 1: asked {asked}, the clock says {said!r}")
    check("1" in said and not SEEN_BOXES, f"a 1-minute round is taken: {said!r}")
    shoot(out, "walk-5-one-minute-round")


def save_pdf_asks_first(window: object, workdir: Path) -> None:
    """Print → Standings → Save PDF…: the file name is asked before the layout."""
    view = window.event_view  # type: ignore[attr-defined]
    commands = view.tab("Standings").print_commands
    started = time.monotonic()
    asked: list[float] = []

    def answer(_title: str, suggested: str, _filter: str) -> str:
        asked.append(time.monotonic() - started)
        return str(workdir / suggested)

    window.prompts.save_path = answer  # type: ignore[attr-defined]
    saved = commands.save(commands.main_key)
    total = time.monotonic() - started
    print(
        f"     Save PDF: asked after {asked[0] if asked else -1:.2f} s, saved after {total:.1f} s"
    )
    check(bool(asked) and asked[0] < 0.5 and saved is not None, "Save PDF asks for the name first")


def long_status(window: object, out: Path) -> None:
    width = window.width()  # type: ignore[attr-defined]
    window.statusBar().showMessage("A very long status message " * 40, 10000)  # type: ignore[attr-defined]
    pump(0.5)
    check(window.width() == width, "a long status message keeps the window's width")  # type: ignore[attr-defined]
    shoot(out, "walk-6-long-status")


def big_event_walk(window: object, workdir: Path, out: Path) -> None:
    from tests.big_events import big_event_text

    path = workdir / "regional 4096.json"
    path.write_text(big_event_text(), encoding="utf-8")
    started = time.monotonic()
    window.import_json_file(str(path))  # type: ignore[attr-defined]
    view = window.event_view  # type: ignore[attr-defined]
    print(f"     imported and opened in {time.monotonic() - started:.1f} s")
    check(view is not None, "the 4,096-player event opened")
    if view is None:
        return
    for title in ("Rounds", "Standings", "Players", "Decks"):
        tab = view.tab(title)
        started = time.monotonic()
        view.tabs.setCurrentWidget(tab)
        shown = wait_for(lambda: not getattr(tab, "stale", False), 30)  # noqa: B023
        print(f"     {title}: read in {time.monotonic() - started:.1f} s")
        check(shown, f"the big event's {title} tab shows")
        shoot(out, f"walk-7-big-{title.lower()}")
    save_pdf_asks_first(window, workdir)


def main(argv: list[str]) -> int:
    if len(argv) > 1 and argv[1] == "--station":
        return station(argv[2], Path(argv[3]), Path(argv[4]))
    if not os.environ.get("DISPLAY"):
        raise SystemExit("Run it on an X server: DISPLAY=:99 (see the docstring)")
    from organizer.system_libraries import install_message, missing_for_gui

    missing = missing_for_gui()  # what `python -m organizer` checks before Qt loads
    if missing:
        raise SystemExit(install_message(missing))
    out = Path(argv[1]) if len(argv) > 1 else Path(tempfile.mkdtemp(prefix="walk-shots-"))
    out.mkdir(parents=True, exist_ok=True)
    workdir = Path(tempfile.mkdtemp(prefix="walk données é "))
    workdir.chmod(0o755)  # as root, the server runs as a system user that must reach it
    try:
        host_walk(workdir, out)
    finally:
        from organizer.storage.server.embedded import HostedServer

        for folder in workdir.glob("*/Host données"):
            HostedServer(folder).stop()
        shutil.rmtree(workdir, ignore_errors=True)
    for text in SEEN_BOXES:
        print(f"message box met: {text!r}")
    print(f"{len(FAILED)} check(s) failed" if FAILED else "every check passed")
    print(f"screenshots in {out}")
    return 1 if FAILED else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
