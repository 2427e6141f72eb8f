"""The Clock tab of a Conquest event at time says what formats.md decides: "Time: Conquest
games end", never "Sudden death" (the rulebook writes sudden death for two players, 1d),
and offers no sudden death; a Skirmish event at time says "Sudden death"."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from organizer.storage.database import Database
from tests.gui.clock.test_clock_tab import clock_tab, open_window
from tests.gui.clock_events import Now, paired_event


def test_conquest_games_end_at_time(db: Database, qtbot: QtBot) -> None:
    paired_event(db, format_id="warcaste-conquest", name="Conquest night")
    win = open_window(db, qtbot)
    now = Now().at(0)
    tab = clock_tab(win, now)
    tab.start()
    now.at(59 * 60)
    tab.redraw()
    assert tab.phase_label.text() == "Playing"
    now.at(60 * 60)
    tab.redraw()
    assert tab.phase_label.text() == "Time: Conquest games end"
    assert tab.model.index(0, 3).data() == "Game ends"
    assert not tab.sudden_death.button.isVisibleTo(tab)
    win.close()


def test_a_skirmish_at_time_is_in_sudden_death(db: Database, qtbot: QtBot) -> None:
    paired_event(db, name="Skirmish night")
    win = open_window(db, qtbot)
    now = Now().at(0)
    tab = clock_tab(win, now)
    tab.start()
    now.at(60 * 60)
    tab.redraw()
    assert tab.phase_label.text() == "Sudden death"
    win.close()
