"""Scenes of the main window: first run, menus, dialogs, settings, names, conflicts, a big event."""

from __future__ import annotations

import datetime as dt
import time
from pathlib import Path

from PySide6.QtCore import (
    QPoint,
    Qt,
    QTimer,
)
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QApplication, QDialog, QMenu, QMessageBox, QProgressDialog, QWidget

from organizer.gui.clock.clock_tab import ClockTab
from organizer.gui.kit.background import run_off_ui
from organizer.gui.kit.progress import ProgressBar, progress_dialog
from organizer.gui.players.csv_import import ImportReportDialog
from organizer.gui.players.player_dialog import PlayerDialog
from organizer.gui.printouts.pdf_pages import load_document, page_image
from organizer.gui.window.app import (
    create_main_window,
    start_window,
)
from organizer.gui.window.main_window import MainWindow
from organizer.gui.window.new_event_dialog import NewEventDialog
from organizer.gui.window.rules_dialog import RulesDialog
from organizer.services.demo import demo
from organizer.services.event import (
    events,
    settings,
)
from organizer.services.kit.errors import user_message
from organizer.services.players import registration
from organizer.services.printouts import printouts
from organizer.services.rounds import pairing
from organizer.services.rounds.results import ResultExistsError
from organizer.storage.database import Database
from organizer.storage.db_errors import DatabaseBusyError
from scenes.support import NAMES, WINDOW_SIZE, Session, event_view, new_event, save, show_tab
from tests.big_events import big_event_text


# --- first_run -----------------------------------------------------------------------
def first_run_shots(shots: Session) -> None:
    """First run: the first steps panel, the demo event, the rules page."""
    window = create_main_window(shots.db)
    window.resize(*WINDOW_SIZE)
    window.show()
    shots.windows.append(window)
    shots.save(window, "first-run.png")

    window.first_steps.demo_button.click()
    rounds = event_view(window).rounds_tab
    rounds.table.selectRow(3)  # the table in sudden death
    shots.save(window, "demo-rounds.png")
    show_tab(window, "Clock", ClockTab)
    shots.save(window, "demo-clock.png")

    shots.save_dialog(RulesDialog(window), "rules-dialog.png", size=(820, 700))


# --- main_window ---------------------------------------------------------------------
PLAYERS = [
    ("Ada Byrne", "ada@example.org", 0),
    ("Bo Chen", "", 0),
    ("Cyrus Dorn", "cyrus.dorn@example.net", 1),
    ("Dana Ek", "", 0),
    ("Emeka Fofana", "emeka@example.org", 0),
    ("Fatima Ghazali", "", 0),
    ("Gus Halvorsen", "gus.h@example.com", 0),
    ("Hana Ito", "", 2),
    ("Ivan Jovanović", "ivan@example.rs", 0),
    ("Jo Kim", "", 0),
    ("Kasia Lewandowska", "kasia@example.pl", 0),
    ("Liam Murphy", "", 0),
    ("Mei Nakamura", "mei@example.jp", 0),
    ("Nils Olsen", "", 0),
    ("Olu Adeyemi", "olu@example.org", 0),
    ("Priya Raman", "", 0),
    ("Quinn Sato", "quinn@example.com", 0),
    ("Rosa Torres", "", 0),
    ("Sven Ulrich", "", 0),
]


def main_window_event(db: Database) -> int:
    new_event(
        db, name="Castle Wars League, week 6", format_id="castle-wars", date=dt.date(2025, 4, 25)
    )
    new_event(db, name="WARS Tuesday", format_id="wars-constructed", date=dt.date(2025, 4, 29))
    event_id = new_event(
        db,
        name="Friday Night Skirmish",
        format_id="warcaste-skirmish-constructed",
        date=dt.date(2025, 5, 2),
        planned_rounds=4,
    )
    for name, email, byes in PLAYERS:
        registration.add_player(
            db, event_id=event_id, name=name, email=email or None, awarded_byes=byes
        )
    dropped = registration.list_players(db, event_id=event_id)[3]
    registration.set_dropped(
        db, event_id=event_id, registration_id=dropped.registration_id, dropped=True
    )
    return event_id


def main_window_shots(shots: Session) -> None:
    """Main window and its dialogs, for the docs and for review."""
    event_id = main_window_event(shots.db)
    window = shots.open_window(event_id)
    tab = event_view(window).players_tab
    tab.quick_add_edit.setText("Ada Byrne")  # a second Ada shows the duplicate warning
    tab.quick_add()
    shots.save(window, "main-window.png")
    for menu in window.menuBar().findChildren(QMenu):  # each menu, opened, with its keys
        if menu.title() in ("E&vents", "Help"):
            menu.popup(window.mapToGlobal(window.rect().topLeft()))
            shots.save(menu, f"menu-{menu.title().replace('&', '').lower()}.png")
            menu.hide()

    dialog = NewEventDialog(window)
    dialog.name_edit.setText("Saturday Draft")
    dialog.format_combo.setCurrentIndex(dialog.format_combo.findData("warcaste-skirmish-draft"))
    shots.save_dialog(dialog, "new-event-dialog.png")

    report = registration.import_players_csv(
        shots.db,
        event_id=event_id,
        text="name,email,awarded_byes\nTess Vale,tess@example.org,0\n,x@example.org,0\n"
        "Uma Wolfe,not-an-address,0\nVic Xu,,two\nbo chen,,0\n",
    )
    shots.save_dialog(ImportReportDialog(report, window), "import-report.png")

    player = registration.list_players(shots.db, event_id=event_id)[2]
    shots.save_dialog(PlayerDialog(player, parent=window), "player-dialog.png")

    window.resize(760, 560)  # a long message in a narrow window ends in "…"
    window.statusBar().showMessage(
        "Round 3 table 12: sudden death recorded. Ada Byrne wins the match 2-1; "
        "the standings and the pairings of the next round follow it."
    )
    shots.save(window, "status-bar-elided.png")


# --- settings ------------------------------------------------------------------------
def settings_event(db: Database) -> int:
    event_id = new_event(
        db,
        name="Ember Gate Draft Weekend",
        format_id="warcaste-skirmish-draft",
        date=dt.date(2025, 6, 14),
        planned_rounds=3,
        players=NAMES[:16],
    )
    for key, value in (
        ("paper", "Letter"),
        ("pod_size", "7"),
        ("pods_keep_rounds", "yes"),
        ("late_entry_losses", "yes"),
    ):
        settings.set_setting(db, event_id=event_id, key=key, value=value)
    return event_id


def settings_shots(shots: Session) -> None:
    """Event settings dialog, for the docs and for review."""
    window = shots.open_window(settings_event(shots.db))

    def shoot_settings(dialog: QDialog) -> int:
        shots.save_dialog(dialog, "settings-dialog.png")
        return int(QDialog.DialogCode.Rejected)

    window.prompts.run_dialog = shoot_settings
    window.edit_settings.action.trigger()


# --- names_imports -------------------------------------------------------------------
NAMES_NIGHT = (
    "Zoë Castellanos",
    "Łukasz Żółkiewski",
    "Øyvind Berg",
    "Đặng Thu",
    "Lukas Adler",
    "Jürgen Straße",
    "Ada Ek",
    "Anna de Vries",
    "Oscar Lind",
    "Dan Moore",
)


def names_imports_shots(shots: Session) -> None:
    """Names found and sorted as people expect, and a long import's progress bar."""
    event_id = new_event(
        shots.db,
        name="Names night",
        format_id="castle-wars",
        date=dt.date(2026, 11, 27),
        players=NAMES_NIGHT,
    )
    window = shots.open_window(event_id)
    tab = event_view(window).players_tab
    tab.table.sortByColumn(2, Qt.SortOrder.AscendingOrder)
    shots.save(window, "players-by-name.png")
    tab.search_edit.setText("lukasz")
    shots.save(window, "players-search-lukasz.png")
    tab.search_edit.clear()

    dialog = progress_dialog(window, "Import CSV", "Importing players…")
    ProgressBar(dialog).report(
        61_000, 100_000
    )  # moved when the grab_names_imports turns the event loop
    dialog.show()
    shots.save(dialog, "import-progress.png")
    dialog.close()

    pairing.pair_next(shots.db, event_id=event_id, seed=3)
    pdf = printouts.printout(shots.db, event_id=event_id, kind="pairings-by-name")
    target = shots.out / "pairings-by-name.png"
    if not page_image(load_document(pdf, window), 0, 60).save(str(target)):
        raise SystemExit(f"could not write {target}")
    print(target)


# --- conflicts -----------------------------------------------------------------------
def grab_box(box: QMessageBox, path: Path) -> None:
    box.show()
    QApplication.processEvents()
    save(box, path)
    box.close()


def conflicts_shots(shots: Session) -> None:
    """What a station sees when another one was first or is writing (the question before
    replacing a result entered elsewhere, the busy database's Retry), and the busy
    indicator of a heavy call: the dialogs `Prompts` shows, with the services' texts."""
    entered = dt.datetime.now(dt.UTC).replace(hour=20, minute=14)
    exists = ResultExistsError(table=7, stored="2-1", at=entered, by="judge@stage-laptop")
    question = QMessageBox(QMessageBox.Icon.Question, "Result already entered", exists.question())
    question.setStandardButtons(QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No)
    grab_box(question, shots.out / "result-entered-elsewhere.png")
    busy = QMessageBox(
        QMessageBox.Icon.Question,
        "Pair next round",
        user_message(
            DatabaseBusyError(
                "The database organizer.sqlite3 is busy: another station or window is "
                "writing. Nothing was saved. Try again in a moment."
            )
        ),
    )
    busy.addButton("Retry", QMessageBox.ButtonRole.AcceptRole)
    busy.addButton(QMessageBox.StandardButton.Cancel)
    grab_box(busy, shots.out / "database-busy-retry.png")
    busy_indicator(shots.out / "busy-indicator.png")


def busy_indicator(path: Path) -> None:
    """The indicator a heavy call shows after 400 ms, over a window (`gui/kit/background.py`)."""
    window = QWidget()
    window.setWindowTitle("Organizer")
    window.resize(640, 360)
    window.show()

    def grab_it() -> None:
        dialog = QApplication.activeModalWidget()
        if isinstance(dialog, QProgressDialog):
            save(dialog, path)
        else:
            QTimer.singleShot(50, grab_it)

    QTimer.singleShot(500, grab_it)
    run_off_ui(lambda: time.sleep(1.2), parent=window, text="Pairing the next round…")
    window.close()


# --- fluid ---------------------------------------------------------------------------
def wait(seconds: float) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        QApplication.processEvents()
        time.sleep(0.01)


def started(db: Database) -> MainWindow:
    window = MainWindow(db)
    start_window(window, None)
    wait(0.6)
    return window


def with_dialog(window: MainWindow, dialog: QWidget, path: Path) -> None:
    """The window with its (separate, top-level) busy dialog painted where it shows."""
    image = window.grab()
    painter = QPainter(image)
    where = dialog.mapToGlobal(QPoint(0, 0)) - window.mapToGlobal(QPoint(0, 0))
    painter.drawPixmap(where, dialog.grab())
    painter.end()
    image.save(str(path))
    print(path)


def fluid_shots(shots: Session) -> None:
    """A big event opening and the first window on a 1366x768 laptop (the scene's screen):
    the window started as the app starts it (`start_window`: fitted to the screen, then
    the event opened); a fresh station's first steps, the demo, a very long event name, the
    4,096-player event (tests/big_events.py) imported with its busy indicator (shown once a
    call takes 400 ms; said when it did not show), then its Rounds and Standings tabs."""
    out = shots.out
    work = shots.work
    fresh = shots.db
    window = started(fresh)
    save(window, out / "fluid-first-steps.png")
    window.close()

    demo.create_demo(fresh)
    window = started(fresh)
    frame = window.frameGeometry()
    print(f"window frame {frame.width()}x{frame.height()} on {window.screen().size().toTuple()}")
    save(window, out / "fluid-main-window-1366x768.png")
    window.close()

    events.create_event(
        fresh,
        name="Regional Championship Qualifier of the Northern Provinces, Spring Season, "
        "Saturday Main Event with Side Events and the Late Night Draft",
        format_id="castle-wars",
    )
    window = started(fresh)
    save(window, out / "fluid-long-name.png")
    window.close()

    # A big event opening: the 4,096-player file imported and opened from the window.
    path = work / "regional.json"
    path.write_text(big_event_text(), encoding="utf-8")
    window = started(fresh)
    window.prompts.warn = lambda title, text: print(f"warning {title}: {text}")
    shot: list[bool] = []

    def look() -> None:
        busy = [d for d in window.findChildren(QProgressDialog) if d.isVisible()]
        if busy and not shot:
            shot.append(True)
            with_dialog(window, busy[0], out / "fluid-busy-opening.png")

    watch = QTimer()
    watch.timeout.connect(look)
    watch.start(20)
    window.import_json_file(str(path))  # the event loop turns meanwhile: `look` runs
    wait(1.0)
    watch.stop()
    if not shot:
        print("no busy indicator: importing and opening took less than 400 ms")
    save(window, out / "fluid-big-event-open.png")
    view = window.event_view
    assert view is not None
    for title in ("Rounds", "Standings"):  # each read off the UI thread when switched to
        view.tabs.setCurrentWidget(view.tab(title))
        wait(0.3)
        save(window, out / f"fluid-big-{title.lower()}.png")
    window.close()
