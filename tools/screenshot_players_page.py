"""Screenshots of the "Players' page" switch and of the room display carrying the page's QR code.

    QT_QPA_PLATFORM=offscreen .venv/bin/python tools/screenshot_players_page.py [OUT_DIR]

Builds a throwaway 16-player event in round 1 with the clock running, opens the
main window, switches the players' page on (on 127.0.0.1, a free port: the
script never listens on the network) and grabs players-page-switch.png (the
main window with the dialog: address, QR code, what it exposes, the status
bar) and room-display-qr-1280x720.png (the room display with the code in its
corner). OUT_DIR defaults to docs/screenshots.
"""

from __future__ import annotations

import datetime as dt
import sys

from PySide6.QtWidgets import QApplication
from screenshot_support import NAMES, new_event, session

from organizer.gui.clock.room_display import RoomDisplay
from organizer.gui.kit.page_host import page_host
from organizer.services.clock import clock
from organizer.services.rounds import pairing

STARTED = dt.datetime(2025, 5, 9, 19, 0, tzinfo=dt.UTC)


def main(argv: list[str]) -> int:
    with session(argv) as shots:
        db = shots.db
        event_id = new_event(
            db,
            name="Friday Skirmish",
            format_id="warcaste-skirmish-constructed",
            date=dt.date(2025, 5, 9),
            players=NAMES[:16],
        )
        pairing.pair_next(db, event_id=event_id, seed=11)
        clock.start(db, event_id=event_id, now=STARTED)
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
        display.now = lambda: STARTED + dt.timedelta(minutes=12, seconds=40)
        display.resize(1280, 720)
        display.show()
        display.redraw()
        shots.save(display, "room-display-qr-1280x720.png")
        display.close()
        page_host().stop()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
