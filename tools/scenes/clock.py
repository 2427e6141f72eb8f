"""Scenes of time: the Clock tab, the room display, the sudden-death dialog, the page's QR code."""

from __future__ import annotations

import datetime as dt

from PySide6.QtWidgets import QApplication

from organizer.core.results import Score
from organizer.gui.clock.clock_tab import ClockTab
from organizer.gui.clock.room_display import RoomDisplay
from organizer.gui.kit.page_host import page_host
from organizer.gui.rounds.sudden_death_dialog import SuddenDeathDialog
from organizer.services.clock import clock, sudden_death
from organizer.services.rounds import pairing, results
from organizer.storage.database import Database
from scenes.support import NAMES, Session, event_view, new_event, tab_page

# --- clock ---------------------------------------------------------------------------
STILL_PLAYING = {3, 5, 7}
STARTED_clock = dt.datetime(2025, 5, 9, 19, 0, tzinfo=dt.UTC)
NOW_clock = STARTED_clock + dt.timedelta(minutes=61, seconds=12)


def clock_event(db: Database) -> int:
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
    clock.start(db, event_id=event_id, now=STARTED_clock)
    clock.extend_table(db, event_id=event_id, table=5, seconds=13 * 60, why="deck check")
    return event_id


def clock_shots(shots: Session) -> None:
    """Clock tab, the room display and the sudden-death dialog."""
    db = shots.db
    event_id = clock_event(db)
    window = shots.open_window(event_id)
    tab = tab_page(window, "Clock", ClockTab)
    tab.sound.enabled = False
    event_view(window).tabs.setCurrentWidget(tab)
    tab.now = lambda: NOW_clock - dt.timedelta(seconds=73)
    tab.redraw()
    tab.now = lambda: NOW_clock
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


# --- players_page --------------------------------------------------------------------
STARTED_players_page = dt.datetime(2025, 5, 9, 19, 0, tzinfo=dt.UTC)


def players_page_shots(shots: Session) -> None:
    """The "Players' page" switch, and the room display carrying the page's QR code."""
    db = shots.db
    event_id = new_event(
        db,
        name="Friday Skirmish",
        format_id="warcaste-skirmish-constructed",
        date=dt.date(2025, 5, 9),
        players=NAMES[:16],
    )
    pairing.pair_next(db, event_id=event_id, seed=11)
    clock.start(db, event_id=event_id, now=STARTED_players_page)
    window = shots.open_window(event_id)
    window.page_addresses = lambda: ["127.0.0.1"]
    dialog = window.show_players_page()
    dialog.port.setValue(0)
    dialog.switch.setChecked(True)
    QApplication.processEvents()
    dialog.move(window.geometry().center() - dialog.rect().center())
    shots.save(dialog, "players-page-switch.png")
    shots.save(window, "players-page-status-bar.png")

    display = RoomDisplay(db, event_id, event_name="Friday Skirmish")
    display.now = lambda: STARTED_players_page + dt.timedelta(minutes=12, seconds=40)
    display.resize(1280, 720)
    display.show()
    display.redraw()
    shots.save(display, "room-display-qr-1280x720.png")
    display.close()
    page_host().stop()
