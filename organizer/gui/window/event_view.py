"""The event view: the open event's heading and its tabs.

Tabs: Players, Decks, Rounds, Clock, Standings, Pods, Penalties, built from `TABS`, an
ordered mapping of title to factory. Screens not written yet are a centered
"Coming soon" note; replacing one is one line in `TABS`. A tab that changes
the event offers `changes_applied(Changes)` and `status_reported(str)`
signals, which this view passes on to the window; it also hands the Changes
to every other tab that has `refresh_for(Changes)`, so a drop ticked on a
result slip shows in Players and a result in Standings. Ctrl+1 … Ctrl+7
switch tabs.

"Settings…" beside the title (and the window's Events → Event settings…)
opens the settings dialog (`edit_settings`); what it saved reaches the window
and every tab like a tab's own change (`apply_changes`).

A tab with printouts has `print_commands` (`PrintCommands`): the window's
Print menu lists them all (`print_commands()`), and `preview_current()`
(Ctrl+Shift+P) previews the shown tab's main printout.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QTabWidget, QVBoxLayout, QWidget

from organizer.core.formats.catalog import FORMATS
from organizer.gui.clock.clock_tab import ClockTab
from organizer.gui.decks.decks_tab import DecksTab
from organizer.gui.kit.event_screen import EventTab, PrintingTab
from organizer.gui.kit.prompts import Prompts
from organizer.gui.penalties.penalties_tab import PenaltiesTab
from organizer.gui.players.players_tab import PlayersTab
from organizer.gui.pods.pods_tab import PodsTab
from organizer.gui.printouts.print_actions import PrintCommands
from organizer.gui.rounds.rounds_tab import RoundsTab
from organizer.gui.standings.standings_tab import StandingsTab
from organizer.gui.window.settings_dialog import open_event_settings
from organizer.services.changes import Changes
from organizer.storage.database import Database
from organizer.storage.records import EventRecord

TabFactory = Callable[[Database, int, Prompts], QWidget]


def coming_soon(what: str) -> TabFactory:
    def build(_db: Database, _event_id: int, _prompts: Prompts) -> QWidget:
        label = QLabel(f"Coming soon: {what}")
        label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        label.setStyleSheet("color: palette(placeholder-text);")
        return label

    return build


TABS: dict[str, TabFactory] = {
    "Players": PlayersTab,
    "Decks": DecksTab,
    "Rounds": RoundsTab,
    "Clock": ClockTab,
    "Standings": StandingsTab,
    "Pods": PodsTab,
    "Penalties": PenaltiesTab,
}

_TITLES = {f.id: f.title for f in FORMATS}


def event_details(event: EventRecord) -> str:
    parts = [
        event.date.isoformat() if event.date else "",
        _TITLES.get(event.format_id, event.format_id),
        f"best of {event.best_of}",
        f"{event.round_minutes}-minute rounds",
    ]
    if event.planned_rounds:
        parts.append(f"{event.planned_rounds} rounds planned")
    return "  ·  ".join(p for p in parts if p)


class EventView(QWidget):
    changes_applied = Signal(object)
    status_reported = Signal(str)

    def __init__(
        self, db: Database, event: EventRecord, prompts: Prompts, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.event_id = event.id
        self.db = db
        self.prompts = prompts
        self.format_id = event.format_id
        self.title_label = QLabel(event.name)
        font = self.title_label.font()
        font.setPointSizeF(font.pointSizeF() * 1.4)
        font.setBold(True)
        self.title_label.setFont(font)
        self.title_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.details_label = QLabel(event_details(event))
        self.settings_button = QPushButton("Settings…")
        self.settings_button.setToolTip(
            "Event settings: points, tiebreakers, paper, pods… (Ctrl+,)"
        )
        self.settings_button.clicked.connect(self.edit_settings)

        self.tabs = QTabWidget()
        self.tabs.setDocumentMode(True)
        for number, (title, factory) in enumerate(TABS.items(), start=1):
            page = factory(db, event.id, prompts)
            self.tabs.addTab(page, title)
            self.tabs.setTabToolTip(number - 1, f"Ctrl+{number}")
            shortcut = QShortcut(QKeySequence(f"Ctrl+{number}"), self)
            shortcut.activated.connect(lambda i=number - 1: self.tabs.setCurrentIndex(i))
            if isinstance(page, EventTab):
                page.changes_applied.connect(self.changes_applied.emit)
                page.status_reported.connect(self.status_reported.emit)
                page.changes_applied.connect(
                    lambda changes, source=page: self._share(changes, source)
                )

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        heading = QHBoxLayout()
        heading.addWidget(self.title_label, 1)
        heading.addWidget(self.settings_button)
        layout.addLayout(heading)
        layout.addWidget(self.details_label)
        layout.addSpacing(4)
        layout.addWidget(self.tabs, 1)

    def _share(self, changes: Changes, source: QWidget) -> None:
        """Let the other tabs refresh what `changes` names."""
        for i in range(self.tabs.count()):
            page = self.tabs.widget(i)
            if page is not source and isinstance(page, EventTab):
                page.refresh_for(changes)

    def apply_changes(self, changes: Changes) -> None:
        """A change made outside the tabs: every tab refreshes what it names, then the window."""
        self._share(changes, self)
        self.changes_applied.emit(changes)

    def edit_settings(self) -> None:
        """The Event settings dialog; what it saved is applied and reported."""
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
        self.status_reported.emit(f"Saved settings: {', '.join(dialog.saved)}.")

    def print_commands(self) -> list[PrintCommands]:
        """Every tab's printouts, in tab order."""
        found: list[PrintCommands] = []
        for i in range(self.tabs.count()):
            page = self.tabs.widget(i)
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

    def tab(self, title: str) -> QWidget | None:
        return self.tabs.widget(list(TABS).index(title))

    @property
    def players_tab(self) -> PlayersTab:
        page = self.tab("Players")
        assert isinstance(page, PlayersTab)
        return page

    @property
    def rounds_tab(self) -> RoundsTab:
        page = self.tab("Rounds")
        assert isinstance(page, RoundsTab)
        return page

    @property
    def standings_tab(self) -> StandingsTab:
        page = self.tab("Standings")
        assert isinstance(page, StandingsTab)
        return page
