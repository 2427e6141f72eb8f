"""The main window: the list of events on the left, the open event on the right.

Titled "Organizer — <database location>". The Events menu and the buttons
under the list create (dialog), open, delete (confirmed, naming the player
count), import and export events as JSON, each through one service call in
`Prompts.attempt`. The right side is a stack: a placeholder until an event is
open, then its `EventView`. The list is read again when a change names events
or players (its player counts).

The Print menu lists the open event's printouts (each tab's `PrintCommands`
submenus: Preview…, Print…, Save PDF…) and "Preview this tab's printout"
(Ctrl+Shift+P).

Events → Event settings… (Ctrl+,) opens the open event's settings dialog
(`EventView.edit_settings`); it is enabled only while an event is open.

While the database has no events, the right side shows the first steps panel
(`FirstSteps`) instead of the placeholder, with a button that creates the demo
event (`services.demo`; also under Help) and opens its Rounds tab. Help → Rules
and decisions (F1) shows docs/rules.md.

Events → Host for other stations… and Join a hosted event… share the events
with other stations (`Stations`); the title and the status bar say where the
data is and whether the connection is up, and other stations' writes reach
the open tabs through `apply_remote`, which refreshes only what they name.

Given a `WindowState` (only `run_app` gives one), the window restores its
geometry and splitter (`restore_layout`), opens the last open event on its last
tab (`open_initial`), and remembers them all when it closes.

Events → Players' page… opens the switch that serves the open event's page to
phones (`players_page.PlayersPageDialog`); while it is on, the status bar shows
its address, and closing the window stops it.
"""

from __future__ import annotations

from contextlib import suppress

from PySide6.QtCore import Qt
from PySide6.QtGui import QCloseEvent, QKeySequence
from PySide6.QtWidgets import (
    QGridLayout,
    QHeaderView,
    QLabel,
    QMainWindow,
    QSplitter,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from organizer.core.formats import round_length
from organizer.core.formats.catalog import format_info
from organizer.core.interchange import InterchangeError
from organizer.core.views.wording import plural
from organizer.gui.kit.actions import command, install_commands
from organizer.gui.kit.elided_label import ElidedLabel, ElidedStatusBar
from organizer.gui.kit.emphasis import embolden
from organizer.gui.kit.page_host import page_host
from organizer.gui.kit.prompts import Prompts
from organizer.gui.kit.table_views import rows_table, select_row_at, selected_item
from organizer.gui.people.people_screen import PeopleScreen, open_people_screen
from organizer.gui.stations.players_page import PlayersPageDialog, default_addresses
from organizer.gui.stations.stations import Stations
from organizer.gui.window.event_view import TABS, EventView
from organizer.gui.window.events_model import EventRow, EventsModel
from organizer.gui.window.first_steps import FirstSteps
from organizer.gui.window.judge_desk import JudgeDesk
from organizer.gui.window.new_event_dialog import NewEventDialog
from organizer.gui.window.rules_dialog import RulesDialog
from organizer.gui.window.window_state import WindowState
from organizer.services.event.events import create_event, delete_event, get_event
from organizer.services.event.interchange import export_event, import_event
from organizer.services.kit.changes import Changes, Done
from organizer.services.kit.errors import EXPECTED, InputError
from organizer.services.kit.text_files import read_text_file, write_text_file
from organizer.services.printouts.printouts import slug
from organizer.services.printouts.publish import publish
from organizer.storage.database import Database

JSON_FILTER = "Event JSON (*.json);;All files (*)"
PAGE_STATUS_NAME = 40
"""The event's name in the status bar is cut to this many letters (the tooltip has it all)."""


def display_location(db: Database) -> str:
    """A SQLite file's path, or the URL (without password) of any other database."""
    location = db.location
    return location.removeprefix("sqlite:///") if location.startswith("sqlite:///") else location


class MainWindow(QMainWindow):
    def __init__(self, db: Database, *, state: WindowState | None = None) -> None:
        super().__init__()
        self.db = db
        self.state = state
        self.prompts = Prompts(self)
        self.setWindowTitle(f"Organizer — {display_location(db)}")
        self.event_view: EventView | None = None
        self.players_page_dialog: PlayersPageDialog | None = None
        self.page_addresses = default_addresses
        """Where the players' page may listen (tests offer 127.0.0.1 only)."""

        self.events_model = EventsModel(db, self)
        install_commands(self, window_wide=True)  # the window's own: from any tab
        self.splitter = self._make_splitter()
        self.setCentralWidget(self.splitter)
        self.setStatusBar(ElidedStatusBar(self))  # a long message ends in "…"
        self.page_status = ElidedLabel()  # an address never widens the window
        self.statusBar().addPermanentWidget(self.page_status)
        page_host().changed.connect(self._show_page_status)
        self._show_page_status()
        self.stations = Stations(self, self)
        self.judge_desk = JudgeDesk(self, self)
        self.first_steps.offer_join(self.stations.join.action)
        self._make_menu()
        self._show_view(None)

    # --- building -----------------------------------------------------------

    def _make_menu(self) -> None:
        menu = self.menuBar().addMenu("E&vents")
        menu.addAction(self.new_event.action)
        menu.addAction(self.open_selected.action)
        menu.addAction(self.delete_selected.action)
        menu.addAction(self.edit_settings.action)
        menu.addSeparator()
        menu.addAction(self.stations.open_host_dialog.action)
        menu.addAction(self.stations.join.action)
        menu.addAction(self.stations.leave.action)
        menu.addSeparator()
        menu.addAction(self.import_json.action)
        menu.addAction(self.export_json.action)
        menu.addAction(self.publish_results.action)
        menu.addSeparator()
        menu.addAction(self.show_players_page.action)
        menu.addAction(self.show_people.action)
        menu.addAction(self.judge_desk.show_calls.action)
        menu.addSeparator()
        menu.addAction(self.quit.action)
        self.print_menu = self.menuBar().addMenu("Print")
        self.print_menu.aboutToShow.connect(self._fill_print_menu)
        self._fill_print_menu()
        help_menu = self.menuBar().addMenu("Help")  # F1; every letter of Help is taken
        help_menu.addAction(self.show_rules.action)
        help_menu.addAction(self.create_demo_event.action)

    def _fill_print_menu(self) -> None:
        """The open event's printouts, tab by tab; only the preview command without one.

        Filled when the menu opens: listing a tab's printouts builds the tab, and an
        event opens with only the tab shown built."""
        self.print_menu.clear()
        self.print_menu.addAction(self.preview_current.action)
        for commands in self.event_view.print_commands() if self.event_view else []:
            self.print_menu.addSeparator()
            for submenu in commands.submenus.values():
                self.print_menu.addMenu(submenu)
            if commands.large_action is not None:
                self.print_menu.addAction(commands.large_action)

    def _make_splitter(self) -> QSplitter:
        self.events_view = rows_table(self.events_model, 0)
        header = self.events_view.horizontalHeader()
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.Interactive)
        header.resizeSection(2, 150)  # format titles are long: elided, full text in the tooltip
        self.events_view.activated.connect(lambda _index: self.open_selected())
        selection = self.events_view.selectionModel()
        selection.selectionChanged.connect(lambda *_: self._refresh_actions())

        events_label = QLabel("Event&s")
        events_label.setBuddy(self.events_view)
        embolden(events_label)

        buttons = QGridLayout()
        buttons.addWidget(self.new_event.button, 0, 0)
        buttons.addWidget(self.open_selected.button, 0, 1)
        buttons.addWidget(self.delete_selected.button, 0, 2)
        buttons.addWidget(self.import_json.button, 1, 0, 1, 2)
        buttons.addWidget(self.export_json.button, 1, 2)

        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.addWidget(events_label)
        left_layout.addWidget(self.events_view, 1)
        left_layout.addLayout(buttons)

        self.placeholder = QLabel(
            "Open an event from the list, or create one with New event… (Ctrl+Shift+N)."
        )
        self.placeholder.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.placeholder.setWordWrap(True)
        self.first_steps = FirstSteps(self.new_event.action)
        self.first_steps.demo_requested.connect(self.create_demo_event)
        self.stack = QStackedWidget()
        self.stack.addWidget(self.placeholder)
        self.stack.addWidget(self.first_steps)
        right = QWidget()
        right_layout = QVBoxLayout(right)
        right_layout.addWidget(self.stack)

        splitter = QSplitter()
        splitter.addWidget(left)
        splitter.addWidget(right)
        splitter.setStretchFactor(1, 1)
        splitter.setSizes([500, 780])
        splitter.setChildrenCollapsible(False)
        return splitter

    # --- which event ----------------------------------------------------------

    def selected_event_id(self) -> int | None:
        return selected_item(self.events_view, self.events_model.event_id_at)

    def _target_event_id(self) -> int | None:
        """The event selected in the list, else the open one."""
        selected = self.selected_event_id()
        if selected is not None:
            return selected
        return self.event_view.event_id if self.event_view else None

    def _target_row(self) -> EventRow | None:
        """The listed row of `_target_event_id`, or None when there is none."""
        event_id = self._target_event_id()
        row = None if event_id is None else self.events_model.row_of(event_id)
        return None if row is None else self.events_model.row_values(row)

    def _select_in_list(self, event_id: int | None) -> None:
        row = None if event_id is None else self.events_model.row_of(event_id)
        select_row_at(self.events_view, row)

    # --- commands -------------------------------------------------------------

    def open_initial(self, event_id: int | None) -> None:
        """Open the event asked for, else the last one open, else the newest one.

        The last open event (remembered with this database) also gets its last tab back.
        """
        tab = None
        if event_id is None and self.state is not None:
            remembered = self.state.last_event(self.db.location)
            if remembered is not None and self.events_model.row_of(remembered) is not None:
                event_id, tab = remembered, self.state.last_tab()
        if event_id is None and self.events_model.rowCount() > 0:
            event_id = self.events_model.event_id_at(0)
        if event_id is not None:
            self.open_event(event_id)
        if self.event_view is not None and tab is not None and 0 <= tab < len(TABS):
            self.event_view.tabs.setCurrentIndex(tab)

    def restore_layout(self) -> bool:
        """Geometry and splitter as remembered; False when nothing usable was remembered."""
        return self.state is not None and self.state.restore_layout(self, self.splitter)

    @command("&Quit", QKeySequence.StandardKey.Quit)
    def quit(self) -> None:
        """Close the window (asking first while hosting, `closeEvent`)."""
        self.close()

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self.stations.stop_hosting():
            event.ignore()
            return
        self.stations.stop()
        page_host().stop()
        if self.state is not None:
            view = self.event_view
            self.state.save(
                self,
                self.splitter,
                database=self.db.location,
                event_id=view.event_id if view else None,
                tab=view.tabs.currentIndex() if view else None,
            )
        super().closeEvent(event)

    @command("&Open", "Ctrl+O")
    def open_selected(self) -> None:
        event_id = self.selected_event_id()
        if event_id is not None:
            self.open_event(event_id)

    def open_event(self, event_id: int) -> None:
        event = self.prompts.attempt("Open event", lambda: get_event(self.db, event_id))
        if event is None:
            return
        view = EventView(self.db, event, self.prompts)
        view.changes_applied.connect(self._changes_applied)
        view.status_reported.connect(lambda text: self.statusBar().showMessage(text, 8000))
        self._show_view(view)
        self._select_in_list(event_id)
        view.players_tab.quick_add_edit.setFocus()

    def _show_view(self, view: EventView | None) -> None:
        if self.event_view is not None:
            self.stack.removeWidget(self.event_view)
            self.event_view.deleteLater()
        self.event_view = view
        if view is None:
            self._show_blank()
        else:
            self.stack.addWidget(view)
            self.stack.setCurrentWidget(view)
        self._refresh_actions()

    def _show_blank(self) -> None:
        """No event open: the first steps while there are no events, else the placeholder."""
        empty = self.events_model.rowCount() == 0
        self.stack.setCurrentWidget(self.first_steps if empty else self.placeholder)

    @command(
        "Create the &demo event",
        tip="A Warcaste Skirmish in round 1 to look around in; delete it like any event",
    )
    def create_demo_event(self) -> None:
        from organizer.services.demo.demo import create_demo  # the pairing engine: when asked

        made = self.prompts.attempt_off_ui(
            "Demo event", "Making the demo event…", lambda: create_demo(self.db)
        )
        if made is None:
            return
        self._open_new(made.changes, made.value.event_id)
        if self.event_view is not None:
            self.event_view.tabs.setCurrentIndex(list(TABS).index("Rounds"))
        self.statusBar().showMessage(
            f"Created {made.value.name}: round {made.value.round_number}, table "
            f"{made.value.sudden_death_table} in sudden death.",
            12000,
        )

    @command(
        "&Rules and decisions",
        QKeySequence.StandardKey.HelpContents,
        tip="Each format's rules as the app enforces them, and its own decisions",
    )
    def show_rules(self) -> None:
        self.prompts.run_dialog(RulesDialog(self))

    @command("&New event…", "Ctrl+Shift+N")
    def new_event(self) -> None:
        dialog = NewEventDialog(self)
        if not self.prompts.accepted(dialog):
            return
        v = dialog.values()
        info = format_info(v.format_id)
        house_rule = round_length.fixed(info) and v.round_minutes != info.round_minutes
        if house_rule and not self.prompts.confirm(
            "Round length",
            f"{info.title} rounds last 1 hour ({info.round_length_ref}). Run "
            f"{v.round_minutes}-minute rounds as a house rule? The slips, the clock and the "
            "players' page will say so.",
        ):
            return
        created = self.prompts.attempt(
            "New event",
            lambda: create_event(
                self.db,
                name=v.name,
                format_id=v.format_id,
                date=v.date,
                best_of=v.best_of,
                round_minutes=v.round_minutes,
                planned_rounds=v.planned_rounds,
                house_rule=house_rule,
            ),
        )
        if created is None:
            return
        self._open_new(created.changes, created.value.id, f"Created {created.value.name}.")

    @command("Dele&te…")
    def delete_selected(self) -> None:
        event = self._target_row()
        if event is None:
            return
        event_id = event.event_id
        players = plural(event.players, "player")
        question = (
            f"Delete the event “{event.name}” and its {players}?\n\n"
            "A full export is kept in the database's journal, so it can be recovered."
        )
        if not self.prompts.confirm("Delete event", question):
            return
        deleted = self.prompts.attempt("Delete event", lambda: delete_event(self.db, event_id))
        if deleted is None:
            return
        if self.event_view is not None and self.event_view.event_id == event_id:
            self._show_view(None)
        self._changes_applied(deleted.changes)
        self.statusBar().showMessage(f"Deleted {event.name}.", 8000)

    @command("I&mport JSON…", "Ctrl+Shift+I")
    def import_json(self) -> None:
        path = self.prompts.open_path("Import event", JSON_FILTER)
        if path:
            self.import_json_file(path)

    def import_json_file(self, path: str) -> None:
        def read_and_import() -> Done[int]:
            try:
                return import_event(self.db, text=read_text_file(path))
            except InterchangeError as exc:  # the same lines as `organizer import` prints
                raise InputError(exc.naming(path)) from None

        imported = self.prompts.attempt_off_ui(
            "Import event", "Importing the event…", read_and_import
        )
        if imported is None:
            return
        self._open_new(imported.changes, imported.value, f"Imported {path}.")

    @command("E&xport JSON…", "Ctrl+Shift+E")
    def export_json(self) -> None:
        event = self._target_row()
        if event is None:
            return
        path = self.prompts.save_path("Export event", f"{slug(event.name)}.json", JSON_FILTER)
        if path:
            self.export_json_file(event.event_id, path)

    def export_json_file(self, event_id: int, path: str) -> None:
        def export() -> str:
            write_text_file(path, export_event(self.db, event_id=event_id))
            return path

        if self.prompts.attempt("Export event", export) is not None:
            self.statusBar().showMessage(f"Exported to {path}.", 8000)

    @command(
        "Pu&blish results…",
        tip="The finished event's results as web pages to post: standings, every round, CSV",
    )
    def publish_results(self) -> None:
        event = self._target_row()
        if event is None:
            return
        folder = self.prompts.folder_path("Publish results into a folder")
        if folder:
            self.publish_into(event.event_id, folder)

    def publish_into(self, event_id: int, folder: str) -> None:
        def write() -> str:
            return str(publish(self.db, event_id=event_id, folder=folder) / "index.html")

        index = self.prompts.attempt_off_ui("Publish results", "Publishing the results…", write)
        if index is not None:
            self.statusBar().showMessage(f"Published: open {index}", 12000)

    @command(
        "Event &settings…",
        "Ctrl+,",
        tip="The open event's settings: points, tiebreakers, paper, pods, tables",
    )
    def edit_settings(self) -> None:
        if self.event_view is not None:
            self.event_view.edit_settings()

    @command(
        "Pre&view this tab's printout",
        "Ctrl+Shift+P",
        tip="The main printout of the tab shown: pairings, standings, pods or decks",
    )
    def preview_current(self) -> None:
        if self.event_view is not None:
            self.event_view.preview_current()

    @command(
        "People and s&easons…",
        "Ctrl+Shift+L",
        tip="The store's people across events, and its seasons' leaderboards",
    )
    def show_people(self) -> PeopleScreen:
        return open_people_screen(self.db, self)

    @command(
        "&Players' page…",
        tip="Serve pairings, standings and the clock to phones on this network",
    )
    def show_players_page(self) -> PlayersPageDialog:
        """The players' page switch for the open event (one dialog, non-modal)."""
        dialog = self.players_page_dialog
        if dialog is None or (
            not dialog.isVisible()
            and dialog.event_id != (self.event_view.event_id if self.event_view else None)
        ):
            if dialog is not None:
                dialog.deleteLater()
            view = self.event_view
            dialog = PlayersPageDialog(
                self.db,
                event_id=view.event_id if view else None,
                event_name=get_event(self.db, view.event_id).name if view else "",
                addresses=self.page_addresses,
                parent=self,
            )
            self.players_page_dialog = dialog
        dialog.show()
        dialog.raise_()
        dialog.activateWindow()
        return dialog

    def _show_page_status(self) -> None:
        host = page_host()
        url = host.url
        self.page_status.setVisible(url is not None)
        if url is not None:
            name = host.event_name
            short = name if len(name) <= PAGE_STATUS_NAME else name[: PAGE_STATUS_NAME - 1] + "…"
            self.page_status.setText(f"Players' page of “{short}”: {url}")
            self.page_status.setToolTip(f"The players' page serves {name} at {url}")

    # --- another database, another station ----------------------------------------

    def use_database(self, db: Database) -> None:
        """Show `db`'s events instead (joined, left or hosting); the same event stays open."""
        keep = self.event_view.event_id if self.event_view else None
        self._show_view(None)
        self.db = db
        self.events_model.set_database(db)
        if keep is not None and self.events_model.row_of(keep) is not None:
            self.open_event(keep)
        else:
            self.open_initial(None)
        self._refresh_actions()

    def apply_remote(self, changes: Changes) -> None:
        """Another station's write: the open event's tabs and the list refresh what it names."""
        view = self.event_view
        if view is not None and changes.event_id == view.event_id:
            if self.events_model.row_of(view.event_id) is None:
                return
            view.apply_changes(changes)  # tabs in place; then the window, through the signal
        else:
            self._changes_applied(changes)
        self.judge_desk.apply_remote(changes)  # a player called a judge: ring

    # --- after a change ---------------------------------------------------------

    def _open_new(self, changes: Changes, event_id: int, said: str = "") -> None:
        """After an event was made (new, imported, the demo): tell every view, open it."""
        self._changes_applied(changes)
        self.open_event(event_id)
        if said:
            self.statusBar().showMessage(said, 8000)

    def _changes_applied(self, changes: Changes) -> None:
        if changes.events or changes.players or changes.pairings:  # the list counts rounds
            keep = self.selected_event_id()
            with suppress(*EXPECTED):  # out of reach (a host stopped): the status bar says so
                self.events_model.refresh()
            self._select_in_list(keep)
            if self.event_view is None:
                self._show_blank()
        self._refresh_actions()

    def _refresh_actions(self) -> None:
        has_target = self._target_event_id() is not None
        self.open_selected.action.setEnabled(self.selected_event_id() is not None)
        self.delete_selected.action.setEnabled(has_target)
        self.export_json.action.setEnabled(has_target)
        self.publish_results.action.setEnabled(has_target)
        self.preview_current.action.setEnabled(self.event_view is not None)
        self.edit_settings.action.setEnabled(self.event_view is not None)


def create_main_window(
    db: Database, *, event_id: int | None = None, state: WindowState | None = None
) -> MainWindow:
    """The main window on an open database, with the event (or the last or newest) open."""
    window = MainWindow(db, state=state)
    window.open_initial(event_id)
    return window
