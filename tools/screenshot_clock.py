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

from screenshot_support import NAMES, event_view, new_event, session, tab_page

from organizer.core.results import Score
from organizer.gui.clock.clock_tab import ClockTab
from organizer.gui.rounds.sudden_death_dialog import SuddenDeathDialog
from organizer.services.clock import clock, sudden_death
from organizer.services.rounds import pairing, results
from organizer.storage.database import Database

STILL_PLAYING = {3, 5, 7}
STARTED = dt.datetime(2025, 5, 9, 19, 0, tzinfo=dt.UTC)
NOW = STARTED + dt.timedelta(minutes=61, seconds=12)


def fill_database(db: Database) -> int:
    event_id = new_event(
        db,
        name="Friday Skirmish",
        format_id="warcaste-skirmish-constructed",
        date=dt.date(2025, 5, 9),
        players=NAMES[:16],
    )
    for number, seed in ((1, 11), (2, 12)):
        round_ = pairing.pair_next(db, event_id=event_id, seed=seed).value
        for m in round_.matches:
            if m.table is None or (number == 2 and m.table in STILL_PLAYING):
                continue
            score = Score(1, 0) if m.table % 3 else Score(0, 1)
            results.record_result(
                db, event_id=event_id, table=m.table, score=score, round_number=number
            )
    clock.start(db, event_id=event_id, now=STARTED)
    clock.extend_table(db, event_id=event_id, table=5, seconds=13 * 60, why="deck check")
    return event_id


def main(argv: list[str]) -> int:
    with session(argv) as shots:
        db = shots.db
        event_id = fill_database(db)
        window = shots.open_window(event_id)
        tab = tab_page(window, "Clock", ClockTab)
        tab.sound.enabled = False
        event_view(window).tabs.setCurrentWidget(tab)
        tab.now = lambda: NOW - dt.timedelta(seconds=73)
        tab.redraw()
        tab.now = lambda: NOW
        tab.redraw()  # crosses time: the banner and the status bar say so
        tab.select_table(3)
        tab.table.setFocus()
        shots.save(window, "clock-tab.png")

        display = tab.open_room_display()
        for width, height in ((1920, 1080), (1280, 720)):
            display.resize(width, height)
            display.redraw()
            shots.save(display, f"room-display-{width}x{height}.png")
        display.close()

        for number, counters in ((1, 2), (2, 1), (3, 3)):
            state = sudden_death.load(db, event_id=event_id, table=3)
            if number == 1:
                first = str(state.record.players[1])
                state = sudden_death.set_active_player(
                    db, event_id=event_id, table=3, player=first
                ).value
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
        shots.save(dialog, "sudden-death-dialog.png")
        dialog.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
