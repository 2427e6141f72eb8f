"""Screenshots of what the TO sees of the players' own part, for the docs and for review.

Builds a throwaway database with a Warcaste Skirmish event of 16 players and the
sample card pool: some lists typed by the TO, some sent from phones (one locked),
one illegal, the rest missing; PINs issued and one player locked out after wrong
PINs. Saves, at 1280x800:

- self-service-rounds-gate.png: the Rounds tab before round 1, with the gate's count;
- self-service-decks-from.png: the Decks tab's Phone column (HH:MM, locked);
- self-service-players-locks.png: the Players tab with PINs & cards… and the lock.

    QT_QPA_PLATFORM=offscreen .venv/bin/python tools/screenshot_self_service.py [OUT_DIR]

Everything goes through the services, as the TO and the players' phones would.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import sys

from PySide6.QtWidgets import QSplitter
from screenshot_decks import illegal_list, legal_list
from screenshot_support import NAMES, new_event, session, show_tab

from organizer.gui.decks.decks_tab import DecksTab
from organizer.gui.players.players_tab import PlayersTab
from organizer.gui.rounds.rounds_tab import RoundsTab
from organizer.services.clock.clock import utcnow
from organizer.services.decks import cardpools, decks
from organizer.services.kit.resources import sample_pool_path
from organizer.services.phones import phone_lists, pins, self_service
from organizer.services.players import registration
from organizer.storage.database import Database

FORMAT = "warcaste-skirmish-constructed"


def fill_database(db: Database) -> int:
    text = sample_pool_path("warcaste").read_text(encoding="utf-8")
    cardpools.import_pool(db, text=text, source="sample-warcaste.csv")
    event_id = new_event(
        db, name="Friday Night Skirmish", format_id=FORMAT, date=dt.date(2026, 11, 27)
    )
    players = [registration.add_player(db, event_id=event_id, name=n).value for n in NAMES[:16]]
    issued = pins.issue_pins(
        db, event_id=event_id, registration_ids=[p.registration_id for p in players]
    ).value
    now = utcnow()
    for index in (0, 1, 3, 6):
        decks.submit_deck(
            db, event_id=event_id, registration_id=players[index].registration_id, text=legal_list()
        )
    for index in (2, 5, 7, 9, 10, 12):
        self_service.submit_list(
            db,
            event_id=event_id,
            player=players[index],
            text=illegal_list() if index == 5 else legal_list(),
            now=now,
        )
    phone_lists.set_locked(
        db, event_id=event_id, registration_id=players[7].registration_id, locked_=True
    )
    wrong = f"{(int(issued[4].pin) + 1) % 10**6:06d}"
    for _ in range(pins.TRIES):
        with contextlib.suppress(pins.WrongPinError):
            pins.check_pin(
                db,
                event_id=event_id,
                who=issued[4].code,
                pin=wrong,
                address="192.168.1.57",
                now=now,
            )
    return event_id


def main(argv: list[str]) -> int:
    with session(argv) as shots:
        window = shots.open_window(fill_database(shots.db))
        splitter = window.centralWidget()
        if isinstance(splitter, QSplitter):
            splitter.setSizes([250, 1030])
        show_tab(window, "Rounds", RoundsTab)
        shots.save(window, "self-service-rounds-gate.png")
        show_tab(window, "Decks", DecksTab)
        shots.save(window, "self-service-decks-from.png")
        show_tab(window, "Players", PlayersTab)
        shots.save(window, "self-service-players-locks.png")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
