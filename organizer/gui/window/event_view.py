"""The event view: the open event's heading and its tabs.

Tabs: Players, Decks, Rounds, Clock, Standings, Pods, Penalties, built from `TABS`, an
ordered mapping of title to factory. A tab is built when it is first shown
(or first asked for, `tab(title)`): until then its page is an empty
placeholder, so opening a 4,096-player event builds and reads one tab, not
seven, and each `EventScreen` reads its data off the UI thread when shown.
Every tab is an `EventScreen` (kit/event_screen.py): its `changes_applied`
and `status_reported` signals reach the window through this view, which also
hands the Changes to every other built tab (`refresh_for`), so a drop ticked
on a result slip shows in Players and a result in Standings. Ctrl+1 … Ctrl+7
switch tabs.

"Settings…" beside the title (and the window's Events → Event settings…)
opens the settings dialog (`edit_settings`); what it saved reaches the window
and every tab like a tab's own change (`apply_changes`).

A tab that cannot be read when first shown (the host stopped sharing, another
station deleted the event) stays a placeholder: one short line in the status
bar says why, and showing it again tries again. It never reaches the crash
handler (issue 24's walk, once more: station B clicking Rounds after its host
stopped).

A tab with printouts has `print_commands` (`PrintCommands`): the window's
Print menu lists them all (`print_commands()`, which builds every tab, when the
menu opens), and `preview_current()`
(Ctrl+Shift+P) previews the shown tab's main printout.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import suppress
from importlib import import_module
from typing import TYPE_CHECKING, TypeVar

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QPushButton, QTabWidget, QWidget

from organizer.core.formats.catalog import FORMATS
from organizer.gui.kit.elided_label import ElidedLabel
from organizer.gui.kit.emphasis import embolden
from organizer.gui.kit.entry_labels import sentence
from organizer.gui.kit.event_screen import EventPanel, EventScreen, PrintingTab
from organizer.gui.kit.layouts import column, row
from organizer.gui.kit.next_turn import next_turn
from organizer.gui.kit.prompts import Prompts
from organizer.services.event.events import get_event
from organizer.services.kit.changes import Changes
from organizer.services.kit.errors import EXPECTED, user_message
from organizer.storage.database import Database
from organizer.storage.records import EventRecord

if TYPE_CHECKING:
    from organizer.gui.players.players_tab import PlayersTab
    from organizer.gui.printouts.print_actions import PrintCommands
    from organizer.gui.rounds.rounds_tab import RoundsTab
    from organizer.gui.standings.standings_tab import StandingsTab

TabFactory = Callable[[Database, int, Prompts], EventScreen]
ScreenT = TypeVar("ScreenT", bound=EventScreen)

TABS: dict[str, str] = {
    "Players": "organizer.gui.players.players_tab:PlayersTab",
    "Decks": "organizer.gui.decks.decks_tab:DecksTab",
    "Rounds": "organizer.gui.rounds.rounds_tab:RoundsTab",
    "Clock": "organizer.gui.clock.clock_tab:ClockTab",
    "Standings": "organizer.gui.standings.standings_tab:StandingsTab",
    "Pods": "organizer.gui.pods.pods_tab:PodsTab",
    "Penalties": "organizer.gui.penalties.penalties_tab:PenaltiesTab",
}
"""Each tab's class, by title in tab order. Its module is imported when the tab is first
built: the app shows its first event without loading what the other tabs need
(printing, card pools, top cuts)."""


def tab_factory(title: str) -> TabFactory:
    """The class of the tab called `title` (its module imported now)."""
    module, name = TABS[title].split(":")
    factory = getattr(import_module(module), name)
    assert isinstance(factory, type) and issubclass(factory, EventScreen)
    return factory


WORKING_HIDDEN = ("Clock",)
"""Tabs that work while another is shown (the clock's alerts): built as soon as the
event is open and its first tab read, not when first shown."""

WAIT_FOR_READ_MS = 50
"""How often the tabs that work hidden look again whether the tab shown has read."""

_TITLES = {f.id: f.title for f in FORMATS}


def event_details(event: EventRecord) -> str:
    """The line under the event's name: date, format, match length and round length (the
    house rule's, once the Clock tab made one)."""
    minutes = event.settings.house_round_minutes or event.round_minutes
    parts = [
        event.date.isoformat() if event.date else "",
        _TITLES.get(event.format_id, event.format_id),
        f"best of {event.best_of}",
        f"{minutes}-minute rounds",
    ]
    if event.planned_rounds:
        parts.append(f"{event.planned_rounds} rounds planned")
    return "  ·  ".join(p for p in parts if p)


class EventView(EventPanel):
    def __init__(
        self, db: Database, event: EventRecord, prompts: Prompts, parent: QWidget | None = None
    ) -> None:
        super().__init__(db, event.id, prompts, parent)
        self.format_id = event.format_id
        self.title_label = ElidedLabel(event.name)
        embolden(self.title_label, 1.4)
        self.title_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.details_label = ElidedLabel(event_details(event))
        self.settings_button = QPushButton("Settings…")
        self.settings_button.setToolTip(
            "Event settings: points, tiebreakers, paper, pods… (Ctrl+,)"
        )
        self.settings_button.clicked.connect(self.edit_settings)

        self.tabs = QTabWidget()
        self.tabs.setDocumentMode(True)
        self._built: dict[int, EventScreen] = {}
        for number, title in enumerate(TABS, start=1):
            self.tabs.addTab(QWidget(), title)  # the tab is built when first shown
            self.tabs.setTabToolTip(number - 1, f"Ctrl+{number}")
            shortcut = QShortcut(QKeySequence(f"Ctrl+{number}"), self)
            shortcut.activated.connect(lambda i=number - 1: self.tabs.setCurrentIndex(i))
        self.tabs.currentChanged.connect(self._tab_shown)

        heading = row((self.title_label, 1), self.settings_button)
        column(heading, self.details_label, 4, (self.tabs, 1), parent=self, flush=True)
        self.changes_applied.connect(self._refresh_heading)
        self._build_at(self.tabs.currentIndex())
        next_turn(self, self._build_working_hidden)

    def _refresh_heading(self, changes: Changes) -> None:
        """The details line again after a change to the event or its clock (the Clock tab's
        Round length… may make a house rule); unreadable now (a host stopped), it stays."""
        if changes.events or changes.clock:
            with suppress(*EXPECTED):
                self.details_label.setText(event_details(get_event(self.db, self.event_id)))

    def _build_working_hidden(self) -> None:
        """Build the tabs that work while hidden (the clock's alerts), once the first is up:
        on a turn of its own, and not while a tab reads (the widgets' making then waits
        for the GIL at every step behind the reading worker: the window froze for 70 ms
        at a 4,096-player event, issue 36, item 15).

        Not for a view already put away (another event opened, this one deleted)."""
        if not self.isVisible():
            return
        if any(screen.reading for screen in self.built_tabs()):
            QTimer.singleShot(WAIT_FOR_READ_MS, self, self._build_working_hidden)
            return
        for title in WORKING_HIDDEN:
            self._build_at(list(TABS).index(title))

    # --- tabs built when first shown ------------------------------------------------

    def _tab_shown(self, index: int) -> None:
        """The TO switched tabs: build the tab if new, and read it if stale."""
        screen = self._build_at(index)
        if screen is not None:
            screen.refresh_if_stale()

    def _build_at(self, index: int) -> EventScreen | None:
        """The tab at `index`, built if it was not yet; None (said in the status bar) when it
        cannot be read now: its placeholder stays, and showing it again tries again."""
        try:
            return self._build(index)
        except EXPECTED as exc:
            title = list(TABS)[index]
            offline = self.db.offline
            why = offline.split(":")[0] + "." if offline else user_message(exc)
            self.status_reported.emit(f"The {title} tab could not be read: {why}")
            return None

    def _build(self, index: int) -> EventScreen | None:
        """The tab at `index`, built (and put in its placeholder's place) if it was not yet."""
        if index < 0:
            return None
        built = self._built.get(index)
        if built is not None:
            return built
        title = list(TABS)[index]
        screen = tab_factory(title)(self.db, self.event_id, self.prompts)
        self._built[index] = screen
        self.relay(screen)
        screen.changes_applied.connect(lambda changes, source=screen: self._share(changes, source))
        current = self.tabs.currentIndex()
        placeholder = self.tabs.widget(index)
        self.tabs.blockSignals(True)  # the same tab stays current: no second build
        try:
            self.tabs.removeTab(index)
            self.tabs.insertTab(index, screen, title)
            self.tabs.setTabToolTip(index, f"Ctrl+{index + 1}")
            self.tabs.setCurrentIndex(current)
        finally:
            self.tabs.blockSignals(False)
        if placeholder is not None:
            placeholder.deleteLater()
        return screen

    def built_tabs(self) -> list[EventScreen]:
        """The tabs built so far, in tab order."""
        return [self._built[i] for i in sorted(self._built)]

    def _share(self, changes: Changes, source: QWidget) -> None:
        """Let the other built tabs refresh what `changes` names (the rest read when built)."""
        for page in self.built_tabs():
            if page is not source:
                page.refresh_for(changes)

    def apply_changes(self, changes: Changes) -> None:
        """A change made outside the tabs: every tab refreshes what it names, then the window."""
        self._share(changes, self)
        self.announce(changes)

    def edit_settings(self) -> None:
        """The Event settings dialog; what it saved is applied and reported."""
        from organizer.gui.window.settings_dialog import open_event_settings

        dialog = open_event_settings(
            self.db,
            self.event_id,
            self.prompts,
            title=self.title_label.text(),
            format_id=self.format_id,
            parent=self,
        )
        if dialog is None or not dialog.changes:
            return
        self.apply_changes(dialog.changes)
        notes = "".join(f" {sentence(note)}" for note in dialog.notes)  # who came in
        self.status_reported.emit(f"Saved settings: {', '.join(dialog.saved)}.{notes}")

    def print_commands(self) -> list[PrintCommands]:
        """Every tab's printouts, in tab order (building the tabs not built yet)."""
        found: list[PrintCommands] = []
        for i in range(self.tabs.count()):
            page = self._build_at(i)
            if isinstance(page, PrintingTab):
                found.append(page.print_commands)
        return found

    def preview_current(self) -> None:
        """Preview the shown tab's main printout (Ctrl+Shift+P)."""
        page = self.tabs.currentWidget()
        if isinstance(page, PrintingTab):
            page.print_commands.preview_main()
        else:
            title = self.tabs.tabText(self.tabs.currentIndex())
            self.status_reported.emit(
                f"The {title} tab has nothing to print; the Print menu lists every printout."
            )

    def tab(self, title: str) -> EventScreen:
        """The tab called `title`, built if it was not yet (it reads when shown); an
        expected error building it is raised, for the caller's `Prompts.attempt`."""
        page = self._build(list(TABS).index(title))
        assert page is not None
        return page

    def _tab_of(self, title: str, kind: type[ScreenT]) -> ScreenT:
        """The tab called `title`, which is a `kind`."""
        page = self.tab(title)
        assert isinstance(page, kind)
        return page

    @property
    def players_tab(self) -> PlayersTab:
        from organizer.gui.players.players_tab import PlayersTab

        return self._tab_of("Players", PlayersTab)

    @property
    def rounds_tab(self) -> RoundsTab:
        from organizer.gui.rounds.rounds_tab import RoundsTab

        return self._tab_of("Rounds", RoundsTab)

    @property
    def standings_tab(self) -> StandingsTab:
        from organizer.gui.standings.standings_tab import StandingsTab

        return self._tab_of("Standings", StandingsTab)
