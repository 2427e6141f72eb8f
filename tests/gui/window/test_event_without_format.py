"""An event file without a format (organizer-event/1 allows it) imports, opens and runs
as plain two-player rounds, as the command line runs it: every tab opens, a round is
paired and a result entered, with no crash and no warning.
"""

from __future__ import annotations

import json
from pathlib import Path

from pytestqt.qtbot import QtBot

from organizer.gui.window.event_view import TABS
from organizer.gui.window.main_window import MainWindow
from organizer.storage.database import Database
from tests.gui.answers import Answers, two_player

EVENT = {
    "schema": "organizer-event/1",
    "name": "Kitchen table league",
    "best_of": 3,
    "players": [{"id": f"p{n}", "name": name} for n, name in enumerate(("Ada", "Bo", "Cy"), 1)]
    + [{"id": "p4", "name": "Di"}],
    "rounds": [],
}


def test_an_event_without_a_format_opens_and_runs_plain_rounds(
    window: MainWindow, db: Database, qtbot: QtBot, tmp_path: Path
) -> None:
    answers = Answers(window)
    path = tmp_path / "league.json"
    path.write_text(json.dumps(EVENT), encoding="utf-8")
    window.import_json_file(str(path))
    view = window.event_view
    assert view is not None and view.title_label.text() == "Kitchen table league"

    for title in TABS:  # every tab is built and read when shown
        tab = view.tab(title)
        view.tabs.setCurrentWidget(tab)
        qtbot.waitUntil(lambda: not tab.stale)  # noqa: B023
    rounds = view.rounds_tab
    view.tabs.setCurrentWidget(rounds)
    rounds.pair_next_round.button.click()
    assert rounds.model.latest_round() == 1 and rounds.model.match_count() == 2
    rounds.entry.table_edit.setText("1")
    two_player(rounds).score_edit.setText("2-1")
    rounds.entry.record()
    assert rounds.model.reported_count() == 1
    assert answers.warnings == []
    row = window.events_model.row_of(view.event_id)  # the events list counts the round at once
    assert row is not None and window.events_model.row_values(row).rounds == 1
