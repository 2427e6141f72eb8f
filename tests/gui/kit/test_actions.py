"""`@command`: a command declared once on its slot is still the slot, has one QAction per
instance from the moment the widget is built, and its shortcut works where its context says.

The widgets here are the smallest that declare commands: two panes of one window (a
command of a pane must not fire while the other pane has the focus; a window-wide one
does), and a plain `QObject` that puts its commands on a widget it names.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QApplication, QHBoxLayout, QLineEdit, QWidget
from pytestqt.qtbot import QtBot

from organizer.gui.kit.actions import (
    Command,
    action_button,
    command,
    install_commands,
    push_button,
)


class Pane(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.calls: list[str] = []
        install_commands(self)
        self.edit = QLineEdit()
        QHBoxLayout(self).addWidget(self.edit)

    @command("&Add player", "Ctrl+N", "Insert", tip="Type a name to register")
    def add(self) -> int:
        """Note the call; say how many there were."""
        self.calls.append("add")
        return len(self.calls)

    @command("&Open room display", "Ctrl+D", window_wide=True)
    def open_room(self, times: int = 1) -> None:
        self.calls.extend(["room"] * times)


class ChildPane(Pane):
    @command("&Undo", QKeySequence.StandardKey.Undo)
    def undo(self) -> None:
        self.calls.append("undo")


class Helper(QObject):
    """Not a widget: its commands live on the widget it is given."""

    def __init__(self, widget: QWidget) -> None:
        super().__init__(widget)
        self.calls = 0
        install_commands(self, widget)

    @command("&Join a hosted event…", tip="Work on the events another station hosts")
    def join(self) -> None:
        self.calls += 1


def shown(qtbot: QtBot, *panes: QWidget) -> QWidget:
    window = QWidget()
    qtbot.addWidget(window)
    layout = QHBoxLayout(window)
    for pane in panes:
        layout.addWidget(pane)
    window.resize(400, 100)
    window.show()
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)  # keys go to the active one
    return window


def test_the_slot_is_still_called_as_before_and_its_action_says_the_declaration(
    qtbot: QtBot,
) -> None:
    pane = Pane()
    qtbot.addWidget(pane)
    assert pane.add() == 1
    assert pane.add() == 2
    action = pane.add.action
    assert action.text() == "&Add player"
    assert action.statusTip() == "Type a name to register"
    assert [k.toString() for k in action.shortcuts()] == ["Ctrl+N", "Ins"]
    assert action.shortcutContext() == Qt.ShortcutContext.WidgetWithChildrenShortcut
    assert pane.open_room.action.shortcutContext() == Qt.ShortcutContext.WindowShortcut
    assert pane.add.action is action  # made once per instance
    assert Pane.add.__doc__ == "Note the call; say how many there were."
    assert isinstance(Pane.add, Command)


def test_every_command_is_on_the_widget_when_built_each_instance_its_own(
    qtbot: QtBot,
) -> None:
    first, second = ChildPane(), ChildPane()
    qtbot.addWidget(first)
    qtbot.addWidget(second)
    # Read straight from the widget: nothing has touched the attributes yet.
    assert [a.text() for a in first.actions()] == [
        "&Add player",
        "&Open room display",
        "&Undo",
    ]
    assert first.add.action is not second.add.action
    second.add.action.trigger()
    assert (first.calls, second.calls) == ([], ["add"])


def test_triggering_calls_the_slot_without_the_checked_flag(qtbot: QtBot) -> None:
    pane = Pane()
    qtbot.addWidget(pane)
    pane.open_room.action.trigger()  # triggered(bool) must not reach `times`
    assert pane.calls == ["room"]


def test_a_pane_shortcut_works_only_with_the_focus_in_the_pane_a_window_wide_one_anywhere(
    qtbot: QtBot,
) -> None:
    left, right = Pane(), Pane()
    _window = shown(qtbot, left, right)

    left.edit.setFocus()
    qtbot.keyClick(left.edit, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    assert (left.calls, right.calls) == (["add"], [])

    right.edit.setFocus()
    qtbot.keyClick(right.edit, Qt.Key.Key_Insert)
    assert (left.calls, right.calls) == (["add"], ["add"])

    # Ctrl+D is window-wide: the right pane's taken away (two would be ambiguous), the
    # left pane's fires while the focus is in the right pane.
    right.open_room.action.setShortcuts([])
    right.edit.setFocus()
    qtbot.keyClick(right.edit, Qt.Key.Key_D, Qt.KeyboardModifier.ControlModifier)
    assert (left.calls, right.calls) == (["add", "room"], ["add"])


def test_a_disabled_command_is_not_run_by_its_shortcut_or_its_button(qtbot: QtBot) -> None:
    pane = Pane()
    _window = shown(qtbot, pane)
    button = action_button(pane.add.action, pane)
    assert (button.text(), button.toolTip()) == ("&Add player", "Type a name to register (Ctrl+N)")
    pane.add.action.setEnabled(False)
    assert not button.isEnabled()
    pane.edit.setFocus()
    qtbot.keyClick(pane.edit, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    assert pane.calls == []
    pane.add.action.setEnabled(True)
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert pane.calls == ["add"]


def test_an_object_that_is_no_widget_puts_its_commands_on_the_widget_it_names(
    qtbot: QtBot,
) -> None:
    window = QWidget()
    qtbot.addWidget(window)
    helper = Helper(window)
    assert window.actions() == [helper.join.action]
    assert helper.join.action.shortcutContext() == Qt.ShortcutContext.WidgetWithChildrenShortcut
    helper.join.action.trigger()
    helper.join()
    assert helper.calls == 2


def test_an_object_that_is_no_widget_must_name_one(qtbot: QtBot) -> None:
    class Forgetful(QObject):
        @command("&Leave")
        def leave(self) -> None: ...

    with pytest.raises(TypeError, match="Forgetful: commands need a widget"):
        install_commands(Forgetful())


def test_a_command_not_installed_is_an_error_not_a_command_without_its_shortcut(
    qtbot: QtBot,
) -> None:
    class Forgetful(QWidget):
        @command("&Leave", "Ctrl+L")
        def leave(self) -> None: ...

    forgetful = Forgetful()
    qtbot.addWidget(forgetful)
    with pytest.raises(AttributeError, match="leave: install_commands was not called"):
        forgetful.leave()
    assert forgetful.actions() == []


def test_installing_twice_makes_no_second_action(qtbot: QtBot) -> None:
    pane = Pane()
    qtbot.addWidget(pane)
    action = pane.add.action
    install_commands(pane)
    assert pane.add.action is action
    assert len(pane.actions()) == 2


def test_a_command_has_one_button_per_instance_that_follows_and_runs_it(qtbot: QtBot) -> None:
    left, right = Pane(), Pane()
    _window = shown(qtbot, left, right)
    button = left.add.button
    assert button is left.add.button and button is not right.add.button
    assert (button.text(), button.toolTip()) == ("&Add player", "Type a name to register (Ctrl+N)")
    left.add.action.setText("&Add another player")
    left.add.action.setEnabled(False)
    assert (button.text(), button.isEnabled()) == ("&Add another player", False)
    left.add.action.setEnabled(True)
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert (left.calls, right.calls) == (["add"], [])


class Window(QWidget):
    """A window's own commands: installed window-wide, each works from anywhere in it."""

    def __init__(self) -> None:
        super().__init__()
        self.calls: list[str] = []
        install_commands(self, window_wide=True)

    @command("&Open", "Ctrl+O")
    def open_event(self) -> None:
        self.calls.append("open")


def test_a_window_installs_all_its_commands_window_wide_and_they_fire_from_a_pane(
    qtbot: QtBot,
) -> None:
    window = Window()
    pane = Pane()
    QHBoxLayout(window).addWidget(pane)
    qtbot.addWidget(window)
    assert window.open_event.action.shortcutContext() == Qt.ShortcutContext.WindowShortcut
    assert pane.add.action.shortcutContext() == Qt.ShortcutContext.WidgetWithChildrenShortcut
    window.show()
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    pane.edit.setFocus()
    qtbot.keyClick(pane.edit, Qt.Key.Key_O, Qt.KeyboardModifier.ControlModifier)
    assert window.calls == ["open"]


def test_a_push_button_runs_its_slot_and_shows_its_tip(qtbot: QtBot) -> None:
    clicked: list[str] = []
    button = push_button("&Claim", lambda: clicked.append("claim"), tip="A judge takes it")
    plain = push_button("&Resolved", lambda: clicked.append("resolved"))
    for b in (button, plain):
        qtbot.addWidget(b)
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    plain.click()

    assert clicked == ["claim", "resolved"]
    assert (button.text(), button.toolTip(), plain.toolTip()) == ("&Claim", "A judge takes it", "")
