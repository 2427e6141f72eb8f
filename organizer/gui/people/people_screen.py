"""The People screen: the store's people across events, one's history, and the seasons.

Opened from Events → People and seasons… (Ctrl+Shift+L). Everything it shows is
read on a worker thread (`Prompts.attempt_off_ui`, as the event tabs read), so
a store with 2,000 people and years of events keeps the window drawing; the
search filters the people already read, by the one fold (`core.people.search`).
Edit, Merge (two people selected: the first is kept) and Forget are the
services' writes, each refused with the reason when another station changed
the person first.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypedDict

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QLabel,
    QLineEdit,
    QTabWidget,
    QWidget,
)

from organizer.core.people.search import search
from organizer.gui.kit.actions import push_button
from organizer.gui.kit.layouts import STRETCH, column, form, ok_cancel, row
from organizer.gui.kit.prompts import Prompts
from organizer.gui.kit.table_views import rows_table
from organizer.gui.people.people_models import HistoryModel, LeaderboardModel, PeopleModel
from organizer.services.players import people, seasons
from organizer.storage.database import Database
from organizer.storage.people_repo import PersonRecord


class PersonFields(TypedDict):
    """What the Edit person dialog changes: `people.edit_person`'s keywords of those names."""

    name: str
    number: str
    email: str
    note: str


class PersonDialog(QDialog):
    """A person's name, number, e-mail and note."""

    def __init__(self, person: PersonRecord, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Edit {person.name}")
        self.name_edit = QLineEdit(person.name)
        self.number_edit = QLineEdit(person.number or "")
        self.email_edit = QLineEdit(person.email or "")
        self.note_edit = QLineEdit(person.note)
        column(
            form(
                ("&Name:", self.name_edit),
                ("N&umber:", self.number_edit),
                ("&E-mail:", self.email_edit),
                ("N&ote:", self.note_edit),
            ),
            ok_cancel(self),
            parent=self,
        )

    def values(self) -> PersonFields:
        """The four fields as typed ("" clears the number, e-mail or note)."""
        return PersonFields(
            name=self.name_edit.text(),
            number=self.number_edit.text(),
            email=self.email_edit.text(),
            note=self.note_edit.text(),
        )


class PeopleScreen(QDialog):
    def __init__(self, db: Database, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("People and seasons")
        self.db = db
        self.prompts = Prompts(self)
        self.everyone: list[PersonRecord] = []
        self.people_model = PeopleModel(self)
        self.history_model = HistoryModel(self)
        self.board_model = LeaderboardModel(self)
        self._build()
        self.resize(980, 640)

    def _build(self) -> None:
        self.search_edit = QLineEdit()
        self.search_edit.setPlaceholderText("Two letters of a name, or a number")
        self.search_edit.setClearButtonEnabled(True)
        self.search_edit.textChanged.connect(self._searched)
        self.count_label = QLabel()
        self.people_table = rows_table(self.people_model, 0, 2)
        self.people_table.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.people_table.selectionModel().selectionChanged.connect(lambda *_: self._selected())
        self.history_table = rows_table(self.history_model, 1)
        self.edit_button = push_button("&Edit…", self.edit_person)
        self.merge_button = push_button(
            "&Merge…", self.merge_people, tip="Select two people: the second joins the first"
        )
        self.forget_button = push_button(
            "&Forget…", self.forget_person, tip="A player who asks to be forgotten: results stay"
        )
        people_tab = QWidget()
        search_label = QLabel("Searc&h:")
        search_label.setBuddy(self.search_edit)
        column(
            row(search_label, (self.search_edit, 1), 12, self.count_label),
            (self.people_table, 3),
            QLabel("Events of the selected person:"),
            (self.history_table, 2),
            row(self.edit_button, self.merge_button, self.forget_button, STRETCH),
            parent=people_tab,
        )
        self.season_combo = QComboBox()
        self.season_combo.currentIndexChanged.connect(lambda _i: self.read_season())
        self.board_table = rows_table(self.board_model, 1)
        season_tab = QWidget()
        season_label = QLabel("&Season:")
        season_label.setBuddy(self.season_combo)
        column(row(season_label, (self.season_combo, 1)), (self.board_table, 1), parent=season_tab)
        self.tabs = QTabWidget()
        self.tabs.addTab(people_tab, "&People")
        self.tabs.addTab(season_tab, "Se&ason")
        column(self.tabs, parent=self)

    # --- reading --------------------------------------------------------------

    def read(self) -> bool:
        """Read everyone and the seasons (off the UI thread) and show them."""
        found = self.prompts.attempt_off_ui(
            "People",
            "Reading the people…",
            lambda: (people.list_people(self.db), seasons.list_seasons(self.db)),
        )
        if found is None:
            return False
        self.everyone, season_list = found
        self._searched(self.search_edit.text())
        self.season_combo.blockSignals(True)
        self.season_combo.clear()
        for s in season_list:
            self.season_combo.addItem(f"{s.name} ({s.date_from} to {s.date_to})", s.id)
        self.season_combo.setCurrentIndex(len(season_list) - 1)
        self.season_combo.blockSignals(False)
        self.read_season()
        return True

    def read_season(self) -> None:
        season_id = self.season_combo.currentData()
        if season_id is None:
            self.board_model.set_rows(())
            return
        rows = self.prompts.attempt_off_ui(
            "Season",
            "Reading the season…",
            lambda: seasons.standings(self.db, season_id=int(season_id)),
        )
        if rows is not None:
            self.board_model.set_rows(rows)

    def _searched(self, text: str) -> None:
        shown = self.everyone
        if text.strip():
            by_id = {p.id: p for p in self.everyone}
            shown = [by_id[k.id] for k in search(text, map(people.as_known, self.everyone))]
        self.people_model.set_rows(shown)
        self.count_label.setText(f"{len(shown)} of {len(self.everyone)} people")
        self._selected()

    def selected_people(self) -> list[PersonRecord]:
        rows = [i.row() for i in self.people_table.selectionModel().selectedRows()]
        current = self.people_table.currentIndex().row()
        rows.sort(key=lambda r: r != current)  # the current one first: the one kept
        return [self.people_model.row_at(r) for r in rows]

    def _selected(self) -> None:
        chosen = self.selected_people()
        self.edit_button.setEnabled(len(chosen) == 1)
        self.forget_button.setEnabled(len(chosen) == 1)
        self.merge_button.setEnabled(len(chosen) == 2)
        if len(chosen) != 1:
            self.history_model.set_rows([])
            return
        pid = chosen[0].id
        history = self.prompts.attempt_off_ui(
            "People", "Reading the events…", lambda: people.history(self.db, pid)
        )
        self.history_model.set_rows(history or [])

    # --- writing --------------------------------------------------------------

    def _write(self, title: str, call: Callable[[], object]) -> None:
        """Run a service write; a refusal (another station changed the person first) is
        shown under `title`; after a change everyone is read again."""
        if self.prompts.attempt(title, call) is not None:
            self.read()

    def edit_person(self) -> None:
        [person] = self.selected_people()
        dialog = PersonDialog(person, self)
        if not self.prompts.accepted(dialog):
            return
        self._write(
            "Edit person",
            lambda: people.edit_person(
                self.db, person_id=person.id, revision=person.revision, **dialog.values()
            ),
        )

    def merge_people(self) -> None:
        keep, other = self.selected_people()
        question = (
            f"{other.name} and {keep.name} are one person?\n\n"
            f"{other.name}'s {other.events} event(s) join {keep.name}'s, "
            f"and {other.name} goes."
        )
        if not self.prompts.confirm("Merge people", question):
            return
        self._write(
            "Merge people",
            lambda: people.merge_people(
                self.db,
                keep=keep.id,
                other=other.id,
                keep_revision=keep.revision,
                other_revision=other.revision,
            ),
        )

    def forget_person(self) -> None:
        [person] = self.selected_people()
        question = (
            f"Forget {person.name}?\n\nTheir name becomes 'Forgotten player {person.id}' in "
            "every event; their number, e-mail and note are erased. Results stay."
        )
        if not self.prompts.confirm("Forget person", question):
            return
        self._write(
            "Forget person",
            lambda: people.forget_person(self.db, person_id=person.id, revision=person.revision),
        )


def open_people_screen(db: Database, parent: QWidget | None) -> PeopleScreen:
    screen = PeopleScreen(db, parent)
    screen.setWindowModality(Qt.WindowModality.NonModal)
    screen.show()
    screen.read()
    return screen
