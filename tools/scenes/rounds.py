"""Scenes of the rounds: result entry, Conquest, print preview, pods, the bracket, sudden death."""

from __future__ import annotations

import datetime as dt
import random

from PySide6.QtWidgets import QApplication, QDialog

from organizer.core.results import Score
from organizer.gui.pods.pods_tab import PodsTab
from organizer.gui.rounds.result_entry import ResultEntry
from organizer.gui.rounds.rounds_tab import RoundsTab
from organizer.gui.rounds.sudden_death_dialog import SuddenDeathDialog
from organizer.gui.rounds.table_result_entry import TableResultEntry
from organizer.gui.standings.standings_tab import StandingsTab
from organizer.services.clock import clock, sudden_death
from organizer.services.event import settings
from organizer.services.printouts import printouts
from organizer.services.rounds import pairing, pods, results, topcut
from organizer.storage.database import Database
from scenes.support import (
    NAMES,
    WINDOW_SIZE,
    Session,
    event_view,
    new_event,
    pdf_page_png,
    show_tab,
)

# --- rounds --------------------------------------------------------------------------
SCORES_rounds = [Score(2, 0), Score(2, 1), Score(1, 2), Score(0, 2), Score(1, 1, 1)]
WEIGHTS_rounds = [4, 5, 5, 4, 1]
MISSING_IN_ROUND_3 = {3, 7, 9, 12}


def rounds_event(db: Database) -> int:
    event_id = new_event(
        db,
        name="Castle Wars League, week 7",
        format_id="castle-wars",
        date=dt.date(2025, 5, 9),
        planned_rounds=4,
        players=NAMES,
    )
    rng = random.Random(7)
    for number, seed in ((1, 101), (2, 102), (3, 103)):
        round_ = pairing.pair_next(db, event_id=event_id, seed=seed).value
        for m in round_.matches:
            if m.table is None or (number == 3 and m.table in MISSING_IN_ROUND_3):
                continue
            score = rng.choices(SCORES_rounds, WEIGHTS_rounds)[0]
            drop = (False, number == 2 and m.table == 11)
            results.record_result(
                db, event_id=event_id, table=m.table, score=score, round_number=number, drop=drop
            )
    return event_id


def rounds_shots(shots: Session) -> None:
    """Rounds and Standings tabs, for the docs and for review."""
    window = shots.open_window(rounds_event(shots.db))

    entry = show_tab(window, "Rounds", RoundsTab).entry
    assert isinstance(entry, ResultEntry)
    entry.table_edit.setText("7")
    entry.focus_answer()
    entry.score_edit.setText("2-1")
    shots.save(window, "rounds-tab.png")

    standings = show_tab(window, "Standings", StandingsTab)
    standings.select_player(standings.model.standing_at(8).player)
    standings.table.setFocus()
    shots.save(window, "standings-tab.png")


# --- conquest ------------------------------------------------------------------------
def conquest_event(db: Database) -> int:
    event_id = new_event(
        db,
        name="Conquest Saturday",
        format_id="warcaste-conquest",
        date=dt.date(2025, 5, 10),
        planned_rounds=3,
        players=NAMES[:13],
    )
    # Tables drawn by only the players still in at time: the house option (Warcaste 8c).
    settings.set_settings(db, event_id=event_id, values={"conquest_time_draw": "still-in"})
    first = pairing.pair_next(db, event_id=event_id, seed=21).value
    seats = {m.table: m.players for m in first.matches}
    record_ = results.record_table_result
    record_(db, event_id=event_id, table=1, winner=seats[1][2], round_number=1)
    record_(db, event_id=event_id, table=2, winner=None, round_number=1)
    drawn = [seats[3][0], seats[3][3]]
    record_(db, event_id=event_id, table=3, winner=None, drawn=drawn, round_number=1)
    second = pairing.pair_next(db, event_id=event_id, seed=22).value
    seats = {m.table: m.players for m in second.matches}
    record_(db, event_id=event_id, table=1, winner=seats[1][0], round_number=2)
    drawn = [seats[2][1], seats[2][2]]
    record_(db, event_id=event_id, table=2, winner=None, drawn=drawn, round_number=2)
    return event_id


def conquest_shots(shots: Session) -> None:
    """Rounds tab of a Warcaste Conquest event, for the docs and for review."""
    window = shots.open_window(conquest_event(shots.db))
    entry = show_tab(window, "Rounds", RoundsTab).entry
    assert isinstance(entry, TableResultEntry)
    entry.table_edit.setText("3")
    entry.focus_answer()
    entry.result_edit.setText("d 1 4")
    shots.save(window, "conquest-rounds-tab.png")


# --- print_preview -------------------------------------------------------------------
def print_preview_event(db: Database) -> int:
    event_id = new_event(
        db,
        name="Friday Skirmish",
        format_id="warcaste-skirmish-constructed",
        date=dt.date(2025, 5, 9),
        players=NAMES[:16],
    )
    pairing.pair_next(db, event_id=event_id, seed=11)
    return event_id


def print_preview_shots(shots: Session) -> None:
    """Print preview: the match slips of a Warcaste event's round 1."""
    window = shots.open_window(print_preview_event(shots.db))
    rounds = show_tab(window, "Rounds", RoundsTab)

    def shoot_print_preview(dialog: QDialog) -> int:
        # QPdfView draws its pages in the event loop: give it a second
        shots.save_dialog(dialog, "print-preview.png", size=WINDOW_SIZE, settle=1.0)
        return int(QDialog.DialogCode.Rejected)

    window.prompts.run_dialog = shoot_print_preview
    if rounds.print_commands.preview("slips") is None:
        raise SystemExit("the preview did not open")


# --- pods ----------------------------------------------------------------------------
SCORES_pods = [Score(2, 0), Score(2, 1), Score(1, 2), Score(0, 2)]


def draft_event(db: Database) -> int:
    return new_event(
        db,
        name="Ember Gate Draft Weekend",
        format_id="warcaste-skirmish-draft",
        date=dt.date(2025, 6, 14),
        players=NAMES[:20],
    )


def cut_event(db: Database) -> int:
    event_id = new_event(
        db,
        name="Castle Wars Regional Qualifier",
        format_id="castle-wars",
        date=dt.date(2025, 5, 24),
        planned_rounds=5,
        players=NAMES,
    )
    rng = random.Random(11)
    for seed in range(201, 206):
        round_ = pairing.pair_next(db, event_id=event_id, seed=seed).value
        for m in round_.matches:
            if m.table is not None:
                score = rng.choice(SCORES_pods)
                results.record_result(db, event_id=event_id, table=m.table, score=score)
    topcut.start(db, event_id=event_id, size=8)
    for table, score in ((1, Score(2, 0)), (2, Score(1, 2)), (3, Score(2, 1)), (4, Score(0, 2))):
        results.record_result(db, event_id=event_id, table=table, score=score)
    pairing.pair_next(db, event_id=event_id)  # the semifinals
    results.record_result(db, event_id=event_id, table=1, score=Score(2, 1))
    return event_id


def pods_shots(shots: Session) -> None:
    """Pods tab and a top-cut bracket, for the docs and for review."""
    draft_id = draft_event(shots.db)
    window = shots.open_window(draft_id)
    QApplication.processEvents()
    tab = show_tab(window, "Pods", PodsTab)
    tab.pins = {"p12": (1, 1)}  # Liam uses a wheelchair: the seat by the aisle
    tab.seed_edit.setText("2025")
    tab.seat_pods.button.click()
    started = dt.datetime.now(dt.UTC) - dt.timedelta(minutes=12, seconds=19)
    pods.timer_start(shots.db, event_id=draft_id, minutes=40, label="draft", now=started)
    tab.timer_panel.timer_label = "draft"
    tab.timer_panel.redraw()
    tab.select_player("p7")
    shots.save(window, "pods-tab.png")
    window.close()

    window = shots.open_window(cut_event(shots.db))
    QApplication.processEvents()
    view = event_view(window)
    view.tabs.setCurrentWidget(view.standings_tab)
    shots.save(window, "bracket.png")


# --- sudden_death_playoff ------------------------------------------------------------
STARTED_sudden_death_playoff = dt.datetime.now(dt.UTC) - dt.timedelta(minutes=61)


def sudden_death_playoff_event(db: Database) -> int:
    event_id = new_event(
        db,
        name="Saturday Skirmish Top 4",
        format_id="warcaste-skirmish-constructed",
        date=dt.date(2025, 6, 14),
        players=NAMES[:8],
    )
    for seed in (1, 2, 3):
        for m in pairing.pair_next(db, event_id=event_id, seed=seed).value.matches:
            if m.table is not None:
                results.record_result(db, event_id=event_id, table=m.table, score=Score(1, 0))
    topcut.start(db, event_id=event_id, size=4)
    clock.start(db, event_id=event_id, now=STARTED_sudden_death_playoff)
    a, b = sudden_death.load(db, event_id=event_id, table=1).record.players
    sudden_death.set_active_player(db, event_id=event_id, table=1, player=a)
    for number, counters in enumerate((1, 2, 2, 0, 0, 1, 1, 2), start=1):
        player = a if number % 2 else b
        sudden_death.record_turn(
            db, event_id=event_id, table=1, number=number, player=player, counters=counters
        )
    return event_id


def sudden_death_playoff_shots(shots: Session) -> None:
    """The sudden-death dialog in a level playoff match (formats.md, decided here)."""
    event_id = sudden_death_playoff_event(shots.db)
    window = shots.open_window(event_id)
    state = sudden_death.load(shots.db, event_id=event_id, table=1)
    shots.save_dialog(
        SuddenDeathDialog(shots.db, event_id, state, window), "sudden-death-playoff.png"
    )


# --- sudden_death_trap ---------------------------------------------------------------
STARTED_sudden_death_trap = dt.datetime.now(dt.UTC) - dt.timedelta(minutes=61)
TRAP_NIGHT = ((1, 2), (0, 0), (1, 2), (0, 0), (1, 0), (0, 0))


def sudden_death_trap_event(db: Database) -> tuple[int, int]:
    event_id = new_event(
        db,
        name="Thursday Skirmish",
        format_id="warcaste-skirmish-constructed",
        date=dt.date(2026, 11, 26),
        players=["P1 Piotr Zieliński", "P2 Aoife O'Brien", "P3 Chidi Okafor", "P4 Zoë Castellanos"],
    )
    matches = pairing.pair_next(db, event_id=event_id, seed=1).value.matches
    clock.start(db, event_id=event_id, now=STARTED_sudden_death_trap)
    table = next(m.table for m in matches if m.table is not None)
    fresh = sudden_death.load(db, event_id=event_id, table=table).record
    record = sudden_death.set_active_player(
        db, event_id=event_id, table=table, player=fresh.players[0]
    ).value.record
    for number, (counters, other) in enumerate(TRAP_NIGHT, start=1):
        sudden_death.record_turn(
            db,
            event_id=event_id,
            table=table,
            number=number,
            player=record.player_of(number),
            counters=counters,
            other=other,
        )
    return event_id, table


def sudden_death_trap_shots(shots: Session) -> None:
    """Sudden death with a trap (issue 25: rule 1d counts both players' counters)."""
    event_id, table = sudden_death_trap_event(shots.db)
    window = shots.open_window(event_id)
    state = sudden_death.load(shots.db, event_id=event_id, table=table)
    shots.save_dialog(SuddenDeathDialog(shots.db, event_id, state, window), "sudden-death-trap.png")
    slips = printouts.printout(shots.db, event_id=event_id, kind="slips")
    pdf_page_png(slips, shots.out / "slips-sudden-death.png", dpi=110)
