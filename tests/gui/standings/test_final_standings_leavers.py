"""The Standings tab after a top cut a finalist left (issue 36 items 3 and 5; docs/rules.md
"Top cut"): the bracket leaves their place in the final empty, the final standings never
call them a finalist, and exact ties share their place ("6-7")."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from organizer.gui.window.main_window import MainWindow
from organizer.storage.database import Database
from tests.cli.helpers import ok
from tests.cli.test_topcut_rulings_cli import swiss


def test_a_disqualified_finalist_is_no_finalist_and_ties_share_a_place(
    window: MainWindow, db: Database, db_path: Path, qtbot: QtBot
) -> None:
    swiss(db_path)  # 8 players, 3 rounds: Player 2 and Player 5 end exactly tied
    ok(db_path, "topcut", "4", "--break-ties", "name")
    ok(db_path, "result", "1", "1-0")
    ok(db_path, "result", "2", "1-0")
    ok(db_path, "penalty", "add", "p1", "Cheating", "Disqualification")
    ok(db_path, "pair")
    window.open_event(1)
    assert window.event_view is not None
    tab = window.event_view.standings_tab
    window.event_view.tabs.setCurrentWidget(tab)
    qtbot.waitUntil(lambda: tab.top_cut.final_model.rowCount() == 8)
    rows = {r[1]: r for r in tab.top_cut.final_model.texts()}
    assert rows["Player 7"][:3] == ("1", "Player 7", "Champion")
    assert rows["Player 1"][2] == "Top 4"
    assert [r[0] for r in rows.values()].count("6\N{EN DASH}7") == 2
    window.grab().save(str(db_path.with_name("standings.png")))
