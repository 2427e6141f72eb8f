"""The Decks tab: every player's deck list, checked against the format's deck rules.

At the top the card pool bar (which pools are loaded, Import card pool…, Load
sample pool). On the left the players with their deck status (missing,
legal, illegal, accepted), "Missing or illegal only" for chasing players
before round 1, the count "12 of 40 decks in; 3 illegal", and the deck checks
line with "Deck checks…" (pick tables, record outcomes). On the right the
selected player's `DeckEditor`. Print (`PrintCommands`) gives the
submitted lists as deck sheets and blank deck forms for registration.

Other tabs change what this one shows (a player registered, round 1 paired
and the lists locked): the event view hands their `Changes` to `refresh_for`,
and the tab reads its data again, as after every change of its own.
Unsubmitted edits are never thrown away without asking. No rules here: every
read and write is a service call.
"""

from __future__ import annotations

import itertools
from typing import NamedTuple

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QHBoxLayout,
    QLabel,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from organizer.core.formats.catalog import format_or_unknown
from organizer.core.names import sort_key
from organizer.gui.decks.card_pool_bar import CardPoolBar
from organizer.gui.decks.deck_checks_dialog import DeckChecksDialog
from organizer.gui.decks.deck_checks_model import checked_text
from organizer.gui.decks.deck_editor import DeckEditor
from organizer.gui.decks.deck_status_model import (
    FROM_COLUMN,
    DeckStatusFilter,
    DeckStatusModel,
    natural_key,
)
from organizer.gui.kit.actions import command
from organizer.gui.kit.elided_label import ElidedLabel
from organizer.gui.kit.event_screen import EventScreen
from organizer.gui.kit.table_views import rows_table, select_row, selected_index
from organizer.gui.printouts.print_actions import PrintCommands
from organizer.services.decks.cardpools import stored_pools
from organizer.services.decks.decks import DeckStatus, deck_text, lists_locked
from organizer.services.event.events import get_event
from organizer.services.judging import deck_checks
from organizer.services.judging.deck_checks import DeckCheckSummary
from organizer.services.kit.changes import Changes, Done
from organizer.services.phones import phone_lists
from organizer.services.phones.phone_lists import ListOrigin


class DecksRead(NamedTuple):
    """What the Decks tab shows, read on a worker thread."""

    decks: tuple[DeckStatus, ...]
    locked: bool
    checks: DeckCheckSummary
    origins: dict[int, ListOrigin]
    """Where each stored list came from (a phone, locked)."""
    pools: list[tuple[str, str, int]]
    """The card pools loaded (`stored_pools`), for the bar on top."""


class DecksTab(EventScreen):
    title = "Decks"
    touched_by = frozenset({"players", "decks", "pairings"})
    reading_text = "Reading the deck lists…"

    def build(self) -> None:
        self._syncing = False
        self._checks: DeckCheckSummary | None = None
        self._locked = False
        """The event's lists locked (`lists_locked`), as last read."""
        game = format_or_unknown(get_event(self.db, self.event_id).format_id).game

        self.model = DeckStatusModel(self.db, self.event_id, self, load=False)
        self.proxy = DeckStatusFilter(self)
        self.proxy.setSourceModel(self.model)
        self.pool_bar = CardPoolBar(self.db, self.event_id, self.prompts, game=game)
        self.editor = DeckEditor(self.db, self.event_id, self.prompts)
        self.print_commands = PrintCommands(self, ("decklists", "blank-decklists"))
        # The editor's shortcuts (Ctrl+Enter, Ctrl+S) work from anywhere in the tab.
        self.addActions(self.editor.actions())

        self._make_widgets()
        self._layout()
        self._connect()

    # --- building -----------------------------------------------------------

    def _make_widgets(self) -> None:
        self.table = rows_table(self.proxy, 1, sorted_by=0)
        header = self.table.horizontalHeader()
        for column in (3, 4):  # counts need little room: no space kept for a sort arrow
            title = str(self.model.headerData(column, Qt.Orientation.Horizontal))
            header.resizeSection(column, header.fontMetrics().horizontalAdvance(title) + 14)
        # When a list came from a phone: as wide as "00:00, locked", so the names keep room.
        header.resizeSection(
            FROM_COLUMN, self.table.fontMetrics().horizontalAdvance("00:00, locked") + 16
        )
        self.table_label = QLabel("&Players:")
        self.table_label.setBuddy(self.table)

        self.chase_check = QCheckBox("Missing or illegal onl&y")
        self.chase_check.setToolTip("The lists still to chase before round 1")
        self.count_label = ElidedLabel()
        self.checks_label = ElidedLabel()

    def _layout(self) -> None:
        filter_row = QHBoxLayout()
        filter_row.addWidget(self.table_label)
        filter_row.addStretch(1)
        filter_row.addWidget(self.chase_check)
        filter_row.addWidget(self.print_commands.button)

        checks_row = QHBoxLayout()
        checks_row.addWidget(self.toggle_lock.button)  # a phone's list; on a row of its own with
        checks_row.addStretch(1)  # the checks button, so no row widens the window
        checks_row.addWidget(self.open_deck_checks.button)

        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addLayout(filter_row)
        left_layout.addWidget(self.table, 1)
        left_layout.addWidget(self.count_label)
        left_layout.addWidget(self.checks_label)
        left_layout.addLayout(checks_row)

        self.splitter = QSplitter()
        self.splitter.addWidget(left)
        self.splitter.addWidget(self.editor)
        self.splitter.setStretchFactor(0, 2)
        self.splitter.setStretchFactor(1, 3)
        self.splitter.setSizes([470, 530])  # room for names; the rest for the list
        self.splitter.setChildrenCollapsible(False)

        layout = QVBoxLayout(self)
        layout.addWidget(self.pool_bar)
        layout.addWidget(self.splitter, 1)

        # Tab goes top to bottom, left to right: pool, players, then the editor.
        order = [
            self.pool_bar.load_sample.button,
            self.pool_bar.import_file.button,
            self.chase_check,
            self.toggle_lock.button,
            self.print_commands.button,
            self.table,
            self.open_deck_checks.button,
            *self.editor.tab_order(),
        ]
        for first, second in itertools.pairwise(order):
            QWidget.setTabOrder(first, second)

    def _connect(self) -> None:
        self.table.selectionModel().selectionChanged.connect(lambda *_: self._selection_changed())
        self.table.activated.connect(lambda _index: self.editor.text_edit.setFocus())
        self.chase_check.toggled.connect(self._chase_toggled)
        self.editor.changes_applied.connect(self._apply)
        self.editor.status_reported.connect(self.status_reported.emit)
        self.pool_bar.changes_applied.connect(self._pool_changed)
        self.pool_bar.status_reported.connect(self.status_reported.emit)

    # --- reading the screen -------------------------------------------------

    def selected_deck(self) -> DeckStatus | None:
        index = selected_index(self.table)
        return None if index is None else self.model.deck_at(self.proxy.mapToSource(index).row())

    def select_player(self, registration_id: int) -> bool:
        """Select the player's row (if the filter shows it); False when it is not shown."""
        row = self.model.row_of(registration_id)
        index = self.proxy.mapFromSource(self.model.index(row, 0)) if row is not None else None
        if index is None or not index.isValid():
            return False
        select_row(self.table, index)
        return True

    def _reselect_quietly(self, registration_id: int | None) -> None:
        self._syncing = True
        try:
            if registration_id is None or not self.select_player(registration_id):
                self.table.selectionModel().clearSelection()
        finally:
            self._syncing = False

    # --- reacting -----------------------------------------------------------

    @command(
        "&Lock list",
        tip="Lock the selected player's list against changes from the players' page (or unlock it)",
    )
    def toggle_lock(self) -> None:
        """Lock the selected list against the player's changes from the page, or unlock it."""
        deck = self.selected_deck()
        origin = None if deck is None else self.model.origin_of(deck.registration_id)
        if deck is None or origin is None:
            return

        def shown(done: Done[None]) -> str:
            self._reread(done.changes)
            return f"{deck.name}'s list {'unlocked' if origin.locked else 'locked'}."

        self.write(
            "Lock list",
            lambda: phone_lists.set_locked(
                self.db,
                event_id=self.event_id,
                registration_id=deck.registration_id,
                locked_=not origin.locked,
            ),
            shown,
        )

    def _refresh_lock(self) -> None:
        deck = self.selected_deck()
        origin = None if deck is None else self.model.origin_of(deck.registration_id)
        self.toggle_lock.action.setEnabled(origin is not None)
        self.toggle_lock.action.setText(
            "Un&lock list" if origin and origin.locked else "&Lock list"
        )

    def _selection_changed(self) -> None:
        self._refresh_lock()
        if self._syncing:
            return
        deck = self.selected_deck()
        if deck is None:
            return  # the editor keeps its player (filtered out, say) until another is chosen
        if deck.registration_id == self.editor.registration_id:
            self.editor.update_player(deck, locked=self._locked)
            return
        if self.editor.is_dirty() and not self._discard_edits():
            self._reselect_quietly(self.editor.registration_id)
            return
        text = self.prompts.attempt(
            "Deck list", lambda: deck_text(self.db, registration_id=deck.registration_id)
        )
        self.editor.show_player(deck, locked=self._locked, text=text or "")

    def _discard_edits(self) -> bool:
        player = self.editor.player
        name = player.name if player else "this player"
        return self.prompts.confirm(
            "Unsubmitted list",
            f"{name}'s list has changes that were not submitted.\n\nDiscard them?",
        )

    def _chase_toggled(self, on: bool) -> None:
        keep = self.editor.registration_id
        self.proxy.set_to_chase(on)
        self._reselect_quietly(keep)
        self._refresh_labels()

    def read(self) -> DecksRead:
        statuses, origins = self.model.read_both()
        decks = tuple(statuses)
        for deck in decks:  # the sort keys are cached: made here, not on the UI thread
            sort_key(deck.name)
            natural_key(deck.code)
        return DecksRead(
            decks,
            lists_locked(self.db, event_id=self.event_id),
            deck_checks.summary(self.db, event_id=self.event_id),
            origins,
            stored_pools(self.db),
        )

    def show_read(self, read: DecksRead) -> None:
        """Every status read, keeping the selection and the text being edited."""
        keep = self.editor.registration_id
        self._locked = read.locked
        self._syncing = True
        try:
            self.model.show(read.decks, read.origins)
            # the Phone column only once a list came from a phone: names keep the room
            phones = any(o.by_player or o.locked for o in read.origins.values())
            self.table.setColumnHidden(FROM_COLUMN, not phones)
        finally:
            self._syncing = False
        self._reselect_quietly(keep)
        self.pool_bar.show_pools(read.pools)
        if keep is not None:
            self.editor.update_player(self.model.deck_of(keep), locked=self._locked)
        self._checks = read.checks
        self._refresh_labels()

    def _reread(self, changes: Changes) -> None:
        if changes.decks or changes.players:
            self.refresh()

    def _apply(self, changes: Changes) -> None:
        """A write of the editor's or the card pool bar's: read again, and pass it on."""
        self._reread(changes)
        self.announce(changes)

    def _pool_changed(self, changes: Changes) -> None:
        self._apply(changes)
        self.editor.check_quietly()  # the new cards may change the findings

    @command(
        "Deck &checks…",
        tip="Pick tables of the current round for deck checks; record what was found",
    )
    def open_deck_checks(self) -> None:
        dialog = DeckChecksDialog(self.db, self.event_id, self.prompts, self)
        self.relay(dialog)
        dialog.changes_applied.connect(self._checks_changed)  # the line under it stays true
        self.prompts.run_dialog(dialog)
        self._checks_changed()

    def _checks_changed(self) -> None:
        self._checks = self.prompts.attempt(
            "Deck checks", lambda: deck_checks.summary(self.db, event_id=self.event_id)
        )
        self._refresh_labels()

    def _refresh_labels(self) -> None:
        self._refresh_lock()
        self.count_label.setText(self.model.counts().summary())
        found = self._checks
        if found is not None:
            text = checked_text(found) if found.tables_played else "No round paired yet"
            self.checks_label.setText(f"Deck checks: {text}")
