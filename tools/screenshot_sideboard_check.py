"""A screenshot of the deck check between games ("After sideboarding…" in the Decks tab).

Builds a throwaway database with a Warcaste Skirmish whose players handed in the sample
list; the judge has typed the deck as one player has it after sideboarding (two Smoke
Runners in, but only one Ashfall Raider out: 31 cards) and pressed Check:

    QT_QPA_PLATFORM=offscreen .venv/bin/python tools/screenshot_sideboard_check.py [OUT_DIR]

sideboard-check.png: the dialog with its verdict and findings. OUT_DIR defaults to
docs/screenshots. Everything goes through the services and the widgets.
"""

from __future__ import annotations

import datetime as dt
import sys

from screenshot_support import NAMES, new_event, session

from organizer.gui.decks.sideboard_check_dialog import SideboardCheckDialog
from organizer.services.decks import cardpools, decks
from organizer.services.kit.resources import resources_dir, sample_pool_path
from organizer.services.players import registration

FORMAT = "warcaste-skirmish-constructed"


def main(argv: list[str]) -> int:
    with session(argv) as shots:
        db = shots.db
        cardpools.import_pool(
            db, text=sample_pool_path("warcaste").read_text(encoding="utf-8"), source="sample"
        )
        event_id = new_event(
            db, name="Friday Skirmish", format_id=FORMAT, date=dt.date(2025, 5, 9),
            players=NAMES[:4],
        )  # fmt: skip
        text = (resources_dir() / "decklists" / f"sample-{FORMAT}.txt").read_text("utf-8")
        player = registration.list_players(db, event_id=event_id)[0]
        decks.submit_deck(db, event_id=event_id, registration_id=player.registration_id, text=text)
        status = decks.deck_statuses(db, event_id=event_id)[0]
        window = shots.open_window(event_id)
        dialog = SideboardCheckDialog(db, event_id, status, text, window)
        now = text.replace("3 Ashfall Raider", "2 Ashfall Raider\n2 Smoke Runner")
        dialog.text_edit.setPlainText(
            now.replace("3 Smoke Runner\n", "1 Smoke Runner\n1 Ashfall Raider\n")
        )
        dialog.check()
        shots.save_dialog(dialog, "sideboard-check.png")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
