"""The Pods tab driven like a TO before a draft: seat, pin, swap, time the draft.

Real widgets on a real SQLite file. Dialogs are answered through the
window's `Prompts` (`run_dialog` fills the real dialog and accepts it); what
was stored is read back through the services the command line uses.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtWidgets import QDialog
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from organizer.core.results import Score
from organizer.core.seating.pods import Pod, Seat
from organizer.gui.pods.drafted_pool_dialog import DraftedPoolDialog
from organizer.gui.pods.pod_dialogs import PinsDialog, SeatSwapDialog
from organizer.gui.pods.pod_seats_model import PodSeatsModel
from organizer.gui.pods.pods_tab import PodsTab, passes_text
from organizer.gui.window.main_window import MainWindow
from organizer.services.decks import cardpools, decks
from organizer.services.event import settings
from organizer.services.kit.changes import Changes
from organizer.services.kit.resources import sample_pool_path
from organizer.services.players import registration
from organizer.services.rounds import pods, standings
from organizer.storage.database import Database
from tests.gui.played_events import event_with_players, play_round

DRAFT = "warcaste-skirmish-draft"
START = dt.datetime(2025, 6, 14, 10, 0, tzinfo=dt.UTC)


class Answers:
    """What the TO answers; `dialog` fills and accepts the next dialog shown."""

    def __init__(self, window: MainWindow) -> None:
        self.questions: list[str] = []
        self.warnings: list[str] = []
        self.dialog: Callable[[QDialog], None] | None = None
        self.dialogs: list[QDialog] = []
        window.prompts.confirm = self._confirm
        window.prompts.warn = lambda _title, text: self.warnings.append(text)
        window.prompts.run_dialog = self._run

    def _confirm(self, _title: str, text: str) -> bool:
        self.questions.append(text)
        return True

    def _run(self, dialog: QDialog) -> int:
        self.dialogs.append(dialog)
        if self.dialog is None:
            return int(QDialog.DialogCode.Rejected)
        self.dialog(dialog)
        return int(QDialog.DialogCode.Accepted)


@pytest.fixture
def draft(db: Database) -> int:
    """Warcaste Skirmish Draft with 20 players: 3 pods of 7, 7 and 6."""
    return event_with_players(db, DRAFT, 20, name="Draft night")


def pods_tab(window: MainWindow) -> PodsTab:
    assert window.event_view is not None
    tab = window.event_view.tab("Pods")
    assert isinstance(tab, PodsTab)
    window.event_view.tabs.setCurrentWidget(tab)
    return tab


def seat(tab: PodsTab, seed: int) -> None:
    tab.seed_edit.setText(str(seed))
    tab.seat_pods.button.click()


@pytest.mark.usefixtures("draft")
def test_seating_twenty_players_shows_three_pods_of_7_7_6(
    window: MainWindow, db: Database, draft: int
) -> None:
    tab = pods_tab(window)
    answers = Answers(window)
    assert window.event_view is not None and window.event_view.tabs.tabText(5) == "Pods"
    assert tab.note_label.isHidden()  # a draft format: no note
    assert tab.heading_label.text() == "No pods seated yet"
    assert tab.empty_label.isVisible() and tab.pods_area.isHidden()

    seat(tab, 7)
    assert answers.warnings == answers.questions == []
    assert tab.explanation_label.text() == (
        "20 players in 3 pods of at most 8: 7, 7, 6 (as equal as possible)"
    )
    assert tab.heading_label.text() == "Draft 1 · seated before round 1 · seed 7"
    assert [len(rows) for rows in tab.pod_rows()] == [7, 7, 6]
    view = pods.view(db, event_id=draft)
    assert view is not None
    for rows, pod in zip(tab.pod_rows(), view.seating.pods, strict=True):
        assert rows == [[str(s.number), view.names[s.player], s.player] for s in pod.seats]
    boxes = [t.parentWidget() for t in tab.pod_tables]
    assert [b.title() for b in boxes] == [  # type: ignore[union-attr]
        "Pod 1 · 7 players",
        "Pod 2 · 7 players",
        "Pod 3 · 6 players",
    ]
    assert passes_text(view.seating.pods[0].passes) == (
        "Pack 1 \u2192 right, Pack 2 \u2190 left, Pack 3 \u2192 right"
    )
    assert all(t.isVisible() for t in tab.pod_tables)
    assert window.statusBar().currentMessage() == "Seated: 20 players in 3 pods (seed 7)."

    seat(tab, 7)  # again: asked first, the same seed gives the same seats
    assert answers.questions == ["Seat the draft again? The 3 pods seated now are replaced."]
    again = pods.view(db, event_id=draft)
    assert again is not None and again.seating == view.seating


@pytest.mark.usefixtures("draft")
def test_a_pinned_player_gets_the_seat_asked_for(
    window: MainWindow, db: Database, draft: int
) -> None:
    tab = pods_tab(window)
    answers = Answers(window)

    def pin(dialog: QDialog) -> None:
        assert isinstance(dialog, PinsDialog)
        dialog.player_combo.setCurrentIndex(dialog.player_combo.findData("p3"))
        dialog.pod_spin.setValue(2)
        dialog.seat_spin.setValue(1)
        dialog.add_button.click()
        dialog.add_pin("p12", 3, 6)
        assert dialog.list.count() == 2

    answers.dialog = pin
    tab.edit_pins.button.click()
    assert tab.pins == {"p3": (2, 1), "p12": (3, 6)}
    assert tab.edit_pins.button.text() == "P&ins (2)…"
    assert tab.pins_label.text() == (
        "Pinned at the next seating: Player 3 (p3) \u2192 pod 2, seat 1; "
        "Player 12 (p12) \u2192 pod 3, seat 6"
    )

    for seed in (1, 2):
        seat(tab, seed)
        view = pods.view(db, event_id=draft)
        assert view is not None
        assert view.seating.position("p3") == (2, 1)  # type: ignore[arg-type]
        assert view.seating.position("p12") == (3, 6)  # type: ignore[arg-type]
    assert tab.pod_rows()[1][0] == ["1", "Player 3", "p3"]

    reopened = PodsTab(db, draft, window.prompts)  # the event opened again, or a restart
    reopened.refresh()
    assert reopened.pins == {"p3": (2, 1), "p12": (3, 6)}
    assert reopened.edit_pins.button.text() == "P&ins (2)…"

    answers.dialog = lambda d: d.remove_pin("p12")  # type: ignore[attr-defined]
    tab.edit_pins.button.click()
    assert tab.pins == {"p3": (2, 1)}

    tab.refresh()  # another change: the pins being edited are kept
    assert tab.pins == {"p3": (2, 1)}

    answers.dialog = lambda d: d.add_pin("p4", 9, 1)  # type: ignore[attr-defined]
    tab.edit_pins.button.click()
    seat(tab, 3)  # refused by the service, with the reason
    assert answers.warnings == ["p4 is pinned to pod 9; there are pods 1 to 3"]


@pytest.mark.usefixtures("draft")
def test_swap_seats_trades_two_players_and_is_journaled(
    window: MainWindow, db: Database, draft: int
) -> None:
    tab = pods_tab(window)
    answers = Answers(window)
    seat(tab, 7)
    before = pods.view(db, event_id=draft)
    assert before is not None
    a, b = before.seating.pods[0].seats[0].player, before.seating.pods[2].seats[5].player

    assert tab.select_player(a)
    assert tab.selected_player() == a

    def swap(dialog: QDialog) -> None:
        assert isinstance(dialog, SeatSwapDialog)
        assert dialog.players()[0] == a  # the selected player is offered first
        dialog.select(a, b)

    answers.dialog = swap
    tab.swap_seats.button.click()
    after = pods.view(db, event_id=draft)
    assert after is not None
    assert after.seating.position(a) == (3, 6)
    assert after.seating.position(b) == (1, 1)
    assert tab.pod_rows()[0][0] == ["1", after.names[b], b]
    assert window.statusBar().currentMessage() == (
        f"Swapped the seats of {after.names[a]} and {after.names[b]}."
    )
    assert answers.warnings == []


@pytest.mark.usefixtures("draft")
def test_after_a_round_the_seats_lock_and_a_second_draft_goes_by_standings(
    window: MainWindow, db: Database, draft: int
) -> None:
    tab = pods_tab(window)
    answers = Answers(window)
    seat(tab, 7)
    assert not tab.seat_by_standings.button.isEnabled()
    play_round(db, draft, seed=8, rule=lambda _t: Score(1, 0))  # paired across the pods
    tab.refresh_for(Changes(pairings=True, results=True))
    assert tab.heading_label.text() == (
        "Draft 1 · seated before round 1 · seed 7 · seats locked (round 1 is paired)"
    )
    assert not tab.swap_seats.button.isEnabled() and not tab.seat_pods.button.isEnabled()
    assert tab.seat_by_standings.button.isEnabled()

    tab.seed_edit.setText("9")
    tab.seat_by_standings.button.click()
    assert answers.questions == [
        "Seat a new draft by the standings after round 1? "
        "Pod 1 gets the best-ranked players, pod 2 the next, and so on."
    ]
    assert tab.heading_label.text() == "Draft 2 · seated by standings after round 1 · seed 9"
    assert tab.swap_seats.button.isEnabled()
    ranked = [r.player for r in standings.standings(db, event_id=draft)]
    assert {row[2] for row in tab.pod_rows()[0]} == set(ranked[:7])


@pytest.mark.usefixtures("draft")
def test_pod_settings_are_stored_and_change_the_split(
    window: MainWindow, db: Database, draft: int
) -> None:
    tab = pods_tab(window)
    Answers(window)
    assert tab.pod_size_spin.value() == 8
    assert not tab.keep_check.isChecked()

    tab.keep_check.click()
    assert settings.get_settings(db, event_id=draft).pods_keep_rounds is True
    tab.keep_check.click()
    assert settings.get_settings(db, event_id=draft).pods_keep_rounds is False
    tab.keep_check.click()

    tab.pod_size_spin.setValue(6)
    assert settings.get_settings(db, event_id=draft).pod_size == 6
    seat(tab, 5)
    assert tab.explanation_label.text() == (
        "20 players in 4 pods of at most 6: 5, 5, 5, 5 (as equal as possible)"
    )
    assert [len(rows) for rows in tab.pod_rows()] == [5, 5, 5, 5]
    assert window.statusBar().currentMessage() == "Seated: 20 players in 4 pods (seed 5)."
    assert tab.keep_check.isChecked()  # read back from the database


@pytest.mark.usefixtures("draft")
def test_the_draft_timer_counts_down_from_the_database(
    window: MainWindow, db: Database, draft: int
) -> None:
    tab = pods_tab(window)
    answers = Answers(window)
    timer = tab.timer_panel
    now = [START]
    timer.now = lambda: now[0]
    timer.redraw()
    assert timer.time_label.text() == "--:--"
    assert timer.state_label.text() == "Seat the draft pods before starting the draft timer."
    assert not timer.draft_button.isEnabled()

    seat(tab, 7)
    assert timer.draft_button.isEnabled() and timer.draft_spin.value() == 40
    assert timer.state_label.text() == "No timer started yet."
    timer.draft_button.click()
    assert timer.time_label.text() == "40:00"
    assert timer.state_label.text() == "Draft timer running · 40 minutes"
    assert window.statusBar().currentMessage() == "Draft timer started: 40 minutes."

    now[0] = START + dt.timedelta(minutes=1, seconds=15)
    timer.redraw()
    assert timer.time_label.text() == "38:45"
    view = pods.timer_status(db, event_id=draft, now=now[0])
    assert view is not None and view.remaining_s == 38 * 60 + 45

    timer.pause_button.click()
    assert timer.state_label.text() == "Draft timer paused · 40 minutes"
    assert timer.pause_button.text() == "&Resume"
    now[0] += dt.timedelta(minutes=5)
    timer.redraw()
    assert timer.time_label.text() == "38:45"  # paused: no time passes
    timer.pause_button.click()
    now[0] += dt.timedelta(seconds=45)
    timer.redraw()
    assert timer.time_label.text() == "38:00"

    timer.building_spin.setValue(25)
    timer.building_button.click()  # replaces the running draft timer, after asking
    assert answers.questions[-1].startswith("The draft timer still has 38:00 left.")
    assert timer.time_label.text() == "25:00"
    assert timer.state_label.text() == "Deck building timer running · 25 minutes"
    now[0] += dt.timedelta(minutes=26)
    timer.redraw()
    assert timer.time_label.text() == "0:00"
    assert timer.state_label.text() == "Deck building timer: time is up"


@pytest.mark.usefixtures("draft")
def test_register_the_drafted_pool_of_the_selected_player(
    window: MainWindow, db: Database, draft: int, tmp_path: Path
) -> None:
    cardpools.import_pool(
        db, text=sample_pool_path("warcaste").read_text(encoding="utf-8"), source="sample.csv"
    )
    tab = pods_tab(window)
    answers = Answers(window)
    seat(tab, 7)
    view = pods.view(db, event_id=draft)
    assert view is not None
    player = view.seating.pods[1].seats[2].player
    assert tab.select_player(player)
    record = registration.find_player(db, event_id=draft, code=player)
    pool_file = tmp_path / "pool.txt"
    pool_file.write_text("5 Lattice Seer\n4 Ashfall Raider\n", encoding="utf-8")
    window.prompts.open_path = lambda _title, _filter: str(pool_file)

    def fill(dialog: QDialog) -> None:
        assert isinstance(dialog, DraftedPoolDialog)
        assert dialog.registration_id() == record.registration_id
        assert not dialog.ok_button.isEnabled()  # nothing to register yet
        dialog.load_button.click()
        assert dialog.ok_button.isEnabled()

    answers.dialog = fill
    tab.register_pool.button.click()
    assert answers.warnings == []
    assert window.statusBar().currentMessage() == f"{record.name}: drafted pool registered."
    _, report = decks.check_for_player(
        db,
        event_id=draft,
        registration_id=record.registration_id,
        text="5 Lattice Seer\n4 Ashfall Raider\n",
    )
    assert not any("no drafted pool" in f.message for f in report.findings)

    answers.dialog = lambda d: d.text_edit.setPlainText("5 Lattice Seer x\n@@@")  # type: ignore[attr-defined]
    tab.register_pool.button.click()  # an unreadable list: refused, naming the line
    (warning,) = answers.warnings
    assert "line 2" in warning


def test_a_constructed_event_notes_that_pods_are_for_drafts(
    window: MainWindow, db: Database, qtbot: QtBot
) -> None:
    event_id = event_with_players(db, "castle-wars", 9, name="Castle night")
    window.open_event(event_id)
    tab = pods_tab(window)
    Answers(window)
    assert tab.note_label.isVisible()
    assert tab.note_label.text() == (
        "Pods are for draft events; Castle Wars is not a draft format, "
        "so no pods are seated (Warcaste 8b)."
    )
    assert not tab.seat_pods.action.isEnabled() and not tab.seat_by_standings.action.isEnabled()
    assert tab.pod_rows() == []


def test_the_pod_seats_model(qtmodeltester: ModelTester) -> None:
    pod = Pod(2, (Seat(1, "p4"), Seat(2, "p9")))  # type: ignore[arg-type]
    model = PodSeatsModel(pod, {"p4": "Ada Byrne", "p9": "Bo Chen"})
    qtmodeltester.check(model)
    assert [[model.index(r, c).data() for c in range(3)] for r in range(2)] == [
        ["1", "Ada Byrne", "p4"],
        ["2", "Bo Chen", "p9"],
    ]
    assert model.row_of("p9") == 1 and model.player_at(0) == "p4"
