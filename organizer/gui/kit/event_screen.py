"""What a tab of an open event offers the event view: one declared protocol.

The event view connects a tab's signals, passes it the changes other tabs
made, and lists its printouts, by checking these protocols (`isinstance`)
rather than looking methods up by name, so a tab that misspells one is a
type error, not a silent gap.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from PySide6.QtCore import SignalInstance

from organizer.gui.printouts.print_actions import PrintCommands
from organizer.services.changes import Changes


@runtime_checkable
class EventTab(Protocol):
    """A tab that changes the event, reports to the status bar, and follows others' changes."""

    changes_applied: SignalInstance
    """Emitted with the `Changes` of a service call this tab made, after redrawing."""
    status_reported: SignalInstance
    """Emitted with a sentence for the status bar."""

    def refresh_for(self, changes: Changes) -> None:
        """Read again what `changes` (from another tab or station) touches, nothing more."""


@runtime_checkable
class PrintingTab(Protocol):
    """A tab with printouts of its own (the Print menu and Ctrl+Shift+P)."""

    print_commands: PrintCommands
