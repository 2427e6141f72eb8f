"""The Event settings dialog driven like a TO: read the form, change it, OK, Cancel, mistakes.

Real widgets on a real SQLite file. The dialog is opened through the window's
Events → Event settings… action; `Prompts.run_dialog` shows it and lets the
test be the TO. What was stored is read back with `services.settings`, the
calls the command line makes, and the journal tells how many writes there were.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QLineEdit,
    QMenu,
    QSpinBox,
)
from pytestqt.qtbot import QtBot

from organizer.core.results import Score
from organizer.gui.pods.pods_tab import PodsTab
from organizer.gui.window.main_window import MainWindow, create_main_window
from organizer.gui.window.settings_dialog import SettingsDialog, setting_label
from organizer.services.event import events, settings
from organizer.services.event.events import get_event
from organizer.services.rounds.standings import tiebreaker_order
from organizer.storage.database import Database
from organizer.storage.journal_repo import entries
from tests.gui.answers import focused, type_keys
from tests.gui.played_events import event_with_players, play_round

Fill = Callable[[SettingsDialog], None]


class Run:
    """Opens the settings dialog from the Events menu; `fill` is the TO at it."""

    def __init__(self, window: MainWindow, qtbot: QtBot) -> None:
        self.window = window
        self.qtbot = qtbot
        self.dialogs: list[SettingsDialog] = []
        self.warnings: list[str] = []
        window.prompts.warn = lambda _title, text: self.warnings.append(text)

    def __call__(self, fill: Fill) -> SettingsDialog:
        def run(dialog: QDialog) -> int:
            assert isinstance(dialog, SettingsDialog)
            self.qtbot.addWidget(dialog)
            self.dialogs.append(dialog)
            dialog.show()
            dialog.activateWindow()
            self.qtbot.waitUntil(dialog.isActiveWindow)
            fill(dialog)
            result = dialog.result()
            dialog.close()
            return result

        self.window.prompts.run_dialog = run
        self.window.edit_settings.action.trigger()
        (dialog,) = self.dialogs[-1:]
        return dialog


@pytest.fixture
def run(window: MainWindow, qtbot: QtBot) -> Run:
    return Run(window, qtbot)


def field(dialog: SettingsDialog, key: str) -> Any:
    return dialog.rows[key].field


def press_ok(dialog: SettingsDialog) -> None:
    dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).click()


def settings_writes(db: Database, event_id: int) -> list[dict[str, Any]]:
    """The `after` of every settings write in the journal, oldest first."""
    with db.reading() as s:
        found = entries(s, event_id=event_id)
    return [e.after for e in reversed(found) if e.action == "settings.set"]


def mnemonic(text: str) -> str:
    """The letter after the & of a label or check box text."""
    _, _, rest = text.partition("&")
    return rest[:1].lower()


@pytest.mark.usefixtures("event_id")
def test_the_form_is_drawn_from_settings_and_shows_the_stored_values(
    event_id: int, window: MainWindow, db: Database, run: Run
) -> None:
    for key, value in (("paper", "Letter"), ("pod_size", "6"), ("late_entry_losses", "yes")):
        settings.set_setting(db, event_id=event_id, key=key, value=value)
    stored = settings.get_settings(db, event_id=event_id)
    seen: dict[str, object] = {}

    def look(dialog: SettingsDialog) -> None:
        assert list(dialog.rows) == list(settings.SETTINGS)
        for key, setting in settings.SETTINGS.items():
            widget, value = field(dialog, key), setting.value_in(stored)
            if setting.yes_no:
                assert isinstance(widget, QCheckBox) and widget.isChecked() is value
            elif setting.bounds:
                assert isinstance(widget, QSpinBox) and widget.value() == value
                assert widget.maximum() == setting.bounds[1]
                none = setting.unset  # its "none" value is the spin box's lowest step
                low = setting.bounds[0] if none is None else min(setting.bounds[0], none[0])
                assert widget.minimum() == low
            elif setting.choices:
                assert isinstance(widget, QComboBox) and widget.currentText() == value
                assert [widget.itemText(i) for i in range(widget.count())] == list(setting.choices)
            else:
                assert isinstance(widget, QLineEdit)
            assert setting.key in widget.toolTip() and setting.allowed() in widget.toolTip()
        seen["points"] = field(dialog, "points").text()
        seen["tiebreakers"] = field(dialog, "tiebreakers").text()
        seen["placeholder"] = field(dialog, "tiebreakers").placeholderText()
        seen["bans placeholder"] = field(dialog, "banned_cards").placeholderText()
        seen["no house rule"] = field(dialog, "house_round_minutes").text()
        paper_label = dialog.rows["paper"].label
        assert paper_label is not None
        seen["label"] = paper_label.text()
        seen["buddy"] = paper_label.buddy() is field(dialog, "paper")
        seen["check"] = field(dialog, "late_entry_losses").text().replace("&", "")
        texts = [
            r.label.text() if r.label else field(dialog, k).text() for k, r in dialog.rows.items()
        ]
        seen["mnemonics"] = [mnemonic(t) for t in texts]
        seen["pages"] = [dialog.page_of[k] for k in dialog.rows]
        seen["errors"] = [r.error_label.isVisible() for r in dialog.rows.values()]
        seen["title"] = dialog.windowTitle()

    run(look)
    assert seen["points"] == "3, 1, 0"
    assert seen["tiebreakers"] == ""  # None: the format's own order
    assert seen["placeholder"] == "the format's own: points, omw, gw, ogw"
    assert seen["bans placeholder"] == "e.g. Kal, the Dark; Moonlit Relic"  # names by ';'
    assert seen["no house rule"] == "the rulebook's"  # 0 minutes, said in words
    assert seen["label"] == "&Paper size for printouts:" and seen["buddy"]
    assert seen["check"] == "Late entries get a loss for every round they missed"
    letters = seen["mnemonics"]
    assert isinstance(letters, list) and all(letters)
    assert not {"o", "c"} & set(letters)
    pages = seen["pages"]
    assert isinstance(pages, list) and "Other" not in pages  # every setting is on a page
    for page in set(pages):  # each page's mnemonics are its own
        on_page = [m for m, p in zip(letters, pages, strict=True) if p == page]
        assert len(set(on_page)) == len(on_page), page
    assert seen["errors"] == [False] * len(settings.SETTINGS)
    assert seen["title"] == "Event settings — Friday Skirmish"
    assert settings_writes(db, event_id) == [
        {"paper": "Letter"},
        {"pod_size": 6},
        {"late_entry_losses": True},
    ]  # looking and closing wrote nothing


def test_labels_are_the_help_capitalised() -> None:
    labels = {key: setting_label(s) for key, s in settings.SETTINGS.items()}
    assert labels["tiebreakers"] == "Tiebreaker order"
    assert labels["points"] == "Match points for a win, a draw and a loss"
    assert labels["paper"] == "Paper size for printouts"
    assert labels["pod_size"] == "Most players in a draft pod"
    assert labels["banned_cards"] == "Cards banned for this event (a house rule)"
    assert all(label[0].isupper() and "e.g." not in label for label in labels.values())


@pytest.mark.usefixtures("event_id")
def test_ok_stores_exactly_the_settings_changed_one_write_each(
    event_id: int, window: MainWindow, db: Database, run: Run
) -> None:
    before = settings.get_settings(db, event_id=event_id)
    seen: dict[str, object] = {}

    def change(dialog: SettingsDialog) -> None:
        field(dialog, "pods_keep_rounds").setChecked(True)
        field(dialog, "pod_size").setValue(6)
        field(dialog, "points").setText("4, 2, 0")
        field(dialog, "tiebreakers").setText("points, gw, omw")
        field(dialog, "table_size").setValue(4)  # touched but the same: not written
        press_ok(dialog)
        seen["visible"] = dialog.isVisible()

    dialog = run(change)
    assert seen["visible"] is False and dialog.result() == QDialog.DialogCode.Accepted
    after = settings.get_settings(db, event_id=event_id)
    assert after == replace(
        before,
        pods_keep_rounds=True,
        pod_size=6,
        points=(4, 2, 0),
        tiebreakers=("points", "gw", "omw"),
    )
    assert settings_writes(db, event_id) == [
        {"tiebreakers": ["points", "gw", "omw"]},
        {"points": [4, 2, 0]},
        {"pod_size": 6},
        {"pods_keep_rounds": True},
    ]
    assert window.statusBar().currentMessage() == (
        "Saved settings: Tiebreaker order, Match points for a win, a draw and a loss, "
        "Most players in a draft pod, Pair every round inside the draft pods."
    )
    assert window.event_view is not None
    pods_tab = window.event_view.tab("Pods")  # the Changes reached the tabs
    assert isinstance(pods_tab, PodsTab)
    assert pods_tab.stale  # hidden: it reads the settings when it is shown
    window.event_view.tabs.setCurrentWidget(pods_tab)
    assert pods_tab.pod_size_spin.value() == 6 and pods_tab.keep_check.isChecked()


@pytest.mark.usefixtures("event_id")
def test_the_keyboard_reaches_a_field_by_its_mnemonic_and_enter_saves(
    event_id: int, db: Database, run: Run, qtbot: QtBot
) -> None:
    def type_points(dialog: SettingsDialog) -> None:
        label = dialog.rows["points"].label
        assert isinstance(label, QLabel)
        key = Qt.Key(ord(mnemonic(label.text()).upper()))
        qtbot.keyClick(focused(), key, Qt.KeyboardModifier.AltModifier)
        assert focused() is field(dialog, "points")
        field(dialog, "points").selectAll()
        type_keys(qtbot, "2,1,0\n")

    dialog = run(type_points)
    assert dialog.result() == QDialog.DialogCode.Accepted
    assert settings.get_settings(db, event_id=event_id).points == (2, 1, 0)


@pytest.mark.parametrize(
    ("key", "bad", "message", "good", "stored"),
    [
        (
            "points",
            "1,3,0",
            "Match points for a win, a draw and a loss: a win must score more than a loss, "
            "a draw in between, not '1,3,0'",
            "3,0,0",
            (3, 0, 0),
        ),
        (
            "tiebreakers",
            "points,luck",
            "Tiebreaker order: unknown tiebreaker 'luck'; "
            "known tiebreakers: points, mw, omw, gw, ogw, oomw",
            "points,ogw",
            ("points", "ogw"),
        ),
    ],
)
@pytest.mark.usefixtures("event_id")
def test_a_bad_value_is_shown_in_red_the_dialog_stays_open_and_nothing_is_stored(
    event_id: int,
    db: Database,
    run: Run,
    key: str,
    bad: str,
    message: str,
    good: str,
    stored: tuple[object, ...],
) -> None:
    before = settings.get_settings(db, event_id=event_id)
    seen: dict[str, object] = {}

    def mistake(dialog: SettingsDialog) -> None:
        field(dialog, "paper").setCurrentText("Letter")  # a good change beside the bad one
        field(dialog, key).setText(bad)
        press_ok(dialog)
        row = dialog.rows[key]
        seen["open"] = dialog.isVisible() and dialog.result() != QDialog.DialogCode.Accepted
        seen["error"] = row.error_label.text() if row.error_label.isVisible() else None
        seen["red"] = "#b00020" in row.error_label.styleSheet()
        seen["others"] = [r.error_label.isVisible() for k, r in dialog.rows.items() if k != key]
        seen["kept"] = (field(dialog, key).text(), field(dialog, "paper").currentText())
        seen["focus"] = focused() is field(dialog, key)
        seen["stored"] = settings.get_settings(db, event_id=event_id)
        field(dialog, key).setText(good)  # corrected, OK saves both
        press_ok(dialog)
        seen["error after"] = row.error_label.isVisible()

    dialog = run(mistake)
    assert seen["open"] is True
    assert seen["error"] == message
    assert seen["red"] is True
    assert seen["others"] == [False] * (len(settings.SETTINGS) - 1)
    assert seen["kept"] == (bad, "Letter")
    assert seen["focus"] is True
    assert seen["stored"] == before  # nothing at all, not even the good change
    assert seen["error after"] is False
    assert dialog.result() == QDialog.DialogCode.Accepted
    corrected: dict[str, Any] = {key: stored}
    assert settings.get_settings(db, event_id=event_id) == replace(
        before, paper="Letter", **corrected
    )
    assert len(settings_writes(db, event_id)) == 2


@pytest.mark.usefixtures("event_id")
def test_cancel_and_escape_store_nothing(
    event_id: int, window: MainWindow, db: Database, run: Run, qtbot: QtBot
) -> None:
    before = settings.get_settings(db, event_id=event_id)

    def change_everything(dialog: SettingsDialog) -> None:
        field(dialog, "late_entry_losses").setChecked(True)
        field(dialog, "pod_size").setValue(5)
        field(dialog, "points").setText("5,1,0")
        field(dialog, "paper").setCurrentText("Letter")

    def cancel(dialog: SettingsDialog) -> None:
        change_everything(dialog)
        dialog.buttons.button(QDialogButtonBox.StandardButton.Cancel).click()

    def escape(dialog: SettingsDialog) -> None:
        change_everything(dialog)
        qtbot.keyClick(focused(), Qt.Key.Key_Escape)

    for leave in (cancel, escape):
        dialog = run(leave)
        assert dialog.result() == QDialog.DialogCode.Rejected and not dialog.changes
    assert settings.get_settings(db, event_id=event_id) == before
    assert settings_writes(db, event_id) == []
    assert window.statusBar().currentMessage() == ""


@pytest.mark.usefixtures("event_id")
def test_an_emptied_tiebreaker_order_goes_back_to_the_formats(
    event_id: int, db: Database, run: Run
) -> None:
    settings.set_setting(db, event_id=event_id, key="tiebreakers", value="points,gw")

    def show_then_empty(dialog: SettingsDialog) -> None:
        assert field(dialog, "tiebreakers").text() == "points, gw"
        field(dialog, "tiebreakers").clear()
        press_ok(dialog)

    run(show_then_empty)
    assert settings.get_settings(db, event_id=event_id).tiebreakers is None
    event = get_event(db, event_id)
    # Warcaste Skirmish uses the MTR order
    assert tiebreaker_order(event.format_id, event.settings) == ("points", "omw", "gw", "ogw")


def test_new_points_reach_the_standings_tab(db: Database, qtbot: QtBot) -> None:
    event_id = event_with_players(db, "castle-wars", 8, name="Tied night")
    play_round(db, event_id, seed=21, rule=lambda _t: Score(2, 0))
    window = create_main_window(db, event_id=event_id)
    qtbot.addWidget(window)
    window.show()
    assert window.event_view is not None
    tab = window.event_view.standings_tab
    window.event_view.tabs.setCurrentWidget(tab)
    assert tab.model.standing_at(0).points == 3

    def five_for_a_win(dialog: SettingsDialog) -> None:
        field(dialog, "points").setText("5,1,0")
        press_ok(dialog)

    Run(window, qtbot)(five_for_a_win)
    assert tab.model.standing_at(0).points == 5


def test_the_action_is_enabled_only_with_an_event_open(
    window: MainWindow, db: Database, run: Run
) -> None:
    assert window.event_view is None
    assert not window.edit_settings.action.isEnabled()
    window.edit_settings()  # nothing happens without an event
    assert run.dialogs == []
    record = events.create_event(db, name="Late", format_id="castle-wars").value
    window.open_event(record.id)
    assert window.edit_settings.action.isEnabled()
    assert window.edit_settings.action.shortcut().toString() == "Ctrl+,"
    menu = window.menuBar().actions()[0].menu()
    assert isinstance(menu, QMenu) and menu.title() == "E&vents"
    assert window.edit_settings.action in menu.actions()


@pytest.mark.usefixtures("event_id")
def test_the_settings_button_in_the_event_heading_opens_the_dialog(
    event_id: int, window: MainWindow, run: Run
) -> None:
    assert window.event_view is not None
    shown: list[QDialog] = []

    def look(dialog: QDialog) -> int:
        shown.append(dialog)
        return int(QDialog.DialogCode.Rejected)

    window.prompts.run_dialog = look
    window.event_view.settings_button.click()
    assert len(shown) == 1 and isinstance(shown[0], SettingsDialog)


def test_a_higher_cap_lets_the_waiting_in_and_says_who(db: Database, qtbot: QtBot) -> None:
    from organizer.services.players import registration

    event_id = events.create_event(db, name="Full Friday", format_id="castle-wars").value.id
    settings.set_setting(db, event_id=event_id, key="cap", value="2")
    registration.import_players_csv(db, event_id=event_id, text="name\nAda\nBo\nCy\n")
    window = create_main_window(db, event_id=event_id)
    qtbot.addWidget(window)
    window.show()

    def one_more_place(dialog: SettingsDialog) -> None:
        cap = field(dialog, "cap")
        if isinstance(cap, QSpinBox):
            cap.setValue(3)
        else:
            cap.setText("3")
        press_ok(dialog)

    Run(window, qtbot)(one_more_place)
    assert [p.waiting for p in registration.list_players(db, event_id=event_id)] == [None] * 3
    assert window.statusBar().currentMessage() == (
        f"Saved settings: {setting_label(settings.SETTINGS['cap'])}. "
        "Cy came in from the waiting list."
    )
