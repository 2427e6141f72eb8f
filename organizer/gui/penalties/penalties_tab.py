"""`PenaltiesTab`: record penalties from the keyboard and read the judge log.

On top the `PenaltyEntry` (player, category, penalty, note, judge, Enter);
under it the log (`PenaltiesModel`), which follows the player being typed so
their history, upgrades marked, is in sight before the penalty is given.
Remove… (Delete) takes a wrongly entered penalty back after asking why; it
stays on the log, struck through, when "Show removed" is ticked. Print offers
the penalty report. Everything goes through `services.penalties`; nothing of
this is ever on the players' page.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
)

from organizer.core.views.wording import counted
from organizer.gui.kit.actions import make_action
from organizer.gui.kit.entry_labels import sentence
from organizer.gui.kit.event_screen import EventScreen
from organizer.gui.kit.table_views import rows_table, select_row_at, selected_item
from organizer.gui.penalties.penalties_model import PenaltiesModel
from organizer.gui.penalties.penalty_entry import EntryRead, PenaltyEntry
from organizer.gui.printouts.print_actions import PrintCommands
from organizer.services.judging import penalties
from organizer.services.judging.penalties import LogLine
from organizer.services.kit.changes import Done
from organizer.storage.penalties_repo import PenaltyRecord

NOTE_COLUMN = 8
EFFECT_COLUMN = 9


class PenaltiesTab(EventScreen):
    """Read when first shown, not when the event opens, and again after a change to
    penalties, players, pairings, results or settings (categories): at once if shown,
    else when next shown, off the UI thread (`EventScreen`)."""

    title = "Penalties"
    touched_by = frozenset({"penalties", "players", "pairings", "results", "events"})

    def build(self) -> None:
        self.entry = PenaltyEntry(self.db, self.event_id, self.prompts)
        self.model = PenaltiesModel(self.db, self.event_id, self, load=False)
        self.print_commands = PrintCommands(self, ("penalties",))

        self.table = rows_table(self.model, NOTE_COLUMN, EFFECT_COLUMN)  # long texts stretch
        self.log_label = QLabel()
        self.removed_box = QCheckBox("Show &removed")
        self.removed_box.setToolTip("Show penalties taken back, struck through")
        self.remove_button = QPushButton("Re&move…")
        self.remove_button.setToolTip("Take back the selected penalty, entered by mistake (Del)")
        self.remove_action = make_action(
            self.table,
            "Remove penalty",
            self.remove_selected,
            "Del",
            context=Qt.ShortcutContext.WidgetShortcut,
        )

        top = QHBoxLayout()
        top.addWidget(self.log_label, 1)
        top.addWidget(self.removed_box)
        top.addWidget(self.remove_button)
        top.addWidget(self.print_commands.button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.entry)
        layout.addSpacing(6)
        layout.addLayout(top)
        layout.addWidget(self.table, 1)

        self.entry.penalty_recorded.connect(self._recorded)
        self.entry.player_chosen.connect(self._follow_player)
        self.removed_box.toggled.connect(self._toggle_removed)
        self.remove_button.clicked.connect(self.remove_selected)
        self.table.selectionModel().selectionChanged.connect(lambda *_: self._refresh_buttons())
        self.model.modelReset.connect(self._refresh_buttons)
        self._show_count()
        self._refresh_buttons()

    # --- reading --------------------------------------------------------------------

    def shown(self) -> None:
        self.entry.focus_player()

    def read(self) -> tuple[EntryRead, list[LogLine]]:
        return self.entry.read(), self.model.read()

    def show_read(self, read: tuple[EntryRead, list[LogLine]]) -> None:
        entry, lines = read
        self.entry.show_read(entry)
        self.model.show_lines(lines)
        self._show_count()

    # --- commands -----------------------------------------------------------------

    def selected(self) -> PenaltyRecord | None:
        return selected_item(self.table, lambda row: self.model.row_at(row).record)

    def remove_selected(self) -> None:
        chosen = self.selected()
        if chosen is None or chosen.removed:
            return
        reason = self.prompts.ask_text(
            "Remove penalty",
            f"Remove #{chosen.id}, the {chosen.penalty} for {chosen.name} ({chosen.category})?\n"
            "It stays on the log, struck through; what it did to a score or a drop is undone.\n"
            "Why?",
        )
        if not reason:
            return

        def shown(done: Done[PenaltyRecord]) -> str:
            self.refresh()
            said = f"Removed #{chosen.id}: {chosen.penalty} for {chosen.name}."
            return said + "".join(f" {sentence(w)}" for w in done.warnings)

        self.write(
            "Remove penalty",
            lambda: penalties.remove_penalty(
                self.db, event_id=self.event_id, penalty_id=chosen.id, reason=reason
            ),
            shown,
        )

    # --- showing ------------------------------------------------------------------

    def _recorded(self, done: Done[LogLine]) -> None:
        self.model.show_player(None)
        self.refresh()  # a drop or a result changes where players stand: read off the UI
        select_row_at(self.table, self.model.row_of(done.value.record.id))
        self._show_count()
        r = done.value.record
        self.announce(done.changes, f"Recorded #{r.id}: {r.penalty} for {r.name}.")

    def _follow_player(self, code: str | None) -> None:
        self.model.show_player(code)
        self._show_count()

    def _toggle_removed(self, shown: bool) -> None:
        self.model.set_show_removed(shown)
        self._show_count()

    def _show_count(self) -> None:
        shown = self.model.rowCount()
        count = counted(shown, "penalty", "penalties")
        if self.model.player is not None:
            who = self.entry.players.get(self.model.player)
            name = who.name if who else self.model.player
            self.log_label.setText(f"History of {name}: {count}")
        else:
            self.log_label.setText(f"Judge log: {count}")

    def _refresh_buttons(self) -> None:
        chosen = self.selected()
        self.remove_button.setEnabled(chosen is not None and not chosen.removed)
