"""Screenshots of the Clock tab, the room display and the sudden-death dialog.

Builds a throwaway database with a 16-player Warcaste event in round 2: the
clock started an hour and a minute ago, table 5 was extended for a 10-minute
deck check (+13 min), and tables 3, 5 and 7 have no result yet. So time has
been called: tables 3 and 7 are in sudden death, table 5 still plays its
extension. The tab's and the display's `now` is set to that instant, and the
PNGs are made with `QWidget.grab()`:

    QT_QPA_PLATFORM=offscreen .venv/bin/python tools/screenshot_clock.py [OUT_DIR]
    xvfb-run -a -s "-screen 0 1920x1080x24" .venv/bin/python tools/screenshot_clock.py [OUT_DIR]

clock-tab.png: the main window (1280x800) on the Clock tab, just after the
time alert. room-display-1920x1080.png and room-display-1280x720.png: the
room display at those sizes. sudden-death-dialog.png: table 3 after three
sudden-death turns, the fourth typed in. OUT_DIR defaults to
docs/screenshots. Everything goes through the services and the widgets.
"""

from __future__ import annotations

import datetime as dt
import sys
import tempfile
from pathlib import Path

from PySide6.QtWidgets import QApplication, QWidget

from organizer.core.results import Score
from organizer.gui.app import create_main_window
from organizer.gui.clock_tab import ClockTab
from organizer.gui.sudden_death_dialog import SuddenDeathDialog
from organizer.services import clock, events, pairing, registration, results, sudden_death
from organizer.storage.database import Database

ROOT = Path(__file__).resolve().parents[1]
NAMES = [
    "Ada Byrne",
    "Bo Chen",
    "Cyrus Dorn",
    "Dana Ek",
    "Emeka Fofana",
    "Fatima Ghazali",
    "Gus Halvorsen",
    "Hana Ito",
    "Ivan Jovanović",
    "Jo Kim",
    "Kasia Lewandowska",
    "Liam Murphy",
    "Mei Nakamura",
    "Nils Olsen",
    "Olu Adeyemi",
    "Priya Raman",
]
STILL_PLAYING = {3, 5, 7}
STARTED = dt.datetime(2025, 5, 9, 19, 0, tzinfo=dt.UTC)
NOW = STARTED + dt.timedelta(minutes=61, seconds=12)


def fill_database(db: Database) -> int:
    record, _ = events.create_event(
        db,
        name="Friday Skirmish",
        format_id="warcaste-skirmish-constructed",
        date=dt.date(2025, 5, 9),
    )
    text = "name\n" + "".join(f"{name}\n" for name in NAMES)
    registration.import_players_csv(db, event_id=record.id, text=text)
    for number, seed in ((1, 11), (2, 12)):
        round_ = pairing.pair_next(db, event_id=record.id, seed=seed).round
        for m in round_.matches:
            if m.table is None or (number == 2 and m.table in STILL_PLAYING):
                continue
            score = Score(1, 0) if m.table % 3 else Score(0, 1)
            results.record_result(
                db, event_id=record.id, table=m.table, score=score, round_number=number
            )
    clock.start(db, event_id=record.id, now=STARTED)
    clock.extend_table(db, event_id=record.id, table=5, seconds=13 * 60)
    return record.id


def save(widget: QWidget, path: Path) -> None:
    QApplication.processEvents()
    if not widget.grab().save(str(path)):
        raise SystemExit(f"could not write {path}")
    print(path)


def main(argv: list[str]) -> int:
    out = Path(argv[1]) if len(argv) > 1 else ROOT / "docs" / "screenshots"
    out.mkdir(parents=True, exist_ok=True)
    app = QApplication.instance() or QApplication(argv)
    with tempfile.TemporaryDirectory() as tmp:
        db = Database(f"sqlite:///{Path(tmp) / 'organizer.sqlite3'}")
        event_id = fill_database(db)
        window = create_main_window(db, event_id=event_id)
        window.resize(1280, 800)
        window.show()
        view = window.event_view
        assert view is not None
        tab = view.tab("Clock")
        assert isinstance(tab, ClockTab)
        tab.sound.enabled = False
        view.tabs.setCurrentWidget(tab)
        tab.now = lambda: NOW - dt.timedelta(seconds=73)
        tab.redraw()
        tab.now = lambda: NOW
        tab.redraw()  # crosses time: the banner and the status bar say so
        tab.select_table(3)
        tab.table.setFocus()
        save(window, out / "clock-tab.png")

        display = tab.open_room_display()
        for width, height in ((1920, 1080), (1280, 720)):
            display.resize(width, height)
            display.redraw()
            save(display, out / f"room-display-{width}x{height}.png")
        display.close()

        for number, counters in ((1, 2), (2, 1), (3, 3)):
            state = sudden_death.load(db, event_id=event_id, table=3)
            if number == 1:
                first = str(state.record.players[1])
                state, _ = sudden_death.set_active_player(
                    db, event_id=event_id, table=3, player=first
                )
            player = state.record.player_of(number)
            sudden_death.record_turn(
                db, event_id=event_id, table=3, number=number, player=player, counters=counters
            )
        dialog = SuddenDeathDialog(
            db, event_id, sudden_death.load(db, event_id=event_id, table=3), window
        )
        dialog.show()
        dialog.rows[3].spin.setValue(2)
        dialog.rows[3].spin.selectAll()
        save(dialog, out / "sudden-death-dialog.png")
        dialog.close()

        window.close()
        db.close()
    del app
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
