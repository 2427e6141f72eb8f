"""A screenshot of the Decks tab, for the docs and for review.

Builds a throwaway database with a Warcaste Skirmish event of 16 players, the
sample card pool and deck lists in every state (legal, illegal, accepted by a
judge, missing), opens the Decks tab at 1280x800 with an illegal list
selected and one of its findings chosen, and saves docs/screenshots/decks-tab.png:

    QT_QPA_PLATFORM=offscreen .venv/bin/python tools/screenshot_decks.py [OUT_DIR]
    xvfb-run -a .venv/bin/python tools/screenshot_decks.py [OUT_DIR]

Everything goes through the services and the tab's own commands, as a TO would.
"""

from __future__ import annotations

import datetime as dt
import sys

from PySide6.QtCore import QItemSelectionModel
from PySide6.QtWidgets import QApplication, QSplitter
from screenshot_support import NAMES, new_event, session, show_tab

from organizer.gui.decks.decks_tab import DecksTab
from organizer.services.decks import cardpools, decks
from organizer.services.kit.resources import resources_dir, sample_pool_path
from organizer.services.players import registration
from organizer.storage.database import Database

FORMAT = "warcaste-skirmish-constructed"


def legal_list() -> str:
    return (resources_dir() / "decklists" / f"sample-{FORMAT}.txt").read_text(encoding="utf-8")


def illegal_list() -> str:
    """31 cards, with a fourth Kiln Warden and a misspelt card."""
    return (
        legal_list()
        .replace("3 Kiln Warden", "4 Kiln Warden")
        .replace("2 Scorched Advance", "2 Scorched Advanse")
    )


def short_list() -> str:
    return legal_list().replace("1 Pyre Titan\n", "")


def fill_database(db: Database) -> int:
    text = sample_pool_path("warcaste").read_text(encoding="utf-8")
    cardpools.import_pool(db, text=text, source="sample-warcaste.csv")
    event_id = new_event(
        db, name="Friday Night Skirmish", format_id=FORMAT, date=dt.date(2025, 5, 2)
    )
    ids = [
        registration.add_player(db, event_id=event_id, name=name).value.registration_id
        for name in NAMES[:16]
    ]
    lists = {
        0: legal_list(),
        1: legal_list(),
        2: illegal_list(),
        3: legal_list(),
        5: short_list(),
        6: legal_list(),
        7: legal_list(),
        9: legal_list(),
        10: short_list(),
        12: legal_list(),
        13: legal_list(),
    }
    for index, text in lists.items():
        decks.submit_deck(
            db, event_id=event_id, registration_id=ids[index], text=text, store_illegal=True
        )
    decks.submit_deck(
        db,
        event_id=event_id,
        registration_id=ids[14],
        text=short_list(),
        accept_reason="judge: printed list lost a line; deck box has 30 cards",
    )
    return event_id


def main(argv: list[str]) -> int:
    with session(argv) as shots:
        window = shots.open_window(fill_database(shots.db))
        splitter = window.centralWidget()
        if isinstance(splitter, QSplitter):  # the events list narrow, as a TO would drag it
            splitter.setSizes([250, 1030])
        tab = show_tab(window, "Decks", DecksTab)
        chosen = next(
            tab.model.deck_at(r)
            for r in range(tab.model.rowCount())
            if tab.model.deck_at(r).name == "Cyrus Dorn"
        )
        tab.select_player(chosen.registration_id)
        QApplication.processEvents()
        findings = tab.editor.findings_view
        flags = (
            QItemSelectionModel.SelectionFlag.ClearAndSelect
            | QItemSelectionModel.SelectionFlag.Rows
        )
        row = next(
            r
            for r in range(tab.editor.findings_model.rowCount())
            if tab.editor.findings_model.finding_at(r).rule_id == "card-unknown"
        )
        findings.selectionModel().setCurrentIndex(tab.editor.findings_model.index(row, 0), flags)
        findings.setFocus()
        shots.save(window, "decks-tab.png")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
