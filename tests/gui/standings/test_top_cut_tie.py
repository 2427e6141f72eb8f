"""A tie across the cut line asked about in the Standings tab's top cut panel (issue 25 item 3).

Real widgets on a real SQLite file: six players play one round of Castle Wars, every
A seat winning 2-0, so the three losers are equal on everything (ranks 4-6) and a top 4
cuts through them. The TO answers through `Prompts.choose` / `Prompts.ask_text`.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from PySide6.QtWidgets import QDialog
from pytestqt.qtbot import QtBot

from organizer.core.results import Score
from organizer.gui.standings.standings_tab import StandingsTab
from organizer.gui.window.main_window import MainWindow
from organizer.services.event import events
from organizer.services.rounds import topcut
from organizer.storage.database import Database
from tests.gui.played_events import event_with_players, play_round
from tests.gui.ui_thread_sql import sql_on_ui_thread
from tests.journal import journal_entries


class Answers:
    """The TO: first the size (Top 4), then the tie question; `typed` for an order."""

    def __init__(self, window: MainWindow, tie_choice: int | None, typed: str | None = None):
        self.asked: list[tuple[str, str, tuple[str, ...]]] = []
        self.answers = [0, tie_choice]
        self.typed = typed
        window.prompts.choose = self._choose
        window.prompts.ask_text = lambda _title, _label: self.typed
        window.prompts.warn = lambda title, text: pytest.fail(f"{title}: {text}")
        window.prompts.run_dialog = lambda _d: int(QDialog.DialogCode.Rejected)

    def _choose(self, title: str, text: str, choices: Sequence[str]) -> int | None:
        self.asked.append((title, text, tuple(choices)))
        return self.answers.pop(0)


@pytest.fixture
def losers_tied(db: Database) -> int:
    event_id = event_with_players(db, "castle-wars", 6, name="Tie night")
    play_round(db, event_id, seed=5, rule=lambda _t: Score(2, 0))
    return event_id


def standings_tab(window: MainWindow) -> StandingsTab:
    assert window.event_view is not None
    tab = window.event_view.standings_tab
    window.event_view.tabs.setCurrentWidget(tab)
    return tab


@pytest.mark.usefixtures("losers_tied")
def test_the_tie_is_shown_and_cancelling_stores_nothing(
    window: MainWindow, db: Database, losers_tied: int
) -> None:
    answers = Answers(window, tie_choice=None)
    standings_tab(window).top_cut.start_cut.button.click()
    title, text, choices = answers.asked[1]
    tie = topcut.cut_tie(db, event_id=losers_tied, size=4)
    assert tie is not None
    assert title == "Tie across the cut" and "ranks 4\u20136" in text
    for code, name in zip(tie.players, tie.names, strict=True):
        assert f"{name} ({code})" in text
    assert "points 0" in text and "1 of them makes the cut" in text
    assert choices == (
        "Random draw (recorded)",
        "Keep the listed order (by name)",
        "Enter an order…",
    )
    assert topcut.bracket(db, event_id=losers_tied) is None


@pytest.mark.usefixtures("losers_tied")
def test_an_order_typed_by_the_to_decides_who_makes_it(
    window: MainWindow, db: Database, losers_tied: int
) -> None:
    tie = topcut.cut_tie(db, event_id=losers_tied, size=4)
    assert tie is not None
    last = tie.players[-1]
    Answers(window, tie_choice=2, typed=", ".join(reversed(tie.players)))
    panel = standings_tab(window).top_cut
    panel.start_cut.button.click()
    seeds = events.get_event(db, losers_tied).playoff_seeds
    assert seeds is not None and seeds[3] == last
    assert panel.title_label.text() == "Top 4: semifinals being played"


@pytest.mark.usefixtures("losers_tied")
def test_a_random_draw_is_journaled_with_its_seed(
    window: MainWindow, db: Database, losers_tied: int
) -> None:
    Answers(window, tie_choice=0)
    standings_tab(window).top_cut.start_cut.button.click()
    entry = next(e for e in journal_entries(db, event_id=losers_tied) if e.action == "topcut.start")
    assert entry.after["cut_tie"]["how"] == "random"
    assert f"seed {entry.after['cut_tie']['seed']}" in entry.summary


@pytest.mark.usefixtures("losers_tied")
def test_the_status_bar_says_who_of_the_tied_made_the_cut_and_how(
    window: MainWindow, db: Database, losers_tied: int
) -> None:
    tie = topcut.cut_tie(db, event_id=losers_tied, size=4)
    assert tie is not None
    Answers(window, tie_choice=2, typed=", ".join(reversed(tie.players)))
    standings_tab(window).top_cut.start_cut.button.click()
    names = dict(zip(tie.players, tie.names, strict=True))
    status = window.statusBar().currentMessage()
    assert status.startswith("Top 4 started: round 2 paired (2 matches). ")
    assert status.endswith(
        "The tie at ranks 4\u20136 was broken by the TO's order: "
        f"{names[tie.players[-1]]} made the cut; "
        f"{', '.join(names[p] for p in tie.players[:-1])} did not."
    )


@pytest.mark.usefixtures("losers_tied")
def test_starting_a_cut_through_a_tie_runs_no_sql_on_the_ui_thread(
    window: MainWindow, db: Database, losers_tied: int, qtbot: QtBot
) -> None:
    """Issue 35 item 7: the sizes on offer and the tie at each are read on a worker thread
    (`topcut.cut_options`), the cut stored and the bracket read there too; the UI thread
    only asks the TO and shows. (The event view's heading, told of the change, answers for
    its own read.)"""
    answers = Answers(window, tie_choice=1)  # the listed order
    tab = standings_tab(window)
    qtbot.waitUntil(lambda: not tab.stale)
    with sql_on_ui_thread(db, asked_by="gui/standings/") as statements:
        tab.top_cut.start_cut.button.click()
        qtbot.waitUntil(lambda: tab.top_cut.has_cut)
    assert [title for title, _text, _choices in answers.asked] == ["Top cut", "Tie across the cut"]
    assert "ranks 4\u20136" in answers.asked[1][1]
    assert events.get_event(db, losers_tied).playoff_seeds is not None
    assert statements == []
