"""The Clock tab driven like a TO: start, pause, add time, extend a table, hear the alerts.

Real widgets on a real SQLite file. The time the tab reads is its `now`
attribute, set to a `Now` the test moves on; what the tab stored is read back
through `services.clock.status`. Dialogs are answered through the window's
`Prompts`. The no-audio path is taken for real: the sound player is pointed at
a multimedia module that does not exist.
"""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QDialog, QSpinBox
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from organizer.core.results import Score
from organizer.gui.clock.clock_dialogs import ExtendTableDialog, MinutesDialog
from organizer.gui.clock.clock_tab import ClockTab
from organizer.gui.rounds.sudden_death_dialog import SuddenDeathDialog
from organizer.gui.window.main_window import MainWindow, create_main_window
from organizer.gui.window.settings_dialog import SettingsDialog
from organizer.services.clock import clock
from organizer.services.event import interchange, settings
from organizer.services.rounds import pairing, results
from organizer.storage.database import Database
from tests.gui.answers import Answers, two_player
from tests.gui.clock_events import Now, paired_event


def clock_tab(window: MainWindow, now: Now) -> ClockTab:
    assert window.event_view is not None
    tab = window.event_view.tab("Clock")
    assert isinstance(tab, ClockTab)
    tab.now = now
    tab.sound.enabled = False
    window.event_view.tabs.setCurrentWidget(tab)
    tab.redraw()
    return tab


def stored(db: Database, event_id: int, now: Now) -> clock.ClockStatus:
    return clock.status(db, event_id=event_id, now=now())


@pytest.fixture
def event(db: Database) -> int:
    """Warcaste Skirmish with 8 players, round 1 paired: tables 1 to 4, nothing reported."""
    return paired_event(db)


def open_window(db: Database, qtbot: QtBot) -> MainWindow:
    win = create_main_window(db)
    qtbot.addWidget(win)
    win.resize(1280, 800)
    win.show()
    win.activateWindow()
    qtbot.waitExposed(win)
    return win


@pytest.mark.usefixtures("event")
def test_start_pause_and_resume_from_the_buttons_and_space_are_stored(
    window: MainWindow, db: Database, event: int, qtbot: QtBot
) -> None:
    now = Now().at(0)
    tab = clock_tab(window, now)
    assert tab.round_label.text() == "Round 1"
    assert tab.time_label.text() == "60:00"
    assert tab.phase_label.text() == "Not started"
    assert tab.start.action.isEnabled() and not tab.pause_or_resume.action.isEnabled()

    qtbot.mouseClick(tab.start.button, Qt.MouseButton.LeftButton)
    assert stored(db, event, now).view.state == "running"
    assert window.statusBar().currentMessage() == "Clock started."
    now.at(72)
    tab.redraw()
    assert tab.time_label.text() == "58:48"
    assert tab.phase_label.text() == "Sideboarding: 3:48 left"
    assert not tab.start.action.isEnabled()

    now.at(10 * 60)
    tab.table.setFocus()
    qtbot.keyClick(tab.table, Qt.Key.Key_Space)  # Space pauses while the tab has the focus
    assert stored(db, event, now).view.state == "paused"
    assert tab.pause_or_resume.button.text() == "&Resume"
    assert tab.phase_label.text() == "Paused · Playing"
    now.at(25 * 60)
    tab.redraw()
    assert tab.time_label.text() == "50:00"
    assert stored(db, event, now).view.remaining_s == 50 * 60

    qtbot.mouseClick(tab.pause_or_resume.button, Qt.MouseButton.LeftButton)
    assert stored(db, event, now).view.state == "running"
    assert tab.pause_or_resume.button.text() == "&Pause"
    now.at(26 * 60)
    tab.redraw()
    assert tab.time_label.text() == "49:00"
    assert tab.phase_label.text() == "Playing"


@pytest.mark.usefixtures("event")
def test_a_new_window_on_the_same_database_shows_the_same_second(
    window: MainWindow, db: Database, event: int, qtbot: QtBot
) -> None:
    now = Now().at(0)
    tab = clock_tab(window, now)
    tab.start()
    now.at(5 * 60)
    tab.pause_or_resume()
    now.at(9 * 60)
    tab.pause_or_resume()
    now.at(17 * 60 + 23.6)
    tab.redraw()
    shown = tab.time_label.text()
    assert shown == "46:37"  # 13:23 played; elapsed rounds down, remaining up
    window.close()

    again = open_window(db, qtbot)
    other = clock_tab(again, now)
    assert other.time_label.text() == shown
    assert other.round_label.text() == "Round 1"
    assert other.phase_label.text() == "Playing"
    assert stored(db, event, now).view.remaining_s == 46 * 60 + 37
    again.close()


@pytest.mark.usefixtures("event")
def test_an_extension_for_a_deck_check_adds_three_minutes_and_shows_in_the_table(
    window: MainWindow, db: Database, event: int, qtbot: QtBot
) -> None:
    now = Now().at(0)
    tab = clock_tab(window, now)
    tab.start()
    now.at(20 * 60)
    seen: list[tuple[int, int]] = []

    def fill(dialog: QDialog) -> int:
        assert isinstance(dialog, ExtendTableDialog)
        dialog.table_spin.setValue(2)
        dialog.deck_check_box.click()
        dialog.deck_check_spin.setValue(12)
        dialog.deck_check_spin.setValue(10)
        seen.append(dialog.values())
        dialog.accept()
        return dialog.result()

    window.prompts.run_dialog = fill
    tab.table.setFocus()
    qtbot.keyClick(tab.table, Qt.Key.Key_E, Qt.KeyboardModifier.ControlModifier)

    assert seen == [(2, 13)]
    assert stored(db, event, now).facts.extensions_s == ((2, 13 * 60),)
    assert tab.tables_label.text() == "Table extensions"
    assert tab.model.rowCount() == 1
    row = [tab.model.index(0, c).data() for c in range(4)]
    assert row == ["2", "+13:00", "53:00", "Extended: deck check"]  # says why it plays on
    assert tab.selected_table() == 2
    assert window.statusBar().currentMessage() == "Table 2: +13 min (deck check)."


@pytest.mark.usefixtures("event")
def test_add_time_round_length_and_end_round_go_through_their_dialogs(
    window: MainWindow, db: Database, event: int
) -> None:
    now = Now().at(0)
    tab = clock_tab(window, now)
    answers: list[int] = [50, -5]

    def fill(dialog: QDialog) -> int:
        assert isinstance(dialog, MinutesDialog)
        dialog.minutes_spin.setValue(answers.pop(0))
        dialog.accept()
        return dialog.result()

    questions: list[str] = []

    def confirm(_title: str, text: str) -> bool:
        questions.append(text)
        return True

    window.prompts.run_dialog = fill
    window.prompts.confirm = confirm
    tab.set_length.button.click()  # Warcaste Skirmish rounds are one hour (1d): a house rule
    assert questions.pop().endswith("Run 50-minute rounds as a house rule for this event?")
    assert tab.time_label.text() == "50:00"
    tab.start.button.click()
    tab.add_time.button.click()
    assert stored(db, event, now).view.total_s == 45 * 60
    assert tab.length_label.text() == (
        "Round of 50:00, \u22125:00 for the whole room"
        "  ·  House rule: 50-minute rounds (Warcaste 1d: 1 hour)"
    )

    now.at(60)
    tab.finish.button.click()
    assert questions and questions[0].startswith("End round 1 now? The clock stops at 44:00.")
    assert "Tables without a result: 1, 2, 3, 4." in questions[0]
    assert stored(db, event, now.advance(600)).view.state == "finished"
    tab.redraw()
    assert tab.time_label.text() == "44:00"
    assert tab.phase_label.text() == "Finished"
    assert not any(
        a.isEnabled() for a in (tab.pause_or_resume.action, tab.finish.action, tab.add_time.action)
    )


@pytest.mark.usefixtures("event")
def test_alerts_fire_once_each_at_ten_and_five_minutes_and_at_time(
    window: MainWindow, db: Database, event: int
) -> None:
    now = Now().at(0)
    tab = clock_tab(window, now)
    tab.sound.enabled = True
    raised: list[tuple[int, str]] = []
    tab.alert_raised.connect(lambda mark, text: raised.append((mark, text)))
    tab.start()
    for second in range(0, 62 * 60, 20):
        now.at(second)
        tab.redraw()
        tab.redraw()  # the same instant twice raises nothing new

    assert [m for m, _ in raised] == [600, 300, 0]
    assert raised[0][1] == "10 minutes left in round 1"
    assert raised[1][1] == "5 minutes left in round 1"
    assert raised[2][1] == "Time in round 1: 4 tables still playing"
    assert len(tab.sound.plays) == 3
    assert set(tab.sound.plays) <= {"chime", "beep"}
    assert tab.banner_label.isVisibleTo(tab)
    assert tab.banner_label.text() == "Time in round 1: 4 tables still playing"
    assert window.statusBar().currentMessage() == "Time in round 1: 4 tables still playing"


@pytest.mark.usefixtures("event")
def test_a_restarted_tab_does_not_repeat_an_alert_already_passed(
    window: MainWindow, db: Database, qtbot: QtBot
) -> None:
    now = Now().at(0)
    tab = clock_tab(window, now)
    tab.start()
    now.at(52 * 60)  # past the 10-minute mark while no screen was watching
    window.close()

    again = open_window(db, qtbot)
    other = clock_tab(again, now)
    raised: list[int] = []
    other.alert_raised.connect(lambda mark, _text: raised.append(mark))
    other.redraw()
    now.at(55 * 60)
    other.redraw()
    assert raised == [300]
    again.close()


@pytest.mark.usefixtures("event")
def test_alerts_still_come_when_qt_multimedia_cannot_be_imported(window: MainWindow) -> None:
    now = Now().at(0)
    tab = clock_tab(window, now)
    tab.sound.enabled = True
    tab.sound.module_name = "organizer_tests.no_such_multimedia"  # its import fails for real
    raised: list[int] = []
    tab.alert_raised.connect(lambda mark, _text: raised.append(mark))
    tab.start()
    for second in (49 * 60, 50 * 60, 51 * 60):
        now.at(second)
        tab.redraw()

    assert raised == [600]
    assert tab.sound.plays == ["beep"]
    assert tab.banner_label.text() == "10 minutes left in round 1"


@pytest.mark.usefixtures("event")
def test_at_time_the_tables_still_playing_are_listed_and_sudden_death_opens_for_one(
    window: MainWindow, db: Database, event: int, qtbot: QtBot
) -> None:
    now = Now().at(0)
    tab = clock_tab(window, now)
    tab.start()
    results.record_result(db, event_id=event, table=1, score=Score(1, 0))
    clock.extend_table(db, event_id=event, table=4, seconds=180)
    now.at(61 * 60)
    tab.redraw()

    assert tab.phase_label.text() == "Sudden death"
    assert tab.tables_label.text() == "Tables still playing (3): 2, 3, 4"
    rows = [[tab.model.index(r, c).data() for c in range(4)] for r in range(3)]
    assert rows == [
        ["2", "—", "0:00 (1:00 over)", "Sudden death"],
        ["3", "—", "0:00 (1:00 over)", "Sudden death"],
        ["4", "+3:00", "2:00", "Playing (extension)"],
    ]
    assert tab.sudden_death.button.isVisibleTo(tab)
    assert not tab.sudden_death.action.isEnabled()  # no table selected yet

    opened: list[int] = []

    def look(dialog: QDialog) -> int:
        assert isinstance(dialog, SuddenDeathDialog)
        opened.append(dialog.table)
        return QDialog.DialogCode.Rejected

    window.prompts.run_dialog = look
    tab.select_table(4)
    assert not tab.sudden_death.action.isEnabled()  # still within its extension
    tab.select_table(3)
    assert tab.sudden_death.action.isEnabled()
    tab.table.setFocus()
    ctrl_shift = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
    qtbot.keyClick(tab.table, Qt.Key.Key_D, ctrl_shift)
    tab.sudden_death.button.click()
    assert opened == [3, 3]


def test_a_format_without_sudden_death_hides_the_button(db: Database, qtbot: QtBot) -> None:
    paired_event(db, format_id="castle-wars", name="Castle night")
    win = open_window(db, qtbot)
    tab = clock_tab(win, Now().at(0))
    assert not tab.sudden_death.button.isVisibleTo(tab)
    win.close()


def test_before_the_first_round_the_tab_says_so(
    window: MainWindow, db: Database, event_id: int
) -> None:
    window.open_event(event_id)
    tab = clock_tab(window, Now().at(0))
    assert tab.round_label.text() == "No round yet"
    assert tab.time_label.text() == "--:--"
    assert tab.phase_label.text().startswith("There is no round yet")
    assert not tab.start.action.isEnabled()


@pytest.mark.usefixtures("event")
def test_the_table_times_model(
    window: MainWindow, db: Database, qtmodeltester: ModelTester
) -> None:
    now = Now().at(0)
    tab = clock_tab(window, now)
    tab.start()
    clock.extend_table(db, event_id=tab.event_id, table=2, seconds=240)
    now.at(3700)
    tab.redraw()
    assert tab.model.rowCount() == 4
    qtmodeltester.check(tab.model)


@pytest.mark.usefixtures("event")
def test_a_slip_typed_on_the_rounds_tab_shows_on_the_clock_when_it_is_shown(
    window: MainWindow, db: Database, event: int, qtbot: QtBot
) -> None:
    """Hidden, the tab waits for its timer or to be shown (no redraw in the slip's turn)."""
    now = Now().at(0)
    tab = clock_tab(window, now)
    tab.start()
    now.at(61 * 60)  # time is up: the tables still playing are listed
    assert window.event_view is not None
    rounds = window.event_view.rounds_tab
    window.event_view.tabs.setCurrentWidget(rounds)
    redraws: list[int] = []
    tab.timer.stop()  # only the slip's own turn is watched
    real = tab.redraw

    def counted() -> None:
        redraws.append(1)
        real()

    tab.redraw = counted  # type: ignore[method-assign]

    Answers(window)
    rounds.entry.table_edit.setText("1")
    two_player(rounds).score_edit.setText("1-0")
    rounds.entry.record()
    assert redraws == []

    window.event_view.tabs.setCurrentWidget(tab)
    assert redraws == [1]
    assert tab.tables_label.text() == "Tables still playing (3): 2, 3, 4"


def test_a_one_minute_round_is_said_in_the_singular(db: Database, qtbot: QtBot) -> None:
    """Round length… 1 at an event without a format (no sideboarding to fit in): "lasts
    1 minute", not "1 minutes" (seen on the event-day walk, tools/walk_event_day.py)."""
    players = [{"id": f"p{n}", "name": name} for n, name in enumerate(("Ada", "Bo"), 1)]
    text = json.dumps({"schema": "organizer-event/1", "name": "Garage", "players": players})
    event_id = interchange.import_event(db, text=text).value
    pairing.pair_next(db, event_id=event_id, seed=1)
    window = open_window(db, qtbot)
    assert window.event_view is not None and window.event_view.event_id == event_id
    tab = clock_tab(window, Now().at(0))

    def one(dialog: QDialog) -> int:
        assert isinstance(dialog, MinutesDialog)
        dialog.minutes_spin.setValue(1)
        dialog.accept()
        return dialog.result()

    warned: list[str] = []
    window.prompts.run_dialog = one
    window.prompts.warn = lambda _title, text: warned.append(text)
    tab.set_length.button.click()
    assert warned == []
    assert tab.time_label.text() == "01:00"
    assert window.statusBar().currentMessage() == "This round lasts 1 minute."


@pytest.mark.usefixtures("event")
def test_round_length_takes_what_the_house_rule_setting_takes(
    window: MainWindow, db: Database, event: int
) -> None:
    """Round length… offers the lengths the setting `house_round_minutes` takes (one bound,
    core.formats.round_length.ROUND_MINUTES), and the house rule it sets is shown by the
    settings dialog, which saves it again untouched."""
    tab = clock_tab(window, Now().at(0))
    seen: dict[str, tuple[int, ...]] = {}
    none: list[str] = []

    def longest(dialog: QDialog) -> int:
        assert isinstance(dialog, MinutesDialog)
        spin = dialog.minutes_spin
        seen["clock"] = (spin.minimum(), spin.maximum())
        spin.setValue(spin.maximum())
        dialog.accept()
        return dialog.result()

    window.prompts.run_dialog = longest
    window.prompts.confirm = lambda _title, _text: True  # Warcaste's hour: as a house rule
    tab.set_length.button.click()
    low, high = seen["clock"]
    assert (low, high) == settings.SETTINGS["house_round_minutes"].bounds == (1, 600)
    assert settings.get_settings(db, event_id=event).house_round_minutes == high

    def save_with_letter_paper(dialog: QDialog) -> int:
        assert isinstance(dialog, SettingsDialog)
        spin = dialog.rows["house_round_minutes"].field
        assert isinstance(spin, QSpinBox)
        seen["settings"] = (spin.minimum(), spin.maximum(), spin.value())
        none.append(spin.specialValueText())
        paper = dialog.rows["paper"].field
        assert isinstance(paper, QComboBox)
        paper.setCurrentText("Letter")
        dialog.accept()
        return dialog.result()

    window.prompts.run_dialog = save_with_letter_paper
    window.edit_settings.action.trigger()
    assert seen["settings"] == (0, high, high)  # 0, the step below the bound: no house rule
    assert none == ["the rulebook's"]
    saved = settings.get_settings(db, event_id=event)
    assert (saved.paper, saved.house_round_minutes) == ("Letter", high)
