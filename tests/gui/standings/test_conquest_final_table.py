"""A Conquest event's playoff from the Standings tab (issue 25 item 4; Warcaste 8c): the top
cut panel offers final tables of 3 to 5, seats one table, and shows it instead of a bracket."""

from __future__ import annotations

import threading
from collections.abc import Sequence

import pytest
from PySide6.QtWidgets import QDialog
from pytestqt.qtbot import QtBot

from organizer.gui.standings.standings_tab import StandingsTab
from organizer.gui.standings.top_cut_panel import CutRead
from organizer.gui.window.main_window import MainWindow
from organizer.services.event import events, settings
from organizer.services.players import registration
from organizer.services.rounds import pairing, results
from organizer.storage.database import Database
from tests.gui.played_events import event_with_players


class Answers:
    def __init__(self, window: MainWindow) -> None:
        self.asked: list[tuple[str, str, tuple[str, ...]]] = []
        window.prompts.choose = self._choose
        window.prompts.warn = lambda title, text: pytest.fail(f"{title}: {text}")
        window.prompts.run_dialog = lambda _d: int(QDialog.DialogCode.Rejected)

    def _choose(self, title: str, text: str, choices: Sequence[str]) -> int | None:
        self.asked.append((title, text, tuple(choices)))
        if title == "Tie across the cut":
            return 1  # keep the listed order
        return choices.index("Final table of 4 (recommended)")


@pytest.fixture
def conquest(db: Database) -> int:
    """Nine warlords, two rounds at tables of 3; the first seat of every table wins."""
    event_id = event_with_players(db, "warcaste-conquest", 9, name="Conquest cup")
    settings.set_setting(db, event_id=event_id, key="table_size", value="3")
    for seed in (1, 2):
        for m in pairing.pair_next(db, event_id=event_id, seed=seed).value.matches:
            assert m.table is not None
            results.record_table_result(db, event_id=event_id, table=m.table, winner=m.players[0])
    return event_id


def standings_tab(window: MainWindow) -> StandingsTab:
    assert window.event_view is not None
    tab = window.event_view.standings_tab
    window.event_view.tabs.setCurrentWidget(tab)
    return tab


@pytest.mark.usefixtures("conquest")
def test_the_panel_seats_one_final_table_and_names_the_champion(
    window: MainWindow, db: Database, conquest: int
) -> None:
    answers = Answers(window)
    panel = standings_tab(window).top_cut
    panel.start_cut.button.click()
    _, question, choices = answers.asked[0]
    assert choices == ("Final table of 3", "Final table of 4 (recommended)", "Final table of 5")
    assert "one final table" in question and "8c" in question
    seeds = events.get_event(db, conquest).playoff_seeds
    assert seeds is not None and len(seeds) == 4
    assert panel.title_label.text() == "Final table of 4: game 1 being played"
    assert panel.bracket_area.isHidden() and not panel.start_cut.action.isEnabled()

    results.record_table_result(db, event_id=conquest, table=1, winner=seeds[1])
    panel.refresh()
    names = {p.code: p.name for p in registration.list_players(db, event_id=conquest)}
    assert panel.title_label.text() == f"Final table of 4: won by {names[seeds[1]]}"
    rows = panel.final_model.texts()
    assert [r[2] for r in rows[:4]] == ["Champion", "Final table", "Final table", "Final table"]
    assert panel.final_label.text() == "Final standings"


@pytest.mark.usefixtures("conquest")
def test_the_panel_reads_the_playoff_it_started_off_the_ui_thread(
    window: MainWindow, qtbot: QtBot
) -> None:
    Answers(window)
    tab = standings_tab(window)
    qtbot.waitUntil(lambda: not tab.stale)  # the tab's own first read is done
    panel = tab.top_cut
    on_ui: list[bool] = []
    read = panel.read

    def noted() -> CutRead:
        on_ui.append(threading.current_thread() is threading.main_thread())
        return read()

    panel.read = noted  # type: ignore[method-assign]
    panel.start_cut.button.click()

    assert on_ui == [False]  # a big event's final standings take a moment: not on the UI
    assert panel.title_label.text() == "Final table of 4: game 1 being played"
