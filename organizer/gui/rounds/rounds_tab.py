"""The Rounds tab: pairings round by round, and results typed in from the slips.

At the top the round shown (latest by default), how many results are still
missing and at which tables, and the commands Pair next round (Ctrl+P), Pair
again… (confirmed, naming the results it throws away) and Swap players….
Under them the result slip (`ResultEntry`, the fast keyboard path), a warning
line for what the services warn about (rematches after a swap, a corrected
result that later rounds were paired from), and the pairings table. Double
click (or Enter on) a pairing to start its slip.

A multiplayer (Conquest) event shows a row per table with every seat
(`TablesModel`), how the players split into tables (`pairing.table_split`,
read with the pairings off the UI thread) above them, and takes results by
seat number (`TableResultEntry`). Under the table: Sudden death…
(Ctrl+Shift+D) for the selected two-player table of a Warcaste event, and
Print (pairings by table and by name, match slips of the round shown;
`PrintCommands`).

Above the slip, a notice names what the players' own part needs from the TO:
before round 1, the lists still missing or illegal (Pair next round asks
before pairing past them, `services.deck_gate`); during a round, the tables
whose players reported results that disagree (`services.self_service`), also
said in the status bar when they appear.

Every change is one service call; the pairings are read again only when the
returned `Changes` (or another tab's, or another station's, through
`refresh_for`) names pairings, results or players. Reading the same round
again changes only the rows that differ: the slip being typed, the selection
and the scroll position stay. No rules live here: the services refuse and explain.
"""

from __future__ import annotations

from typing import NamedTuple

from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QSizePolicy,
    QStyle,
    QTableView,
    QVBoxLayout,
)

from organizer.core.event import Round
from organizer.core.formats.catalog import format_or_unknown
from organizer.core.views.round_view import RoundView
from organizer.gui.kit.actions import command
from organizer.gui.kit.elided_label import ElidedLabel
from organizer.gui.kit.entry_labels import sentence
from organizer.gui.kit.event_screen import EventScreen
from organizer.gui.kit.table_model import bold_font
from organizer.gui.kit.table_views import select_row_at, selected_item, setup_table
from organizer.gui.printouts.print_actions import PrintCommands
from organizer.gui.rounds.names_display import NamesDisplay
from organizer.gui.rounds.pairings_model import (
    MISSING,
    NO_TABLE,
    TABLE,
    PairingsModel,
    PairingsRead,
    read_pairings,
    round_rows,
)
from organizer.gui.rounds.players_part import (
    flagged_line,
    flagged_status,
    gate_line,
    gate_question,
)
from organizer.gui.rounds.result_entry import ResultEntry
from organizer.gui.rounds.rounds_text import (
    missing_text,
    pair_again_question,
    paired_text,
    recorded_text,
)
from organizer.gui.rounds.sudden_death_dialog import open_sudden_death, sudden_death_command
from organizer.gui.rounds.swap_dialog import SwapDialog
from organizer.gui.rounds.table_result_entry import TableResultEntry
from organizer.gui.rounds.tables_model import TablesModel
from organizer.gui.rounds.why_text import why_text
from organizer.services.decks.deck_gate import DeckGateError, deck_gate
from organizer.services.event.events import get_event
from organizer.services.kit.changes import Changes, Done
from organizer.services.phones.self_service import FlaggedTable, flagged_tables
from organizer.services.rounds import rewind
from organizer.services.rounds.pairing import (
    multiplayer,
    pair_next,
    repair_current,
    swap_players,
    table_split,
)
from organizer.services.rounds.results import ResultOutcome

TABLE_TEXTS = ("0000", NO_TABLE)
"""The widest a table number gets (2,000 tables and more: four digits)."""
RESULT_TEXTS = ("0-0-0", "bye", "draw", "loss", "win", MISSING)
"""The widest a result cell gets: a slip with draws, or a Conquest seat's line."""

WARNING_STYLE = (
    "QLabel { background: #fff4ce; color: #5c4300; border: 1px solid #e0c060;"
    " border-radius: 3px; padding: 4px 8px; }"
)


class PlayersPart(NamedTuple):
    """What the Rounds tab says about the players' own part (`players_part`)."""

    text: str
    flagged: tuple[FlaggedTable, ...]


class RoundsRead(NamedTuple):
    """What the Rounds tab shows, read on a worker thread."""

    pairings: PairingsRead
    players_part: PlayersPart
    split: str | None = None
    """A Conquest event's split of the players into tables for the next round, in words
    (`pairing.table_split`); None for two-player events and once the top cut started."""


class RoundsTab(EventScreen):
    title = "Rounds"
    touched_by = frozenset({"pairings", "results", "players"})
    reading_text = "Reading the pairings…"

    def build(self) -> None:
        self.event_record = get_event(self.db, self.event_id)
        self.multiplayer = multiplayer(self.event_record.format_id)
        info = format_or_unknown(self.event_record.format_id)  # none or unknown: plain rounds
        self.has_sudden_death = info.end_of_round == "sudden_death" and not self.multiplayer

        # The model sorts itself: a sorting proxy would ask data() 25,000 times to sort a
        # big round anew at every reset (pairings_model.py).
        self.model = (TablesModel if self.multiplayer else PairingsModel)(
            self.db, self.event_id, self, load=False
        )

        self.print_commands = PrintCommands(
            self, ("pairings", "pairings-by-name", "slips"), round_number=self.shown_round
        )
        self.names_display: NamesDisplay | None = None
        self._make_widgets()
        self._layout()
        self._connect()
        self._refresh_labels()

    # --- building -----------------------------------------------------------

    def _make_widgets(self) -> None:
        self.round_combo = QComboBox()
        self.round_combo.setMinimumContentsLength(12)
        self.round_label = QLabel("R&ound:")
        self.round_label.setBuddy(self.round_combo)
        self.status_label = ElidedLabel()
        font = self.status_label.font()
        font.setBold(True)
        self.status_label.setFont(font)

        self.entry: ResultEntry | TableResultEntry = (
            TableResultEntry(self.db, self.event_record, self.prompts, self.model)
            if self.multiplayer
            else ResultEntry(self.db, self.event_record, self.prompts, self.model)
        )
        self.slip_box = QGroupBox("Result slip")
        self.split_label = QLabel()
        self.split_label.setWordWrap(True)

        self.warning_label = QLabel()
        self.warning_label.setWordWrap(True)
        self.warning_label.setStyleSheet(WARNING_STYLE)
        self.warning_label.hide()
        self.players_label = QLabel()
        self.players_label.setObjectName("players_part")
        self.players_label.setWordWrap(True)
        self.players_label.setStyleSheet(WARNING_STYLE)
        self.players_label.hide()
        self.why_label = QLabel()  # the selected table's reasons (why_text.py)
        self.why_label.setObjectName("why_this_pairing")
        self.why_label.setWordWrap(True)
        self.why_label.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)
        self._flagged: tuple[int, ...] = ()
        self._players_part_stale = False

        self.table = QTableView()
        self.table.setModel(self.model)
        setup_table(self.table)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(TABLE, Qt.SortOrder.AscendingOrder)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Stretch)  # the players share the width
        result = self.model.columnCount() - 1
        for column, widest in ((TABLE, TABLE_TEXTS), (result, RESULT_TEXTS)):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Fixed)
            header.resizeSection(column, self._column_width(column, widest))
        if self.multiplayer:  # a line per seat
            rows = self.table.verticalHeader()
            rows.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)

    def _column_width(self, column: int, texts: tuple[str, ...]) -> int:
        """As wide as the column's header or the widest of `texts` (in bold), whichever is wider.

        Measured once: sized to its contents, a column is measured again, row by row
        through the model, after every reset and every slip recorded (some 1,600 calls
        into Python at 2,000 tables), for a width its header or a known widest text decides."""
        text = max(QFontMetrics(bold_font()).horizontalAdvance(t) for t in texts)
        margin = self.table.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin) + 1
        return max(self.table.horizontalHeader().sectionSizeHint(column), text + 4 * margin)

    def _layout(self) -> None:
        top = QHBoxLayout()
        top.addWidget(self.round_label)
        top.addWidget(self.round_combo)
        top.addSpacing(12)
        top.addWidget(self.status_label, 1)
        for button in (self.pair_next_round.button, self.pair_again.button, self.swap.button):
            top.addWidget(button)

        slip = QVBoxLayout(self.slip_box)
        slip.addWidget(self.entry)

        bottom = QHBoxLayout()
        bottom.addWidget(self.sudden_death.button)
        bottom.addWidget(self.go_back.button)
        bottom.addWidget(self.open_names_display.button)
        bottom.addStretch(1)
        bottom.addWidget(self.print_commands.button)

        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.players_label)
        layout.addWidget(self.slip_box)
        layout.addWidget(self.warning_label)
        layout.addWidget(self.split_label)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.why_label)
        layout.addLayout(bottom)
        self.split_label.setVisible(self.multiplayer)  # only once they have a parent
        self.sudden_death.button.setVisible(self.has_sudden_death)

    def _connect(self) -> None:
        self.round_combo.currentIndexChanged.connect(self._round_chosen)
        self.entry.table_chosen.connect(self._highlight_table)
        self.entry.result_recorded.connect(self._recorded)
        self.table.activated.connect(self._pairing_activated)
        self.table.doubleClicked.connect(self._pairing_activated)
        self.model.modelReset.connect(self._refresh_labels)
        self.model.dataChanged.connect(lambda *_: self._refresh_labels())
        self.table.selectionModel().selectionChanged.connect(lambda *_: self._refresh_sudden())
        self.table.selectionModel().selectionChanged.connect(lambda *_: self._show_why())
        self.model.modelReset.connect(self._show_why)

    # --- the round shown ------------------------------------------------------

    def shown_round(self) -> int | None:
        return self.model.round_number

    def show_round(self, number: int) -> None:
        index = self.round_combo.findData(number)
        if index >= 0:
            self.round_combo.setCurrentIndex(index)

    def _fill_rounds(self) -> None:
        self.round_combo.blockSignals(True)
        self.round_combo.clear()
        event = self.model.event_data
        for r in event.rounds:
            label = f"Round {r.number}" + (" (top cut)" if r.stage == "elimination" else "")
            self.round_combo.addItem(label, r.number)
        if not event.rounds:
            self.round_combo.addItem("No rounds yet", None)
        shown = self.model.round_number
        self.round_combo.setCurrentIndex(max(0, self.round_combo.findData(shown)))
        self.round_combo.setEnabled(bool(event.rounds))
        self.round_combo.blockSignals(False)

    def _round_chosen(self, index: int) -> None:
        """Another round chosen: its rows (points before it: every earlier result
        tallied, a few tenths of a second at 4,096 players) are made off the UI thread."""
        number = self.round_combo.itemData(index)
        if number is None or number == self.model.round_number:
            return
        event, chosen = self.model.event_data, self.model.round(int(number))
        if chosen is None:
            return
        rows = self.prompts.attempt_off_ui(
            "Rounds", f"Reading round {number}…", lambda: round_rows(event, chosen)
        )
        if rows is not None:
            self.model.show_rows(int(number), rows)
            self.entry.clear()

    def _highlight_table(self, table: int | None) -> None:
        select_row_at(self.table, None if table is None else self.model.row_of_table(table))

    def _pairing_activated(self, index: QModelIndex) -> None:
        row = self.model.row_at(index.row())
        if row.table is not None:
            self.entry.set_table(row.table)

    # --- commands -------------------------------------------------------------

    @command(
        "&Pair next round",
        "Ctrl+P",
        tip="Swiss pairings for the next round, once every result is in",
    )
    def pair_next_round(self) -> None:
        """Pair; when the deck gate stops round 1 (decided under the pairing's own lock),
        ask the TO, as a slip asks before replacing a result, and pair past it if told."""
        stopped = self._pair_next(allow_missing_decks=False)
        if stopped is None:
            return
        if not self.prompts.confirm("Pair next round", gate_question(stopped.gate)):
            self.status_reported.emit("Not paired: fix the lists in the Decks tab first.")
            return
        self._pair_next(allow_missing_decks=True)

    def _pair_next(self, *, allow_missing_decks: bool) -> DeckGateError | None:
        """Pair the next round (`write`); the deck gate's stop is returned, not shown."""
        stopped: list[DeckGateError] = []

        def pair() -> Done[RoundView] | None:
            try:
                return pair_next(
                    self.db, event_id=self.event_id, allow_missing_decks=allow_missing_decks
                )
            except DeckGateError as gate:  # a question for the TO, not a failure
                stopped.append(gate)
                return None

        self.write(
            "Pair next round",
            pair,
            lambda done: self._paired(done, "Paired"),
            busy="Pairing the next round…",
        )
        return stopped[0] if stopped else None

    @command("Pair a&gain…", tip="Throw the latest round away and pair it again")
    def pair_again(self) -> None:
        latest = self.model.round(self.model.latest_round())
        if latest is None:
            self.prompts.warn("Pair again", "There is no round to pair again yet.")
            return
        if not self.prompts.confirm("Pair again", pair_again_question(latest)):
            return
        self.write(
            "Pair again",
            lambda: repair_current(self.db, event_id=self.event_id, confirmed=True),
            lambda done: self._paired(done, "Paired again"),
            busy="Pairing the round again…",
        )

    @command(
        "Go bac&k to before this round…",
        tip="Return the event to just before the round shown was paired (undo brings it back)",
    )
    def go_back(self) -> None:
        """Rewind to before the round shown, after showing what goes (issue 34)."""
        number = self.model.round_number
        if number is None:
            self.prompts.warn("Go back", "There is no round to go back before yet.")
            return
        title = f"Go back to before round {number}"
        plan = self.prompts.attempt(
            title, lambda: rewind.plan(self.db, event_id=self.event_id, round_number=number)
        )
        if plan is None or not self.prompts.confirm(title, "\n".join(plan.describe())):
            return

        def shown(done: Done[rewind.RewindPlan]) -> str:
            self.refresh()
            return f"Went back to before round {number} was paired (Undo brings it back)."

        self.write(
            title,
            lambda: rewind.rewind(self.db, event_id=self.event_id, round_number=number),
            shown,
        )

    @command("Names on the pro&jector", tip="The pairings by name in a window for the room")
    def open_names_display(self) -> NamesDisplay:
        """A second window (names_display.py); one per tab, raised when open already."""
        if self.names_display is None:
            self.names_display = NamesDisplay(
                self.db, self.event_id, event_name=self.event_record.name, parent=self
            )
        self.names_display.show()
        self.names_display.raise_()
        return self.names_display

    def _paired(self, outcome: Done[RoundView], verb: str) -> str:
        """The round the write returned, shown as it is (the event is not read again)."""
        self.model.show_view(outcome.value)
        self._fill_rounds()
        self.show_round(outcome.value.number)
        self._show_warnings(outcome.warnings)
        self._refresh_players_part()
        self.entry.clear()
        self.entry.focus_table()
        return paired_text(outcome.value.round, verb)

    @command("S&wap players…", tip="Trade two players' seats in the latest round")
    def swap(self) -> None:
        latest = self.model.latest_round()
        if latest is None:
            self.prompts.warn("Swap players", "There is no round to edit yet.")
            return
        self.show_round(latest)
        rows = self.model.rows_by_table()
        dialog = SwapDialog(latest, rows, self)
        if not self.prompts.accepted(dialog):
            return
        a, b = dialog.players()

        def shown(swapped: Done[Round]) -> str:
            self.refresh()
            self._show_warnings(swapped.warnings)
            names: dict[str, str] = {p.id: p.name for p in self.model.event_data.players}
            return f"Round {latest}: swapped {names.get(a, a)} and {names.get(b, b)}."

        self.write(
            "Swap players",
            lambda: swap_players(self.db, event_id=self.event_id, player_a=a, player_b=b),
            shown,
        )

    def _show_why(self) -> None:
        """Why the selected table (or bye) was paired as it was (issue 34)."""
        rows = self.table.selectionModel().selectedRows()
        if self.multiplayer or not rows:
            self.why_label.clear()
            return
        row = self.model.row_at(rows[0].row())
        event = self.model.event_data
        self.why_label.setText(why_text(event, self.model.round(), row.table, row.is_bye))

    def selected_table(self) -> int | None:
        return selected_item(self.table, lambda row: self.model.row_at(row).table)

    @sudden_death_command
    def sudden_death(self) -> None:
        """The selected two-player table's sudden death, in the judge's dialog."""
        table = self.selected_table()
        if table is None or not self.sudden_death.action.isEnabled():
            return
        number = self.model.round_number
        changes = open_sudden_death(self, table, round_number=number)
        if changes:
            self.refresh_for(changes)
            self.announce(changes, f"Round {number} table {table}: sudden death recorded.")

    # --- after a change ---------------------------------------------------------

    def _recorded(self, outcome: Done[ResultOutcome]) -> None:
        self._show_warnings(outcome.warnings)
        result = outcome.value
        in_place = (
            not outcome.changes.players  # a drop box ticked changes names elsewhere too
            and not self.multiplayer
            and not result.continues  # a drawn playoff game leaves the match open
            and self.model.apply_result(result.round_number, result.table, result.recorded)
        )
        if in_place:
            self._refresh_labels()
            self._refresh_players_part()
        else:
            self.refresh_for(outcome.changes)
        row = self.model.row_of_table(outcome.value.table) if self.multiplayer else None
        said = None if row is None else self.model.row_at(row).result_text()
        self.announce(outcome.changes, recorded_text(outcome.value, said))

    def read(self) -> RoundsRead:
        """The round shown, or the latest if a round was paired elsewhere (a top cut); and
        the players' part (the deck gate, the disagreeing reports) as of that read."""
        shown, latest = self.model.round_number, self.model.latest_round()
        read = read_pairings(self.db, self.event_id, shown)
        rounds = read.event.rounds
        if latest is not None and rounds and rounds[-1].number != latest:
            read = PairingsRead(read.event, rounds[-1].number, round_rows(read.event, rounds[-1]))
        split = (
            table_split(self.db, event_id=self.event_id, event=read.event)
            if self.multiplayer
            else None
        )
        return RoundsRead(read, self._read_players_part(has_round=bool(rounds)), split)

    def show_read(self, read: RoundsRead) -> None:
        """The pairings read again; a round paired elsewhere (a top cut) is shown."""
        if read.pairings.round_number != self.model.round_number:
            self.entry.clear()
        self.split_label.setText(f"Seating for the next round: {read.split}" if read.split else "")
        self.model.show_read(read.pairings)
        self._fill_rounds()
        self._show_players_part(read.players_part)

    def refresh_for(self, changes: Changes) -> None:
        """The pairings as every screen reads them; the deck gate and the players' reports
        also follow the lists and reports that change no pairing row, read only when in
        sight (lists arriving from phones every second must not cost a hidden tab a read).
        A change the screen is touched by reads both (`read`)."""
        super().refresh_for(changes)
        if changes.decks and not self.touches(changes):
            if self.isVisible():
                self._refresh_players_part()
            else:
                self._players_part_stale = True

    def _show_warnings(self, warnings: tuple[str, ...]) -> None:
        self.warning_label.setText("\n".join(f"⚠ {sentence(w)}" for w in warnings))
        self.warning_label.setVisible(bool(warnings))

    def _refresh_labels(self) -> None:
        number = self.model.round_number
        if number is None:
            self.status_label.setText("No rounds yet: register the players, then Pair next round.")
        else:
            self.status_label.setText(
                missing_text(number, self.model.missing_tables(), self.model.match_count())
            )
        has_round = self.model.latest_round() is not None
        self.pair_again.action.setEnabled(has_round)
        self.swap.action.setEnabled(has_round)
        self.entry.setEnabled(has_round)
        self.setFocusProxy(self.entry.table_edit if has_round else self.pair_next_round.button)
        self._refresh_sudden()

    def _refresh_players_part(self) -> None:
        """Read the players' part again and show it (after a write of this tab's, or lists
        that change no pairing row)."""
        has_round = self.model.latest_round() is not None
        self._show_players_part(self._read_players_part(has_round=has_round))

    def _read_players_part(self, *, has_round: bool) -> PlayersPart:
        """The deck gate before round 1, or the tables whose players' reports disagree."""
        if not has_round:
            return PlayersPart(gate_line(deck_gate(self.db, event_id=self.event_id)), ())
        flagged = flagged_tables(self.db, event_id=self.event_id)
        return PlayersPart(flagged_line(flagged), flagged)

    def _show_players_part(self, part: PlayersPart) -> None:
        self._players_part_stale = False
        text, flagged = part
        self.players_label.setText(text)
        self.players_label.setVisible(bool(text))
        tables = tuple(f.table for f in flagged)
        if tables and set(tables) - set(self._flagged):
            self.status_reported.emit(flagged_status(flagged))
        self._flagged = tables

    def _refresh_sudden(self) -> None:
        table = self.selected_table()
        row = None if table is None else self.model.row_of_table(table)
        two = row is not None and len(self.model.row_at(row).players) == 2
        self.sudden_death.action.setEnabled(self.has_sudden_death and two)

    def shown(self) -> None:
        """The keyboard goes to the slip, also when Qt gave it to Pair next round before
        the round was read (a tab shown for the first time reads after it is shown)."""
        if self._players_part_stale:
            self._refresh_players_part()
        focus = QApplication.focusWidget()
        early = focus is self.pair_next_round.button and self.entry.isEnabled()
        if focus is None or not self.isAncestorOf(focus) or early:
            self._focus_start()

    def _focus_start(self) -> None:
        """The next slip's table number, or Pair next round before the first round."""
        if self.entry.isEnabled():
            self.entry.focus_table()
        else:
            self.pair_next_round.button.setFocus(Qt.FocusReason.OtherFocusReason)
