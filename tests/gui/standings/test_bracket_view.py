"""The top cut from the Standings tab: start it, play it, see the bracket and final standings.

Real widgets on a real SQLite file: 16 players play 4 Swiss rounds through the
services, the TO starts a top 8 with the Standings tab's "Top cut…" button
(answering the choice through `Prompts.choose`), results are recorded through
the services, and the bracket and the final standings follow.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from PySide6.QtCore import QPointF
from PySide6.QtWidgets import QDialog
from pytestqt.modeltest import ModelTester

from organizer.core.pairing.topcut import EventStructure, build_bracket
from organizer.core.results import Score
from organizer.gui.standings.bracket_view import BracketView, bracket_boxes, round_title
from organizer.gui.standings.final_standings_model import FinalStandingsModel
from organizer.gui.standings.standings_tab import StandingsTab
from organizer.gui.standings.top_cut_panel import recommendation_text
from organizer.gui.window.main_window import MainWindow
from organizer.services.event import interchange
from organizer.services.kit.changes import Changes
from organizer.services.rounds import pairing, results, standings, topcut
from organizer.storage.database import Database
from tests.gui.played_events import event_with_players, play_round


class Answers:
    def __init__(self, window: MainWindow, choice: int | None) -> None:
        self.choice = choice
        self.choices: list[tuple[str, tuple[str, ...]]] = []
        self.warnings: list[str] = []
        window.prompts.choose = self._choose
        window.prompts.warn = lambda _title, text: self.warnings.append(text)
        window.prompts.run_dialog = lambda _d: int(QDialog.DialogCode.Rejected)

    def _choose(self, _title: str, text: str, choices: Sequence[str]) -> int | None:
        self.choices.append((text, tuple(choices)))
        return self.choice


@pytest.fixture
def swiss(db: Database) -> int:
    """16 players of Castle Wars after 4 Swiss rounds, every result in."""
    event_id = event_with_players(db, "castle-wars", 16, name="Castle Cup")
    for seed in (41, 42, 43, 44):
        play_round(db, event_id, seed=seed, rule=lambda t: Score(2, t % 2))
    return event_id


def standings_tab(window: MainWindow) -> StandingsTab:
    assert window.event_view is not None
    tab = window.event_view.standings_tab
    window.event_view.tabs.setCurrentWidget(tab)
    return tab


def record(db: Database, event_id: int, scores: dict[int, Score]) -> None:
    """Record the latest round's results: player A (the better seed) first."""
    for table, score in scores.items():
        results.record_result(db, event_id=event_id, table=table, score=score)


def winners(view: BracketView, round_index: int) -> list[str | None]:
    return [box.winner.text if box.winner else None for box in view.boxes[round_index]]


@pytest.mark.usefixtures("swiss")
def test_a_top_8_started_from_the_standings_tab_and_played_to_the_end(
    window: MainWindow, db: Database, swiss: int, qtmodeltester: ModelTester
) -> None:
    tab = standings_tab(window)
    panel = tab.top_cut
    answers = Answers(window, choice=None)
    assert panel.isHidden() and panel.start_cut.button.isEnabled()
    assert panel.start_cut.button.text() == "&Top cut…"

    panel.start_cut.button.click()  # cancelled: nothing starts
    ((question, choices),) = answers.choices
    assert question.startswith("Recommended for 16 players: 5 Swiss rounds + top 4.\n\n")
    assert "Swiss standings after round 4" in question
    assert choices == ("Top 4 (recommended)", "Top 8", "Top 16")
    assert topcut.bracket(db, event_id=swiss) is None

    answers.choice = 1
    panel.start_cut.button.click()
    assert answers.warnings == []
    assert window.statusBar().currentMessage() == "Top 8 started: round 5 paired (4 matches)."
    assert panel.isVisible() and not panel.start_cut.button.isEnabled()
    assert panel.title_label.text() == "Top 8: quarterfinals being played"
    view = panel.bracket_view
    assert list(view.titles) == ["Quarterfinals · round 5", "Semifinals", "Final"]
    assert [len(r) for r in view.boxes] == [4, 2, 1]
    swiss_rows = standings.standings(db, event_id=swiss)
    seeds = {str(i): row.name for i, row in enumerate(swiss_rows[:8], start=1)}
    first = [(box.top.seed, box.bottom.seed) for box in view.boxes[0]]
    assert first == [("1", "8"), ("4", "5"), ("2", "7"), ("3", "6")]
    assert view.boxes[0][0].top.text == f"1  {seeds['1']}"
    assert winners(view, 0) == [None] * 4
    assert view.boxes[1][0].top.name == "\u2014"  # waiting for the quarterfinal
    assert view.champion is None
    # The Rounds tab heard about the new round.
    assert window.event_view is not None
    rounds = window.event_view.rounds_tab
    window.event_view.tabs.setCurrentWidget(rounds)  # a hidden tab reads when shown
    assert rounds.round_combo.currentText() == "Round 5 (top cut)"
    standings_tab(window)  # back to the standings

    # Quarterfinals: seed 5 beats seed 4, the better seed wins elsewhere.
    record(db, swiss, {1: Score(2, 1), 2: Score(0, 2), 3: Score(2, 0), 4: Score(2, 1)})
    tab.refresh_for(Changes(results=True))
    assert winners(view, 0) == [
        f"1  {seeds['1']}",
        f"5  {seeds['5']}",
        f"2  {seeds['2']}",
        f"3  {seeds['3']}",
    ]
    assert view.boxes[0][1].top.lost and view.boxes[0][1].bottom.won
    assert panel.title_label.text() == (
        "Top 8: quarterfinals done; Pair next round (Rounds tab) pairs the semifinals"
    )
    assert [r[2] for r in panel.final_model.texts()[:8]] == ["Top 4"] * 4 + ["Top 8"] * 4

    window.event_view.tabs.setCurrentWidget(rounds)
    rounds.pair_next_round.button.click()  # Pair next round advances the bracket
    assert rounds.round_combo.currentText() == "Round 6 (top cut)"
    standings_tab(window)  # shown again: read again
    assert view.titles[1] == "Semifinals · round 6"
    assert [(b.top.seed, b.bottom.seed) for b in view.boxes[1]] == [("1", "5"), ("2", "3")]

    record(db, swiss, {1: Score(1, 2), 2: Score(2, 0)})  # seed 5 again
    pairing.pair_next(db, event_id=swiss)
    record(db, swiss, {1: Score(2, 1)})  # the final: seed 2 (top) beats seed 5
    tab.refresh_for(Changes(results=True))
    assert winners(view, 1) == [f"5  {seeds['5']}", f"2  {seeds['2']}"]
    assert winners(view, 2) == [f"2  {seeds['2']}"]
    assert view.champion is not None and view.champion.text == f"2  {seeds['2']}"
    assert panel.title_label.text() == f"Top 8: won by {seeds['2']}"
    assert not view.grab().isNull()  # paints without trouble

    # The final standings: playoff players by how far they got, then the rest.
    assert panel.final_label.text() == "Final standings"
    qtmodeltester.check(panel.final_model)
    rows = panel.final_model.texts()
    assert [(r[0], r[1], r[2]) for r in rows[:4]] == [
        ("1", seeds["2"], "Champion"),
        ("2", seeds["5"], "Finalist"),
        ("3", seeds["1"], "Top 4"),
        ("4", seeds["3"], "Top 4"),
    ]
    assert [r[2] for r in rows[4:8]] == ["Top 8"] * 4
    assert [r[2] for r in rows[8:]] == [""] * 8
    final = standings.final(db, event_id=swiss)
    assert [r[1] for r in rows] == [f.name for f in final]
    assert rows[0][3] == "2"  # the champion's Swiss rank
    assert len(interchange.load_event(db, event_id=swiss).rounds) == 7


@pytest.mark.usefixtures("swiss")
def test_a_second_top_cut_is_refused(window: MainWindow, db: Database, swiss: int) -> None:
    tab = standings_tab(window)
    answers = Answers(window, choice=0)
    tab.top_cut.start_cut.button.click()
    assert tab.top_cut.title_label.text() == "Top 4: semifinals being played"
    tab.top_cut.start_cut()  # the button is disabled; the service refuses anyway
    assert answers.warnings == ["the top cut has already started"]


def test_the_bracket_view_and_texts_without_an_event(qtmodeltester: ModelTester) -> None:
    assert recommendation_text(24, EventStructure(5, 8)) == (
        "Recommended for 24 players: 5 Swiss rounds + top 8"
    )
    assert recommendation_text(6, EventStructure(3, 0)) == (
        "Recommended for 6 players: 3 Swiss rounds, no top cut"
    )
    assert [round_title(n) for n in (8, 4, 2, 1)] == [
        "Round of 16",
        "Quarterfinals",
        "Semifinals",
        "Final",
    ]
    bracket = build_bracket(["a", "b", "c", "d"])  # type: ignore[list-item]
    boxes = bracket_boxes(bracket, {"a": "Ada", "d": "Dee"})
    assert boxes[0][0].top.text == "1  Ada" and boxes[0][0].bottom.text == "4  Dee"
    assert boxes[0][1].top.text == "2  b"  # no name known: the id
    view = BracketView()
    view.set_bracket(bracket, {"a": "Ada", "d": "Dee"})
    assert view.sizeHint().width() > 2 * 180 and view.sizeHint().height() > 0
    first_box = QPointF(20, view._center_y(0, 0))
    assert view.box_at(first_box) == boxes[0][0]
    assert view.box_at(QPointF(1, 1)) is None
    view.set_bracket(None, {})
    assert view.boxes == () and view.sizeHint().isNull()
    model = FinalStandingsModel()
    qtmodeltester.check(model)
