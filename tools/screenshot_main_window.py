"""Screenshots of the main window and its dialogs, for the docs and for review.

Builds a throwaway database with three events and about twenty players, opens
the main window at 1280x800 (and narrow, for a long status-bar message), and
saves PNGs made with `QWidget.grab()` (the Events and Help menus opened too):

    QT_QPA_PLATFORM=offscreen .venv/bin/python tools/screenshot_main_window.py [OUT_DIR]
    xvfb-run -a .venv/bin/python tools/screenshot_main_window.py [OUT_DIR]

OUT_DIR defaults to docs/screenshots. Everything goes through the services and
the window's own commands, as a TO would do it.
"""

from __future__ import annotations

import datetime as dt
import sys

from PySide6.QtWidgets import QMenu
from screenshot_support import event_view, new_event, session

from organizer.gui.players.csv_import import ImportReportDialog
from organizer.gui.players.player_dialog import PlayerDialog
from organizer.gui.window.new_event_dialog import NewEventDialog
from organizer.services.players import registration
from organizer.storage.database import Database

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


def fill_database(db: Database) -> int:
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


def main(argv: list[str]) -> int:
    with session(argv) as shots:
        event_id = fill_database(shots.db)
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
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
