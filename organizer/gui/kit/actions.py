"""Commands as QActions, and push buttons that follow them.

Screens define each command once with `make_action` (text with its mnemonic,
shortcuts, status tip, slot), so the same command works from a menu, the
keyboard and an `action_button`: a QPushButton that mirrors the action's
text, tooltip and enabled state. (A QToolButton would drop the mnemonic.)
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QPushButton, QWidget

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


def tab_action(
    owner: QWidget, text: str, slot: Callable[[], object], *keys: Key, tip: str = ""
) -> QAction:
    """A command whose shortcuts work while focus is anywhere in `owner` (a tab, a pane).

    Tabs share one window, so a tab's Ctrl+N must not fire while another tab is shown.
    """
    context = Qt.ShortcutContext.WidgetWithChildrenShortcut
    return make_action(owner, text, slot, *keys, tip=tip, context=context)


def action_button(action: QAction, parent: QWidget | None = None) -> QPushButton:
    button = QPushButton(parent)

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
