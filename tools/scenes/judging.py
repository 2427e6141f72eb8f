"""Scenes of judging: the Penalties tab and report, deck checks, the judge's rulings."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from PySide6.QtWidgets import QApplication, QMessageBox, QSplitter

from organizer.core.results import Score
from organizer.gui.clock.clock_tab import ClockTab
from organizer.gui.decks.deck_checks_dialog import DeckChecksDialog
from organizer.gui.decks.decks_tab import DecksTab
from organizer.gui.penalties.penalties_tab import PenaltiesTab
from organizer.gui.standings.standings_tab import StandingsTab
from organizer.gui.standings.top_cut_panel import TIE_CHOICES, tie_text
from organizer.services.clock import clock
from organizer.services.decks import cardpools, decks
from organizer.services.event import events, settings
from organizer.services.judging import deck_checks, penalties
from organizer.services.players import registration
from organizer.services.printouts import printouts
from organizer.services.rounds import pairing, results, topcut
from organizer.storage.database import Database
from scenes.support import NAMES, Session, new_event, pdf_page_png, show_tab

# --- penalties -----------------------------------------------------------------------
NOW_penalties = dt.datetime.now(dt.UTC)


def penalties_event(db: Database) -> int:
    event_id = new_event(
        db,
        name="Friday Night Skirmish",
        format_id="warcaste-skirmish-constructed",
        date=dt.date(2026, 11, 27),
        players=NAMES[:12],
    )
    first = pairing.pair_next(db, event_id=event_id, seed=11).value
    for m in first.matches:
        if m.table is not None:
            results.record_result(
                db, event_id=event_id, table=m.table, score=Score(m.table % 2, 1 - m.table % 2)
            )
    penalties.add_penalty(
        db, event_id=event_id, player="p3", category="Slow Play", penalty="Warning",
        note="three minutes on one attack", judge="Ana Ruiz",
    )  # fmt: skip
    pairing.pair_next(db, event_id=event_id, seed=12)
    penalties.add_penalty(
        db, event_id=event_id, player="p8", category="Tardiness", penalty="Warning",
        note="seated 2 minutes late", judge="Bo Lind",
    )  # fmt: skip
    penalties.add_penalty(
        db, event_id=event_id, player="p5", category="Deck/Decklist Problem",
        penalty="Game Loss", note="31 cards in the deck, 30 on the list", judge="Ana Ruiz",
    )  # fmt: skip
    wrong = penalties.add_penalty(
        db, event_id=event_id, player="p9", category="Unsporting Conduct", penalty="Match Loss",
        judge="Bo Lind",
    ).value  # fmt: skip
    penalties.remove_penalty(
        db, event_id=event_id, penalty_id=wrong.record.id, reason="wrong player: it was p10"
    )
    penalties.add_penalty(
        db, event_id=event_id, player="p3", category="Slow Play", penalty="Warning",
        note="again, after the first warning", judge="Ana Ruiz",
    )  # fmt: skip
    picked = deck_checks.pick(db, event_id=event_id, share=0.34, seed=5).value.tables
    deck_checks.start(
        db, event_id=event_id, table=picked[0], now=NOW_penalties - dt.timedelta(minutes=9)
    )
    deck_checks.record(
        db, event_id=event_id, round_number=2, table=picked[0], outcome="ok",
        now=NOW_penalties - dt.timedelta(seconds=30),
    )  # fmt: skip
    deck_checks.start(
        db, event_id=event_id, table=picked[1], now=NOW_penalties - dt.timedelta(minutes=3)
    )
    return event_id


def shoot_penalties(shots: Session, event_id: int) -> None:
    window = shots.open_window(event_id)
    splitter = window.centralWidget()
    if isinstance(splitter, QSplitter):
        splitter.setSizes([250, 1030])
    tab = show_tab(window, "Penalties", PenaltiesTab)
    tab.removed_box.setChecked(True)
    tab.entry.judge_edit.setText("Ana Ruiz")
    QApplication.processEvents()
    shots.save(window, "penalties-tab.png")
    tab.entry.player_edit.setText("p3")
    tab.entry.category_box.setCurrentText("Slow Play")
    QApplication.processEvents()
    shots.save(window, "penalties-history.png")
    pdf = printouts.printout(shots.db, event_id=event_id, kind="penalties")
    pdf_page_png(pdf, shots.out / "penalty-report.png", dpi=110)
    dialog = DeckChecksDialog(shots.db, event_id, window.prompts, window)
    shots.save_dialog(dialog, "deck-checks-timed.png", size=(760, 420))


def penalties_shots(shots: Session) -> None:
    """The judge's tools: the Penalties tab, the penalty report, timed deck checks."""
    shoot_penalties(shots, penalties_event(shots.db))


# --- judge_rules ---------------------------------------------------------------------
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


def judge_rules_shots(shots: Session) -> None:
    """A judge's evening with the rulebooks' edges (issue 25)."""
    tie_question(shots)
    conquest_final_table(shots)
    clock_house_rule(shots)
    decks_pool_not_registered(shots)


# --- judge calls ---------------------------------------------------------------------


def judge_calls_shots(shots: Session) -> None:
    """The judges' queue in the app (claimed and open calls) and the status bar's ring."""
    from organizer.services.judging import judge_calls
    from organizer.services.kit.changes import Changes
    from organizer.services.phones import judges

    db = shots.db
    event_id = new_event(
        db,
        name="Friday Night Skirmish",
        format_id="warcaste-skirmish-constructed",
        date=dt.date(2026, 11, 27),
        players=NAMES[:16],
    )
    pairing.pair_next(db, event_id=event_id, seed=11)
    for name in ("Ana Ruiz", "Bo Lind"):
        judges.add_judge(db, event_id=event_id, name=name)
    now = dt.datetime.now(dt.UTC)

    def call(code: str, note: str, minutes: float) -> int:
        player = registration.find_player(db, event_id=event_id, code=code)
        when = now - dt.timedelta(minutes=minutes)
        return judge_calls.call_judge(
            db, event_id=event_id, player=player, note=note, now=when
        ).value.id

    first = call("p3", "Is Ambush a triggered ability?", 6.5)
    judge_calls.claim_call(db, event_id=event_id, call_id=first, judge="Ana Ruiz")
    call("p9", "", 2.2)
    window = shots.open_window(event_id)
    call("p14", "We disagree on the life total", 0.1)
    window.apply_remote(Changes(judge_calls=True, event_id=event_id))  # as the live watch does
    QApplication.processEvents()
    shots.save(window, "judge-call-status-bar.png")
    dialog = window.judge_desk.show_calls()
    assert dialog is not None
    dialog.table.selectRow(1)
    shots.save_dialog(dialog, "judge-calls-queue.png", size=(760, 300))
