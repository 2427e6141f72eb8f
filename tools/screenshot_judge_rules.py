"""Screenshots of a judge's evening with the rulebooks' edges (issue 25).

Builds throwaway events through the services and grabs:

    QT_QPA_PLATFORM=offscreen .venv/bin/python tools/screenshot_judge_rules.py [OUT_DIR]

topcut-tie-question.png: the Standings tab's Top cut… asking how to break a tie
    across the cut line (names, identical values, how many make it);
conquest-final-table.png: the Standings tab of a Conquest event whose playoff is
    one final table of 4, after a drawn game and a winner;
clock-house-rule.png: the Clock tab of a Skirmish event run with 50-minute rounds
    as a house rule;
decks-pool-not-registered.png: the Decks tab of a draft event with a list waiting
    for its drafted pool.

OUT_DIR defaults to docs/screenshots. Everything goes through the services.
"""

from __future__ import annotations

import datetime as dt
import sys
from collections.abc import Sequence

from PySide6.QtWidgets import QMessageBox
from screenshot_support import NAMES, Session, new_event, session, show_tab

from organizer.core.results import Score
from organizer.gui.clock.clock_tab import ClockTab
from organizer.gui.decks.decks_tab import DecksTab
from organizer.gui.standings.standings_tab import StandingsTab
from organizer.gui.standings.top_cut_panel import TIE_CHOICES, tie_text
from organizer.services.clock import clock
from organizer.services.decks import cardpools, decks
from organizer.services.event import events, settings
from organizer.services.players import registration
from organizer.services.rounds import pairing, results, topcut

DAY = dt.date(2026, 11, 26)


def tie_question(shots: Session) -> None:
    """Six players, one round of Castle Wars, every A seat 2-0: three losers tie for 4th."""
    event_id = new_event(
        shots.db, name="Castle Cup", format_id="castle-wars", date=DAY, players=NAMES[:6]
    )
    for m in pairing.pair_next(shots.db, event_id=event_id, seed=5).value.matches:
        assert m.table is not None
        results.record_result(shots.db, event_id=event_id, table=m.table, score=Score(2, 0))
    window = shots.open_window(event_id)
    show_tab(window, "Standings", StandingsTab)
    tie = topcut.cut_tie(shots.db, event_id=event_id, size=4)
    assert tie is not None
    box = QMessageBox(QMessageBox.Icon.Question, "Tie across the cut", tie_text(tie), parent=window)
    for choice in TIE_CHOICES:
        box.addButton(choice, QMessageBox.ButtonRole.AcceptRole)
    box.addButton(QMessageBox.StandardButton.Cancel)
    shots.save_dialog(box, "topcut-tie-question.png")  # type: ignore[arg-type]


def conquest_final_table(shots: Session) -> None:
    event_id = new_event(
        shots.db, name="Conquest Cup", format_id="warcaste-conquest", date=DAY, players=NAMES[:9]
    )
    settings.set_setting(shots.db, event_id=event_id, key="table_size", value="3")
    for seed in (1, 2):
        for m in pairing.pair_next(shots.db, event_id=event_id, seed=seed).value.matches:
            assert m.table is not None
            results.record_table_result(
                shots.db, event_id=event_id, table=m.table, winner=m.players[0]
            )
    final = topcut.start(shots.db, event_id=event_id, size=4, break_ties="name").value
    results.record_table_result(shots.db, event_id=event_id, table=1, winner=None)
    pairing.pair_next(shots.db, event_id=event_id)
    results.record_table_result(
        shots.db, event_id=event_id, table=1, winner=final.matches[0].players[2]
    )
    window = shots.open_window(event_id)
    tab = show_tab(window, "Standings", StandingsTab)
    tab.top_cut.refresh()
    shots.save(window, "conquest-final-table.png")


def clock_house_rule(shots: Session) -> None:
    record = events.create_event(
        shots.db,
        name="Short Skirmish",
        format_id="warcaste-skirmish-constructed",
        date=DAY,
        round_minutes=50,
        house_rule=True,
    ).value
    text = "name\n" + "".join(f"{n}\n" for n in NAMES[:8])
    registration.import_players_csv(shots.db, event_id=record.id, text=text)
    pairing.pair_next(shots.db, event_id=record.id, seed=3)
    clock.start(shots.db, event_id=record.id, now=dt.datetime.now(dt.UTC))
    window = shots.open_window(record.id)
    tab = show_tab(window, "Clock", ClockTab)
    tab.redraw()
    shots.save(window, "clock-house-rule.png")


POOL = "game,name,type,set,attributes\nwarcaste,Old Doctrine,doctrine,S2,Swarming\n" + "".join(
    f"warcaste,New Unit {i},unit,S2,Targeting\n" for i in range(10)
)
UNITS = "".join(f"3 New Unit {i}\n" for i in range(10))


def decks_pool_not_registered(shots: Session, names: Sequence[str] = NAMES[:4]) -> None:
    cardpools.import_pool(shots.db, text=POOL, source="draft-pool.csv")
    event_id = new_event(
        shots.db, name="Draft night", format_id="warcaste-skirmish-draft", date=DAY, players=names
    )
    players = decks.deck_statuses(shots.db, event_id=event_id)
    deck = f"Doctrine:\n1 Old Doctrine\nDeck:\n{UNITS}"
    for n, p in enumerate(players[:3]):
        if n == 1:
            decks.register_drafted_pool(
                shots.db, event_id=event_id, registration_id=p.registration_id, text=UNITS
            )
        decks.submit_deck(shots.db, event_id=event_id, registration_id=p.registration_id, text=deck)
    window = shots.open_window(event_id)
    show_tab(window, "Decks", DecksTab)
    shots.save(window, "decks-pool-not-registered.png")


def main(argv: list[str]) -> int:
    with session(argv) as shots:
        tie_question(shots)
        conquest_final_table(shots)
        clock_house_rule(shots)
        decks_pool_not_registered(shots)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
