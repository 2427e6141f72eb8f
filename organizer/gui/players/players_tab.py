"""The Players tab: registration at the counter.

Quick add at the top (type a name, Enter registers it and the cursor stays for
the next one), search as you type (Ctrl+F), the players table, and the
commands Edit (F2, double click), Drop (Delete, confirmed), Undrop, Undo
(Ctrl+Z, named after what it undoes), Fixed table and Import CSV. Every command is a
QAction with a shortcut and a button with a mnemonic.

Each change is one service call through the tab's `write`; the table is read
again only when the returned `Changes` names players. No rules live here.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt, QTimer, Signal
from PySide6.QtGui import QKeyEvent, QKeySequence
from PySide6.QtWidgets import (
    QLabel,
    QLineEdit,
    QListView,
)

from organizer.core.names import sort_key
from organizer.core.people.search import Known
from organizer.core.views.wording import plural
from organizer.gui.kit.actions import command, push_button
from organizer.gui.kit.elided_label import ElidedLabel
from organizer.gui.kit.entry_labels import focus_selected
from organizer.gui.kit.event_screen import EventScreen
from organizer.gui.kit.layouts import STRETCH, column, row
from organizer.gui.kit.table_views import rows_table, select_row, selected_index
from organizer.gui.players.checkin_display import CheckinDisplay
from organizer.gui.players.csv_import import (
    ImportReportDialog,
    import_with_progress,
    report_headline,
)
from organizer.gui.players.fixed_table_dialog import FixedTableDialog
from organizer.gui.players.people_search import OffersModel, PeopleSearch
from organizer.gui.players.player_cards import issue_and_preview, locks_text
from organizer.gui.players.player_dialog import PlayerDialog
from organizer.gui.players.players_model import PlayersFilter, PlayersModel
from organizer.services.clock.clock import utcnow
from organizer.services.event.events import get_event
from organizer.services.kit.changes import Done
from organizer.services.phones import pins
from organizer.services.players import fixed_seats
from organizer.services.players.door import check_in, set_paid
from organizer.services.players.registration import (
    add_player,
    edit_player,
    list_players,
    set_dropped,
)
from organizer.services.rounds.rewind import next_undo, undo_last
from organizer.storage.journal_repo import JournalEntry
from organizer.storage.records import PlayerRecord


class QuickAddEdit(QLineEdit):
    """A line edit that lets Ctrl+Z through to the tab's Undo while it is empty, and
    Up and Down to the known people offered under it."""

    moved = Signal(int)

    def keyPressEvent(self, e: QKeyEvent) -> None:
        step = {Qt.Key.Key_Up: -1, Qt.Key.Key_Down: 1}.get(Qt.Key(e.key()))
        if step is not None:
            self.moved.emit(step)
            return
        super().keyPressEvent(e)

    def event(self, e: QEvent) -> bool:
        if (
            e.type() == QEvent.Type.ShortcutOverride
            and isinstance(e, QKeyEvent)
            and e.matches(QKeySequence.StandardKey.Undo)
            and not self.text()
        ):
            e.ignore()
            return True
        return super().event(e)


class PlayersTab(EventScreen):
    title = "Players"
    touched_by = frozenset({"players"})
    reading_text = "Reading the players…"

    def build(self) -> None:
        self._select: int | None = None
        """The player to select once the players are read again (one just registered)."""
        self.checkin_display: CheckinDisplay | None = None

        self.model = PlayersModel(self.db, self.event_id, self, load=False)
        self.proxy = PlayersFilter(self)
        self.proxy.setSourceModel(self.model)

        self._make_widgets()
        self._layout()
        self._connect()
        self._refresh_labels()

    # --- building -----------------------------------------------------------

    def _make_widgets(self) -> None:
        self.quick_add_edit = QuickAddEdit()
        self.quick_add_edit.setPlaceholderText("Type a name and press Enter")
        self.quick_add_edit.setClearButtonEnabled(True)
        self.quick_add_label = QLabel("&Quick add:")
        self.quick_add_label.setBuddy(self.quick_add_edit)
        self.add_button = push_button("&Add", self.quick_add, tip="Register the name typed (Enter)")
        self.people_search = PeopleSearch(self.db, self)
        self.offers_model = OffersModel(self)
        self.offers_view = QListView()
        self.offers_view.setObjectName("known_people")
        self.offers_view.setModel(self.offers_model)
        self.offers_view.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # typing stays in the line
        self.offers_view.hide()

        self.warning_label = QLabel()
        self.warning_label.setWordWrap(True)
        self.warning_label.setStyleSheet(
            "QLabel { background: #fff4ce; color: #5c4300; border: 1px solid #e0c060;"
            " border-radius: 3px; padding: 4px 8px; }"
        )
        self.warning_label.hide()

        self.search_edit = QLineEdit()
        self.search_edit.setPlaceholderText("Name, id or e-mail (Ctrl+F)")
        self.search_edit.setClearButtonEnabled(True)
        self.search_label = QLabel("Searc&h:")
        self.search_label.setBuddy(self.search_edit)
        self.count_label = ElidedLabel()
        self.checkin_edit = QLineEdit()
        self.checkin_edit.setPlaceholderText("Id, or scan (Enter)")
        self.checkin_edit.setToolTip("Type or scan a player's id and press Enter to check them in")
        self.checkin_label = QLabel("Check in b&y id:")
        self.checkin_label.setBuddy(self.checkin_edit)
        self.locks_label = QLabel()
        self.locks_label.setObjectName("signin_locks")
        self.locks_label.setWordWrap(True)
        self.locks_label.setStyleSheet(self.warning_label.styleSheet())
        self.locks_label.hide()
        self.lift_locks.button.hide()

        self.table = rows_table(self.proxy, 2, 3, sorted_by=0)  # name and e-mail stretch

    def _layout(self) -> None:
        column(
            row(
                self.quick_add_label,
                (self.quick_add_edit, 1),
                self.add_button,
                self.add_with_details.button,
            ),
            self.offers_view,
            self.warning_label,
            row((self.locks_label, 1), self.lift_locks.button),
            row(
                self.search_label,
                (self.search_edit, 1),
                12,
                self.checkin_label,
                self.checkin_edit,
                self.toggle_check_in.button,
                self.toggle_paid.button,
            ),
            row((self.count_label, 1), self.undo.button),
            (self.table, 1),
            row(
                self.edit_selected.button,
                self.drop_selected.button,
                self.undrop_selected.button,
                self.set_fixed_table.button,
                STRETCH,
                self.open_checkin_display.button,
                self.print_cards.button,
                self.import_csv.button,
            ),
            parent=self,
        )

    def _connect(self) -> None:
        self.quick_add_edit.returnPressed.connect(self.quick_add)
        self.quick_add_edit.textChanged.connect(self.people_search.ask)
        self.quick_add_edit.moved.connect(self._move_offer)
        self.people_search.offers.connect(self._show_offers)
        self.offers_view.clicked.connect(lambda _index: self.quick_add())
        self.search_edit.textChanged.connect(self._searched)
        self.checkin_edit.returnPressed.connect(self.check_in_typed)
        self.table.doubleClicked.connect(lambda _index: self.edit_selected())
        self.table.selectionModel().selectionChanged.connect(lambda *_: self._refresh_actions())
        self.model.modelReset.connect(self._refresh_labels)

    # --- reading the screen -------------------------------------------------

    def selected_player(self) -> PlayerRecord | None:
        index = selected_index(self.table)
        return None if index is None else self.model.player_at(self.proxy.mapToSource(index).row())

    def select_player(self, registration_id: int) -> None:
        row = self.model.row_of(registration_id)
        if row is None:
            return
        index = self.proxy.mapFromSource(self.model.index(row, 0))
        if not index.isValid():
            return
        select_row(self.table, index)
        # Again once pending layout changes (a warning shown, a resize) have settled.
        QTimer.singleShot(0, self.table, lambda: self.table.scrollTo(self.table.currentIndex()))

    # --- commands -----------------------------------------------------------

    @command("Add player", "Ctrl+N", "Insert", tip="Type a name to register")
    def focus_quick_add(self) -> None:
        focus_selected(self.quick_add_edit, Qt.FocusReason.ShortcutFocusReason)

    @command("Search", QKeySequence.StandardKey.Find)
    def focus_search(self) -> None:
        focus_selected(self.search_edit, Qt.FocusReason.ShortcutFocusReason)

    def _show_offers(self, offers: list[Known]) -> None:
        here = {p.person_id for p in self.model.rows()}  # already registered: not offered
        offers = [k for k in offers if k.id not in here]
        self.offers_model.show(offers, self.quick_add_edit.text())
        self.offers_view.setVisible(bool(offers))
        if offers:  # as tall as its rows: the players table keeps the room
            rows = self.offers_model.rowCount()
            frame = 2 * self.offers_view.frameWidth()
            self.offers_view.setFixedHeight(self.offers_view.sizeHintForRow(0) * rows + frame)
            self.offers_view.setCurrentIndex(self.offers_model.index(0, 0))

    def _move_offer(self, step: int) -> None:
        if not self.offers_view.isVisible():
            return
        row = self.offers_view.currentIndex().row() + step
        if 0 <= row < self.offers_model.rowCount():
            self.offers_view.setCurrentIndex(self.offers_model.index(row, 0))

    def offered_person(self) -> Known | None:
        """The known person chosen under the quick-add line, if one is."""
        typed = self.quick_add_edit.text()
        if self.offers_model.typed != typed:  # Enter came before the search's answer
            offers = self.people_search.now(typed)
            if offers is None:
                return None
            self._show_offers(offers)
        if not self.offers_view.isVisible():
            return None
        return self.offers_model.person_at(self.offers_view.currentIndex().row())

    def quick_add(self) -> None:
        name = self.quick_add_edit.text()
        if not name.strip():
            self.focus_quick_add()
            return
        person = self.offered_person()
        if person is not None:
            self.write(
                "Add player",
                lambda: add_player(self.db, event_id=self.event_id, name="", person_id=person.id),
                self._registered,
            )
            return
        if not self._new_person_confirmed(name):
            return
        added = self.write(
            "Add player",
            lambda: add_player(self.db, event_id=self.event_id, name=name),
            self._registered,
        )
        if added is not None:
            self.quick_add_edit.setFocus()  # ready for the next name

    @command("More detai&ls…", tip="Register with id, e-mail and byes")
    def add_with_details(self) -> None:
        dialog = PlayerDialog(name=self.quick_add_edit.text().strip(), parent=self)
        if not self.prompts.accepted(dialog):
            return
        v = dialog.values()
        self.write(
            "Add player",
            lambda: add_player(
                self.db,
                event_id=self.event_id,
                name=v.name,
                player_id=v.player_id,
                email=v.email or None,
                awarded_byes=v.awarded_byes,
            ),
            self._registered,
        )

    def _new_person_confirmed(self, name: str) -> bool:
        """A likely second copy of a known person is pointed out before one is created."""
        here = {p.person_id for p in self.model.rows()}  # this event warns of its own
        maybe = [d for d in self.people_search.duplicates(name) if d.person.id not in here]
        if not maybe:
            return True
        listed = "\n".join(
            f"  {d.person.name}"
            + (f" #{d.person.number}" if d.person.number else "")
            + f" ({d.why})"
            for d in maybe[:5]
        )
        return self.prompts.confirm(
            "Add player",
            f"{name.strip()} may already be known:\n{listed}\n\nRegister a new person anyway?",
        )

    def _registered(self, done: Done[PlayerRecord]) -> str:
        self.people_search.forget()
        self.quick_add_edit.clear()
        player = done.value
        said = f"Registered {player.name} as {player.code}."
        return self._redrawn(said, select=player.registration_id, warnings=done.warnings)

    @command("&Edit…", "F2")
    def edit_selected(self) -> None:
        player = self.selected_player()
        if player is None:
            return
        dialog = PlayerDialog(player, parent=self)
        if not self.prompts.accepted(dialog):
            return
        v = dialog.values()
        self.write(
            "Edit player",
            lambda: edit_player(
                self.db,
                event_id=self.event_id,
                registration_id=player.registration_id,
                name=v.name,
                email=v.email,
                awarded_byes=v.awarded_byes,
            ),
            lambda done: self._redrawn(f"Saved {done.value.name}.", warnings=done.warnings),
        )

    @command("D&rop…", "Delete", tip="Not paired in later rounds")
    def drop_selected(self) -> None:
        player = self.selected_player()
        if player is None or player.dropped:
            return
        question = (
            f"Drop {player.name} ({player.code})?\n\n"
            "They will not be paired in later rounds. Undrop or Undo takes it back."
        )
        if not self.prompts.confirm("Drop player", question):
            return
        self._set_dropped(player, dropped=True)

    @command("Un&drop")
    def undrop_selected(self) -> None:
        player = self.selected_player()
        if player is not None and player.dropped:
            self._set_dropped(player, dropped=False)

    def _set_dropped(self, player: PlayerRecord, *, dropped: bool) -> None:
        verb = "Dropped" if dropped else "Took back the drop of"
        self.write(
            "Drop player" if dropped else "Undrop player",
            lambda: set_dropped(
                self.db,
                event_id=self.event_id,
                registration_id=player.registration_id,
                dropped=dropped,
            ),
            lambda _done: self._redrawn(f"{verb} {player.name}."),
        )

    @command("&Fixed table…", tip="The table the selected player always sits at (accessibility)")
    def set_fixed_table(self) -> None:
        player = self.selected_player()
        if player is None:
            return
        dialog = FixedTableDialog(player, parent=self)
        if not self.prompts.accepted(dialog) or dialog.table() == player.fixed_table:
            return
        table = dialog.table()
        said = f"{player.name}: " + (f"table {table}." if table else "any table.")
        self.write(
            "Fixed table",
            lambda: fixed_seats.fix_table(
                self.db, event_id=self.event_id, registration_id=player.registration_id, table=table
            ),
            lambda _done: self._redrawn(said, select=player.registration_id),
        )

    @command("Chec&k in", "Ctrl+K", tip="The selected player is here (again: take it back)")
    def toggle_check_in(self) -> None:
        player = self.selected_player()
        if player is not None:
            self._check_in(player, undo=player.checked_in)

    def check_in_typed(self) -> None:
        """The id typed or scanned into the check-in field (a URL's `player=ID` too)."""
        typed = self.checkin_edit.text().strip()
        code = typed.rsplit("player=", 1)[-1].split("&")[0] if "player=" in typed else typed
        self.checkin_edit.clear()
        found = next((p for p in self.model.rows() if p.code.casefold() == code.casefold()), None)
        if found is None:
            self.status_reported.emit(f"No player with id {code!r} to check in.")
            return
        self._check_in(found, undo=False)

    def _check_in(self, player: PlayerRecord, *, undo: bool) -> None:
        said = f"Took back the check-in of {player.name}." if undo else f"{player.name} is here."
        self.write(
            "Check in",
            lambda: check_in(
                self.db, event_id=self.event_id, registration_id=player.registration_id, undo=undo
            ),
            lambda _done: self._redrawn(said, select=player.registration_id),
        )

    @command("Check-in &wall…", tip="Who is here, on a projector or a second screen")
    def open_checkin_display(self) -> CheckinDisplay:
        if self.checkin_display is None:
            name = self.prompts.attempt(
                "Check-in display", lambda: get_event(self.db, self.event_id)
            )
            self.checkin_display = CheckinDisplay(event_name=name.name if name else "", parent=self)
            self.checkin_display.show_players(self.model.rows())
        self.checkin_display.show()
        self.checkin_display.raise_()
        return self.checkin_display

    @command("Mark &paid", tip="The selected player paid (again: owing)")
    def toggle_paid(self) -> None:
        player = self.selected_player()
        if player is None:
            return
        said = f"{player.name}: {'owing' if player.paid else 'paid'}."
        self.write(
            "Paid",
            lambda: set_paid(
                self.db,
                event_id=self.event_id,
                registration_id=player.registration_id,
                paid=not player.paid,
            ),
            lambda _done: self._redrawn(said, select=player.registration_id),
        )

    @command("&Undo", QKeySequence.StandardKey.Undo, elide=True)
    def undo(self) -> None:
        self.write(
            "Undo",
            lambda: undo_last(self.db, event_id=self.event_id),
            lambda done: self._redrawn(done.value[:1].upper() + done.value[1:]),
        )

    @command("PINs && &cards…", tip="Issue PINs for the players' page and print their player cards")
    def print_cards(self) -> None:
        """New PINs and their cards, for the players the TO chooses (`player_cards`)."""
        dialog = issue_and_preview(self, self.selected_player())
        if dialog is not None:
            self.status_reported.emit(f"PINs issued: {dialog.title}.")

    @command("Lift sign-in loc&ks", tip="Let the locked players and phones try their PINs again")
    def lift_locks(self) -> None:
        self.write(
            "Lift sign-in locks",
            lambda: pins.unlock(self.db, event_id=self.event_id, everyone=True),
            lambda done: self._redrawn(f"Lifted {plural(done.value, 'sign-in lock')}."),
        )

    @command("&Import CSV…", tip="Header: name[,id,email,awarded_byes]")
    def import_csv(self) -> None:
        opened = self.prompts.open_text("Import CSV", "CSV files (*.csv);;All files (*)")
        if opened is None:
            return
        text = opened.text
        report = self.write(
            "Import CSV",
            lambda: import_with_progress(
                self.db, event_id=self.event_id, text=text, parent=self.prompts.parent
            ),
            lambda done: self._redrawn(report_headline(done)),
        )
        if report is not None:
            self.prompts.run_dialog(ImportReportDialog(report, self))

    # --- after a change -----------------------------------------------------

    def _redrawn(
        self, said: str, *, select: int | None = None, warnings: tuple[str, ...] = ()
    ) -> str:
        """Read the players again after a write (selecting `select`); `said` is passed on."""
        self.warning_label.setText("\n".join(f"⚠ {w}" for w in warnings))
        self.warning_label.setVisible(bool(warnings))
        self._select = select
        self.refresh()
        return said

    # --- reading ----------------------------------------------------------------

    def read(self) -> tuple[tuple[PlayerRecord, ...], JournalEntry | None, str]:
        players = tuple(list_players(self.db, event_id=self.event_id))
        for player in players:  # the collation keys are cached: made here, not on a click
            sort_key(player.name)
            sort_key(player.code)  # (sorting 4,096 players by Id made them: 0.2 s frozen)
            sort_key(player.email or "")
        locks = locks_text(pins.locks(self.db, event_id=self.event_id, now=utcnow()))
        return players, next_undo(self.db, event_id=self.event_id), locks

    def show_read(self, read: tuple[tuple[PlayerRecord, ...], JournalEntry | None, str]) -> None:
        """The players read, keeping the selection (or selecting the one just registered)."""
        players, undo, locks = read
        self._show_locks(locks)
        select, self._select = self._select, None
        if select is None and (current := self.selected_player()) is not None:
            select = current.registration_id
        self.model.show(players)
        if self.checkin_display is not None:
            self.checkin_display.show_players(players)
        if select is not None:
            self.select_player(select)
        self._refresh_labels()
        self._show_undo(undo)

    def _searched(self, text: str) -> None:
        self.proxy.set_search(text)
        self._refresh_labels()

    def _refresh_labels(self) -> None:
        total = self.model.rowCount()
        dropped = self.model.dropped_count()
        text = plural(total, "player")
        if dropped:
            text += f", {dropped} dropped"
        text += self.model.door_text()
        if self.proxy.rowCount() != total:
            text = f"Showing {self.proxy.rowCount()} of {text}"
        self.count_label.setText(text)
        self._refresh_actions()

    def _show_locks(self, text: str) -> None:
        self.locks_label.setText(text)
        self.locks_label.setVisible(bool(text))
        self.lift_locks.button.setVisible(bool(text))

    def _refresh_actions(self) -> None:
        player = self.selected_player()
        self.edit_selected.action.setEnabled(player is not None)
        self.drop_selected.action.setEnabled(player is not None and not player.dropped)
        self.undrop_selected.action.setEnabled(player is not None and player.dropped)
        self.set_fixed_table.action.setEnabled(player is not None and not player.dropped)
        self.toggle_check_in.action.setEnabled(player is not None and not player.dropped)
        self.toggle_paid.action.setEnabled(player is not None)

    def _show_undo(self, entry: JournalEntry | None) -> None:
        if entry is None:
            self.undo.action.setText("&Undo")
            self.undo.action.setStatusTip("Nothing to undo")
            self.undo.action.setEnabled(False)
            return
        # Whole: the button cuts it to the room it has (`ElidedButton`), the tip holds it all.
        self.undo.action.setText("&Undo " + entry.summary.replace("&", "&&"))
        self.undo.action.setStatusTip(f"Undo {entry.summary}")
        self.undo.action.setEnabled(True)
