"""`EventScreen`: what every tab of an open event is built on, written once.

Every tab (Players, Decks, Rounds, Clock, Standings, Pods) works on one event
of one database, asks the TO through the shared `Prompts`, reports what its
writes changed (`changes_applied`, a `Changes`) and a sentence for the status
bar (`status_reported`), and follows the changes other tabs and stations make
(`refresh_for`). Before this base each tab copied that preamble; now a tab
declares only what is its own:

- its commands: `@command` methods (kit/actions.py), their QActions made as it
  is constructed, before `build()`;
- `build()`: its models and widgets, made once as it is constructed (every
  `EventWork` has this hook, so none repeats the constructor's parameters);

- `touched_by`: the `Changes` fields that make its data stale;
- `read()`: everything it shows, read through the services. It runs on a
  worker thread (`background.run_off_ui`), so it returns plain values and
  touches no widget; a 4,096-player event takes tenths of a second to read
  (seconds on a busy PC), and the window keeps drawing (the clock ticks) while
  it does, with a busy indicator after 400 ms;
- `show_read(read)`: puts what `read()` returned on screen, on the UI thread.
  Keep it short (fill models, set labels): everything slow belongs in `read`.

The base decides when to read: when the tab is first shown (at once when the
TO switches to it, `refresh_if_stale`; on the next turn of the event loop when
the window itself is shown), and again after a change it is touched by, at
once while it is shown, else when it is next shown ("stale while hidden"). So
a tab costs nothing until the TO opens it, and a slip typed on a big event does
not make every hidden tab read the event again.

`EventWork` is the part of that every widget writing to the event has too (a
tab's pieces, such as the top cut panel or the deck editor, the event view
itself, and the dialogs and panels a tab opens): the event, the prompts and the
two signals, with the one write runner, `write`, and `relay` to pass a piece's
signals on as the tab's own. `EventPanel` is it on a plain `QWidget`.

`write(title, call, shown)` is how the GUI writes: it runs the service call (on
the UI thread, or off it with a busy indicator when given `busy`), shows an
expected failure the house's one way (`Prompts.attempt`: a warning saying
nothing was saved, or Retry for database trouble that may pass), and on
success lets `shown(done)` redraw and say what happened, then broadcasts
`done.changes` (`changes_applied`) so the window and every other tab follow.
No widget emits `changes_applied` by hand. Failures a widget says in place
instead of in a box (a result slip's red line, a race that becomes a question)
stay with that widget.

`PrintingTab` is the protocol of a tab with printouts of its own (the Print
menu and Ctrl+Shift+P list them).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, TypeVar, runtime_checkable

from PySide6.QtCore import QObject, Signal, SignalInstance
from PySide6.QtGui import QHideEvent, QShowEvent
from PySide6.QtWidgets import QWidget

from organizer.gui.kit.actions import install_commands
from organizer.gui.kit.next_turn import next_turn
from organizer.gui.kit.prompts import Prompts
from organizer.services.kit.changes import Changes, Done
from organizer.storage.database import Database

T = TypeVar("T")

ALL_CHANGES = frozenset(f.name for f in fields(Changes) if f.name != "event_id")
"""Every kind of change a `Changes` names."""


if TYPE_CHECKING:  # type-checked as the widget it is mixed into (Qt's signals need one)
    _Widget = QWidget
else:  # at run time a plain mixin, before a Qt class: QWidget, QDialog, QGroupBox, QFrame
    _Widget = object


class EventWork(_Widget):
    """A widget working on one event: its database, id, prompts, the two signals and `write`;
    its `@command`s (kit/actions.py) get their QActions as it is built.

    Mixed in before the Qt class (`class DeckChecksDialog(EventWork, QDialog)`)."""

    changes_applied = Signal(object)
    """Emitted with the `Changes` of a service call this widget made, after redrawing."""
    status_reported = Signal(str)
    """Emitted with a sentence for the status bar."""

    def __init__(
        self, db: Database, event_id: int, prompts: Prompts, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        install_commands(self)  # its `@command`s, so their shortcuts work from the start
        self.db = db
        self.event_id = event_id
        self.prompts = prompts
        self.build()

    def build(self) -> None:
        """Make the widget's models and widgets (once, as it is constructed; it reads
        nothing yet). The database, event and prompts are `self.db`, `self.event_id`
        and `self.prompts`, its commands' actions are made: a subclass writes this
        instead of repeating the constructor's parameters."""

    def write(
        self,
        title: str,
        call: Callable[[], Done[T] | None],
        shown: Callable[[Done[T]], str | None] | None = None,
        *,
        busy: str = "",
    ) -> Done[T] | None:
        """Run the service write `call`; on success redraw, say it, and broadcast its changes.

        `busy`, if given, runs `call` off the UI thread, the busy indicator saying it (a
        heavy write: pairing, a top cut). A failure the services expect is shown under
        `title` (`Prompts.attempt`) and returns None, with nothing redrawn or broadcast;
        so does a `call` that returns None (it told the TO why itself). `shown(done)`
        puts the outcome on screen and returns the sentence for the status bar (or None);
        then `done.changes` goes to the window and the other tabs."""
        if busy:
            done = self.prompts.attempt_off_ui(title, busy, call)
        else:
            done = self.prompts.attempt(title, call)
        if done is not None:
            self.announce(done.changes, (shown(done) if shown is not None else None) or "")
        return done

    def relay(self, part: QObject) -> None:
        """Pass on `part`'s `changes_applied` and `status_reported` as this widget's own."""
        for name in ("changes_applied", "status_reported"):
            signal = getattr(part, name, None)
            if isinstance(signal, SignalInstance):
                signal.connect(getattr(self, name).emit)

    def announce(self, changes: Changes, status: str = "") -> None:
        """Tell the window (and through it every other tab) what a write changed."""
        if status:
            self.status_reported.emit(status)
        self.changes_applied.emit(changes)


class EventPanel(EventWork, QWidget):
    """`EventWork` on a plain widget: a piece of a tab, the event view, a tab itself."""


class EventScreen(EventPanel):
    """A tab of the open event: reads off the UI thread when shown, stale while hidden."""

    refreshed = Signal()
    """Emitted after what was read is on screen."""

    touched_by: ClassVar[frozenset[str]] = ALL_CHANGES
    """The `Changes` fields after which this screen reads again."""
    title: ClassVar[str] = "Event"
    """Names the screen in a warning when reading fails."""
    reading_text: ClassVar[str] = "Reading the event…"
    """What the busy indicator says if reading takes more than a moment."""

    stale: bool = True
    """Nothing read yet, or changed elsewhere while hidden: read when shown (`build` may
    say False: a screen with nothing to read)."""
    _reading: bool = False
    _shown_after_read: bool = False
    """Shown while stale: `shown()` waits for the read that follows."""

    # --- what a screen declares (besides `build`) -----------------------------------

    def read(self) -> Any:
        """Everything the screen shows, read through the services (on a worker thread)."""
        return None

    def show_read(self, read: Any) -> None:
        """Put what `read()` returned on screen (on the UI thread)."""

    # --- when it reads ------------------------------------------------------------

    def refresh(self) -> bool:
        """Read off the UI thread and show it; False when reading failed (the TO was told)."""
        if self._reading:  # shown again while its own read runs: that read will do
            return False
        self._reading = True
        try:
            done: list[Any] = []
            self.prompts.attempt_off_ui(
                self.title, self.reading_text, lambda: done.append(self.read())
            )
        finally:
            self._reading = False
        if not done:
            return False
        self.stale = False
        self.show_read(done[0])
        self.refreshed.emit()
        if self._shown_after_read and self.isVisible():
            self._shown_after_read = False
            self.shown()
        return True

    @property
    def reading(self) -> bool:
        """True while a read runs on a worker thread (the event loop turns meanwhile)."""
        return self._reading

    def touches(self, changes: Changes) -> bool:
        return any(getattr(changes, name) for name in self.touched_by)

    def refresh_for(self, changes: Changes) -> None:
        """Another tab's (or station's) change: read again now if shown, else when shown."""
        if not self.touches(changes):
            return
        if self.isVisible():
            self.refresh()
        else:
            self.stale = True

    def refresh_if_stale(self) -> None:
        """Read now if the screen is shown and its data is stale (the event view calls
        this when the TO switches to the tab)."""
        if self.stale and self.isVisible():
            self.refresh()

    def showEvent(self, event: QShowEvent) -> None:
        """Shown: read on the next turn of the event loop if stale, never inside the show.

        Reading runs the event loop while a worker reads (`run_off_ui`); turned inside
        Qt's showing of a widget tree, it let other events change that tree under Qt's
        feet (a crash)."""
        super().showEvent(event)
        if self.stale:
            self._shown_after_read = True  # where the keyboard goes may depend on the read
            next_turn(self, self.refresh_if_stale)  # after the paint: what it has shows first
        else:
            self.shown()

    def hideEvent(self, event: QHideEvent) -> None:
        super().hideEvent(event)
        self.hidden()

    def shown(self) -> None:
        """After the screen is shown (and read, if it was stale)."""

    def hidden(self) -> None:
        """After the screen is hidden."""


@runtime_checkable
class PrintingTab(Protocol):
    """A tab with printouts of its own (the Print menu and Ctrl+Shift+P)."""

    @property
    def print_commands(self) -> Any: ...
