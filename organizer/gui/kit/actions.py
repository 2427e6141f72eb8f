"""Commands as QActions, declared once on the method they run, and buttons that follow them.

A screen declares each command on its slot with `@command` (text with its
mnemonic, shortcuts, status tip), the way qutebrowser's `@cmdutils.register`
does, so the words, keys and code of a command sit in one place:

    @command("&Import card pool…", tip="Read the cards' facts from a card pool CSV")
    def import_file(self) -> None: ...

On an instance, `self.import_file()` still runs the slot (tests and code call it
as before) and `self.import_file.action` is its QAction: made once per instance
by `install_commands` (the `EventWork` base and the main window call it as they
are built, so every shortcut works before anything reads the attribute), added
to the widget so its shortcuts work wherever its context says: while focus is
anywhere in the widget (a tab, a pane: tabs share one window, so a tab's Ctrl+N
must not fire while another tab is shown), or in the whole window: all of a
window's own commands (`install_commands(window, window_wide=True)`: the main
window's and those it is given), and a pane's declared `window_wide=True` (the
Clock's room display, from any tab). The same command then works from a menu,
the keyboard and an `action_button`: a QPushButton that mirrors the action's
text, tooltip and enabled state (a QToolButton would drop the mnemonic). A
screen's row of buttons is a row of its commands' `button`s:
`row(self.start.button, self.pause.button)`, one button a command, with no
`x_button` attribute to keep beside each one. A dialog's own step that is no command
(no menu, no shortcut) is a `push_button(text, slot)`.

`QAction.triggered` carries a checked flag; a command's slot takes none (a
checkable command reads `self.slot.action.isChecked()`). `make_action` builds an
action outside a class body: one whose shortcut belongs to a child widget (the
Penalties table's Del), and each command's own (`Command.install`).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Generic, TypeVar, overload

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QPushButton, QWidget

from organizer.gui.kit.elided_label import ElidedButton

Key = QKeySequence | QKeySequence.StandardKey | str


def make_action(
    owner: QWidget,
    text: str,
    slot: Callable[[], object],
    *keys: Key,
    tip: str = "",
    context: Qt.ShortcutContext = Qt.ShortcutContext.WindowShortcut,
) -> QAction:
    """An action added to `owner`, so its shortcuts work wherever `context` says."""
    action = QAction(text, owner)
    action.setShortcuts([QKeySequence(k) for k in keys])
    action.setShortcutContext(context)
    action.setStatusTip(tip)
    action.triggered.connect(slot)
    owner.addAction(action)
    return action


S = TypeVar("S", bound=QObject)
"""The class a command is declared in."""
R = TypeVar("R")
"""What the command's slot returns."""


class BoundCommand(Generic[R]):
    """A command of one instance: call it to run the slot; `action` is its QAction."""

    def __init__(self, run: Callable[[], R], action: QAction, *, elide: bool = False) -> None:
        self._run = run
        self.action = action
        """The command's QAction, in menus, on buttons, enabled or not."""
        self._elide = elide
        self._button: QPushButton | None = None

    @property
    def button(self) -> QPushButton:
        """The command's push button (`action_button`), made the first time it is asked
        for: the screen places it in its layout, and tests find it here."""
        if self._button is None:
            self._button = action_button(self.action, elide=self._elide)
        return self._button

    def __call__(self) -> R:
        """Run the slot, as calling the method did (a signal with arguments connects to
        `action.trigger` or a lambda instead: this takes none)."""
        return self._run()


class Command(Generic[S, R]):
    """A slot declared as a command (`@command`): a descriptor giving each instance a
    `BoundCommand`, made by `install_commands` as the instance is built."""

    def __init__(
        self,
        slot: Callable[[S], R],
        text: str,
        keys: tuple[Key, ...],
        tip: str,
        window_wide: bool,
        elide: bool = False,
    ) -> None:
        self.slot = slot
        self.name = slot.__name__
        self.text = text
        self.keys = keys
        self.tip = tip
        self.window_wide = window_wide
        self.elide = elide
        self.__doc__ = slot.__doc__

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, instance: None, owner: type | None = None) -> Command[S, R]: ...
    @overload
    def __get__(self, instance: S, owner: type | None = None) -> BoundCommand[R]: ...
    def __get__(
        self, instance: S | None, owner: type | None = None
    ) -> Command[S, R] | BoundCommand[R]:
        if instance is None:
            return self
        # Installed, the instance's own attribute hides this descriptor: not installed, the
        # command would have had no shortcut until now.
        raise AttributeError(
            f"{self.name}: install_commands was not called as {type(instance).__name__} was built"
        )

    def install(self, instance: S, widget: QWidget, *, window_wide: bool) -> BoundCommand[R]:
        """Make the instance's action on `widget` and store it as the instance's attribute;
        window-wide if declared so or if the whole class's commands are (`window_wide`)."""
        context = (
            Qt.ShortcutContext.WindowShortcut
            if self.window_wide or window_wide
            else Qt.ShortcutContext.WidgetWithChildrenShortcut
        )
        run = partial(self.slot, instance)
        # Through a lambda: `triggered` carries a checked flag that the slot does not take.
        action = make_action(
            widget, self.text, lambda: run(), *self.keys, tip=self.tip, context=context
        )
        bound = BoundCommand(run, action, elide=self.elide)
        instance.__dict__[self.name] = bound
        return bound


def command(
    text: str, *keys: Key, tip: str = "", window_wide: bool = False, elide: bool = False
) -> Callable[[Callable[[S], R]], Command[S, R]]:
    """Declare the method below as a command: its action's text (with its mnemonic),
    shortcuts and status tip; shortcuts for the whole window if `window_wide` (or if
    installed so, `install_commands`), else while focus is in the widget (a tab, a pane).
    `elide`: its button gives up room first, its text ending in "…" (`ElidedButton`),
    for a text that changes with what the command would do ("Undo registered …")."""

    def declare(slot: Callable[[S], R]) -> Command[S, R]:
        return Command(slot, text, keys, tip, window_wide, elide)

    return declare


def install_commands(
    instance: QObject, widget: QWidget | None = None, *, window_wide: bool = False
) -> None:
    """Make the action of every command declared in `instance`'s class and its bases,
    added to `widget` (the instance itself when it is a widget); once, however often called.
    `window_wide`: every one of them works in the whole window (the main window's own)."""
    owner = widget if widget is not None else instance
    if not isinstance(owner, QWidget):
        raise TypeError(f"{type(instance).__name__}: commands need a widget to live on")
    cls = type(instance)
    for base in reversed(cls.__mro__):
        for name, value in vars(base).items():
            installed = isinstance(instance.__dict__.get(name), BoundCommand)
            if isinstance(value, Command) and getattr(cls, name) is value and not installed:
                value.install(instance, owner, window_wide=window_wide)


def push_button(text: str, slot: Callable[[], object], *, tip: str = "") -> QPushButton:
    """A button that runs `slot` when clicked, with its mnemonic in `text` and `tip` as its
    tooltip: a dialog's own step that is no command of the screen (no menu, no shortcut)."""
    button = QPushButton(text)
    if tip:
        button.setToolTip(tip)
    button.clicked.connect(slot)
    return button


def action_button(
    action: QAction, parent: QWidget | None = None, *, elide: bool = False
) -> QPushButton:
    button = ElidedButton(parent) if elide else QPushButton(parent)

    def follow() -> None:
        button.setText(action.text())
        button.setEnabled(action.isEnabled())
        tip = action.statusTip()
        shortcut = action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
        if shortcut:
            tip = f"{tip} ({shortcut})" if tip else shortcut
        button.setToolTip(tip)

    follow()
    action.changed.connect(follow)
    button.clicked.connect(action.trigger)
    return button
