"""The Decks tab driven like a TO at the counter: paste, check, submit, accept, lock, deck checks.

Real widgets on a real SQLite file; the data is built through the services.
Lists are pasted through the clipboard and commands given with their keys
where a TO would use them. Questions (a judge's reason, discarding edits, a
file name, a dialog) are answered through the window's `Prompts`; none of our
logic is patched.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from PySide6.QtCore import QItemSelectionModel, Qt
from PySide6.QtWidgets import QApplication, QDialog
from pytestqt.qtbot import QtBot

from organizer.gui.decks.card_pool_bar import PoolProblemsDialog
from organizer.gui.decks.deck_checks_dialog import DeckChecksDialog
from organizer.gui.decks.deck_checks_model import CheckRow
from organizer.gui.decks.decks_tab import DecksTab
from organizer.gui.window.main_window import MainWindow
from organizer.services.decks import cardpools, decks
from organizer.services.event import events
from organizer.services.kit.changes import Changes
from organizer.services.kit.resources import resources_dir, sample_pool_path
from organizer.services.players import registration
from organizer.services.rounds.pairing import pair_next
from organizer.storage.database import Database

FORMAT = "warcaste-skirmish-constructed"
NAMES = ("Ada Byrne", "Bo Chen", "Cy Dorn", "Di Eng")


def legal_text() -> str:
    return (resources_dir() / "decklists" / f"sample-{FORMAT}.txt").read_text(encoding="utf-8")


def illegal_text() -> str:
    """31 cards (one Pyre Titan too many) and a fourth Kiln Warden on line 10."""
    return (
        legal_text()
        .replace("1 Pyre Titan", "2 Pyre Titan")
        .replace("3 Kiln Warden", "4 Kiln Warden")
    )


def import_sample_pool(db: Database) -> None:
    text = sample_pool_path("warcaste").read_text(encoding="utf-8")
    cardpools.import_pool(db, text=text, source="sample-warcaste.csv")


@pytest.fixture
def event(db: Database) -> int:
    import_sample_pool(db)
    record = events.create_event(db, name="Friday Skirmish", format_id=FORMAT).value
    for name in NAMES:
        registration.add_player(db, event_id=record.id, name=name)
    return record.id


@pytest.fixture
def tab(event: int, window: MainWindow) -> DecksTab:
    """The Decks tab of the event, open and shown (Ctrl+2)."""
    window.open_event(event)
    assert window.event_view is not None
    page = window.event_view.tab("Decks")
    assert isinstance(page, DecksTab)
    window.event_view.tabs.setCurrentWidget(page)
    return page


class Answers:
    """What the TO (or the judge) answers; records what was asked."""

    def __init__(self, window: MainWindow) -> None:
        self.texts: list[str | None] = []
        self.asked: list[str] = []
        self.warnings: list[str] = []
        self.confirm = True
        self.dialogs: list[QDialog] = []
        window.prompts.ask_text = self._ask_text
        window.prompts.warn = lambda _title, text: self.warnings.append(text)
        window.prompts.confirm = self._confirm

    def _ask_text(self, _title: str, label: str) -> str | None:
        self.asked.append(label)
        return self.texts.pop(0) if self.texts else None

    def _confirm(self, _title: str, text: str) -> bool:
        self.asked.append(text)
        return self.confirm


def choose(tab: DecksTab, name: str) -> None:
    (deck,) = [
        tab.model.deck_at(r)
        for r in range(tab.model.rowCount())
        if tab.model.deck_at(r).name == name
    ]
    assert tab.select_player(deck.registration_id)


def status_of(tab: DecksTab, name: str) -> str:
    (deck,) = [
        tab.model.deck_at(r)
        for r in range(tab.model.rowCount())
        if tab.model.deck_at(r).name == name
    ]
    return deck.status


def paste(qtbot: QtBot, tab: DecksTab, text: str) -> None:
    """Select all in the editor and paste `text`, as from an e-mail."""
    editor = tab.editor.text_edit
    editor.setFocus()
    editor.selectAll()
    QApplication.clipboard().setText(text)
    qtbot.keyClick(editor, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier)
    assert editor.toPlainText() == text


def ctrl(qtbot: QtBot, tab: DecksTab, key: Qt.Key) -> None:
    qtbot.keyClick(tab.editor.text_edit, key, Qt.KeyboardModifier.ControlModifier)


def test_the_decks_tab_replaces_the_placeholder_and_starts_empty(
    window: MainWindow, tab: DecksTab
) -> None:
    assert window.event_view is not None
    assert window.event_view.tabs.tabText(1) == "Decks"
    assert tab.count_label.text() == "0 of 4 decks in; 0 illegal"
    assert tab.pool_bar.label.text().startswith("<b>Warcaste pool:</b> 51 cards")
    assert tab.pool_bar.load_sample.button.isHidden()
    assert tab.editor.player is None and not tab.editor.text_edit.isEnabled()
    assert not tab.editor.submit.action.isEnabled()
    assert tab.checks_label.text() == "Deck checks: No round paired yet"


def test_a_legal_list_checks_clean_and_is_stored_as_legal(
    window: MainWindow, tab: DecksTab, qtbot: QtBot
) -> None:
    answers = Answers(window)
    choose(tab, "Ada Byrne")
    assert tab.editor.player_label.text() == "Ada Byrne (p1)"
    assert tab.editor.status_badge.text() == "Missing"
    paste(qtbot, tab, legal_text())
    assert tab.editor.is_dirty()

    ctrl(qtbot, tab, Qt.Key.Key_Return)  # Check
    assert tab.editor.findings_model.rowCount() == 0
    assert tab.editor.summary_label.text() == "✔ No findings: the list is legal."
    assert not tab.editor.accept_despite_findings.action.isEnabled()
    assert status_of(tab, "Ada Byrne") == "missing"  # checking stores nothing

    ctrl(qtbot, tab, Qt.Key.Key_S)  # Submit
    assert answers.warnings == []
    assert status_of(tab, "Ada Byrne") == "legal"
    assert decks.deck_text(window.db, registration_id=tab.editor.registration_id or 0) == (
        legal_text()
    )
    assert tab.editor.status_badge.text() == "Legal"
    assert not tab.editor.is_dirty()
    assert tab.count_label.text() == "1 of 4 decks in; 0 illegal"
    assert window.statusBar().currentMessage() == "Ada Byrne's deck stored, legal."


def test_an_illegal_list_lists_every_finding_and_a_finding_leads_to_its_line(
    window: MainWindow, tab: DecksTab, qtbot: QtBot
) -> None:
    Answers(window)
    choose(tab, "Bo Chen")
    paste(qtbot, tab, illegal_text())
    tab.editor.check.button.click()

    model = tab.editor.findings_model
    found = {(model.index(r, 0).data(), model.index(r, 2).data()) for r in range(model.rowCount())}
    assert found == {("", "wc-deck-size"), ("10", "wc-copies")}
    assert tab.editor.summary_label.text() == "2 errors: the list is illegal."
    marks = tab.editor.text_edit.marks()
    assert list(marks) == [10] and marks[10].severity == "error"
    assert "4 copies of Kiln Warden" in marks[10].text
    assert tab.editor.accept_despite_findings.action.isEnabled()

    # Choosing the finding from the keyboard moves the editor's cursor to line 10.
    view = tab.editor.findings_view
    view.setFocus()
    row = next(r for r in range(model.rowCount()) if model.finding_at(r).line == 10)
    view.selectionModel().setCurrentIndex(
        model.index(row, 0),
        QItemSelectionModel.SelectionFlag.ClearAndSelect | QItemSelectionModel.SelectionFlag.Rows,
    )
    editor = tab.editor.text_edit
    assert editor.current_line() == 10
    assert editor.highlighted_line() == 10
    assert editor.textCursor().block().text() == "4 Kiln Warden"
    assert any(
        s.cursor.blockNumber() == 9 and s.format.background().color().name() == "#fff3b0"
        for s in editor.extraSelections()
    )
    qtbot.keyClick(view, Qt.Key.Key_Return)  # Enter on a finding: on to the editor
    assert QApplication.focusWidget() is editor

    # Submit keeps the illegal list, so the TO can chase the player.
    tab.editor.submit.button.click()
    assert status_of(tab, "Bo Chen") == "illegal"
    stored = tab.model.deck_of(tab.editor.registration_id or 0)
    assert stored is not None and stored.errors == 2
    assert tab.count_label.text() == "1 of 4 decks in; 1 illegal"
    assert "must fix it before round 1" in window.statusBar().currentMessage()


def test_a_judge_accepts_an_illegal_list_with_a_reason(
    window: MainWindow, tab: DecksTab, qtbot: QtBot
) -> None:
    answers = Answers(window)
    choose(tab, "Cy Dorn")
    paste(qtbot, tab, illegal_text())
    ctrl(qtbot, tab, Qt.Key.Key_Return)

    answers.texts = [None]  # the judge cancels: nothing is stored
    tab.editor.accept_despite_findings.button.click()
    assert "has 2 errors. " in answers.asked[-1]  # not "2 error(s)"
    assert status_of(tab, "Cy Dorn") == "missing"

    answers.texts = ["list misprinted; deck box has 30 cards"]
    tab.editor.accept_despite_findings.button.click()
    assert status_of(tab, "Cy Dorn") == "accepted"
    row = tab.model.row_of(tab.editor.registration_id or 0)
    assert row is not None
    tooltip = tab.model.index(row, 2).data(Qt.ItemDataRole.ToolTipRole)
    assert tooltip == "Accepted by a judge: list misprinted; deck box has 30 cards"
    assert tab.count_label.text() == "1 of 4 decks in; 0 illegal; 1 accepted by a judge"


def test_an_unreadable_line_is_a_finding_and_cannot_be_stored(
    window: MainWindow, tab: DecksTab, qtbot: QtBot
) -> None:
    answers = Answers(window)
    choose(tab, "Ada Byrne")
    paste(qtbot, tab, legal_text().replace("2 Rain of Embers", "two Rain of Embers"))
    ctrl(qtbot, tab, Qt.Key.Key_Return)
    model = tab.editor.findings_model
    assert any(
        model.finding_at(r).rule_id == "deck-unreadable" and model.finding_at(r).line == 16
        for r in range(model.rowCount())
    )
    ctrl(qtbot, tab, Qt.Key.Key_S)
    assert answers.warnings and "line 16" in answers.warnings[0]
    assert status_of(tab, "Ada Byrne") == "missing"


def test_the_filter_shows_only_lists_to_chase(window: MainWindow, tab: DecksTab) -> None:
    db = window.db
    ids = {tab.model.deck_at(r).name: tab.model.deck_at(r).registration_id for r in range(4)}
    decks.submit_deck(
        db, event_id=tab.event_id, registration_id=ids["Ada Byrne"], text=legal_text()
    )
    decks.submit_deck(
        db,
        event_id=tab.event_id,
        registration_id=ids["Bo Chen"],
        text=illegal_text(),
        store_illegal=True,
    )
    tab.refresh_for(Changes(decks=True))
    assert tab.count_label.text() == "2 of 4 decks in; 1 illegal"

    tab.chase_check.setFocus()
    tab.chase_check.click()
    shown = [tab.proxy.index(r, 1).data() for r in range(tab.proxy.rowCount())]
    assert shown == ["Bo Chen", "Cy Dorn", "Di Eng"]
    tab.chase_check.click()
    assert tab.proxy.rowCount() == 4


def test_a_list_made_legal_under_the_filter_stays_in_the_editor(
    window: MainWindow, tab: DecksTab, qtbot: QtBot
) -> None:
    Answers(window)
    tab.chase_check.setChecked(True)
    choose(tab, "Di Eng")
    paste(qtbot, tab, legal_text())
    ctrl(qtbot, tab, Qt.Key.Key_S)
    assert status_of(tab, "Di Eng") == "legal"
    assert tab.proxy.rowCount() == 3  # Di Eng has nothing left to chase
    assert tab.editor.player is not None and tab.editor.player.name == "Di Eng"
    assert tab.editor.status_badge.text() == "Legal"


def test_unsubmitted_edits_are_kept_unless_the_to_discards_them(
    window: MainWindow, tab: DecksTab, qtbot: QtBot
) -> None:
    answers = Answers(window)
    choose(tab, "Ada Byrne")
    paste(qtbot, tab, legal_text())

    answers.confirm = False
    choose(tab, "Bo Chen")
    assert "Ada Byrne's list has changes that were not submitted" in answers.asked[-1]
    assert tab.editor.player is not None and tab.editor.player.name == "Ada Byrne"
    selected = tab.selected_deck()
    assert selected is not None and selected.name == "Ada Byrne"
    assert tab.editor.text_edit.toPlainText() == legal_text()

    answers.confirm = True
    choose(tab, "Bo Chen")
    assert tab.editor.player is not None and tab.editor.player.name == "Bo Chen"
    assert tab.editor.text_edit.toPlainText() == ""


def test_a_stored_list_is_shown_and_checked_when_its_player_is_chosen(
    window: MainWindow, tab: DecksTab
) -> None:
    bo = tab.model.deck_at(1)
    decks.submit_deck(
        window.db,
        event_id=tab.event_id,
        registration_id=bo.registration_id,
        text=illegal_text(),
        store_illegal=True,
    )
    tab.refresh_for(Changes(decks=True))
    choose(tab, "Bo Chen")
    assert tab.editor.text_edit.toPlainText() == illegal_text()
    assert not tab.editor.is_dirty()
    assert tab.editor.findings_model.rowCount() == 2
    assert tab.editor.status_badge.text() == "Illegal"


def test_load_file_reads_the_list_and_checks_it(
    window: MainWindow, tab: DecksTab, tmp_path: Path
) -> None:
    Answers(window)
    path = tmp_path / "bo.txt"
    path.write_text(illegal_text(), encoding="utf-8")
    window.prompts.open_path = lambda _title, _filter: str(path)
    choose(tab, "Bo Chen")
    tab.editor.load_file.button.click()
    assert tab.editor.text_edit.toPlainText() == illegal_text()
    assert tab.editor.findings_model.rowCount() == 2
    assert tab.editor.is_dirty()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_loading_a_named_pipe_warns_at_once_and_keeps_the_list(
    window: MainWindow, tab: DecksTab, tmp_path: Path
) -> None:
    answers = Answers(window)
    pipe = tmp_path / "bo.txt"
    os.mkfifo(pipe)
    window.prompts.open_path = lambda _title, _filter: str(pipe)
    choose(tab, "Bo Chen")
    before = tab.editor.text_edit.toPlainText()
    tab.editor.load_file.button.click()  # before: the window froze for good, waiting for a writer
    assert answers.warnings == [
        f"{pipe}: this is a named pipe, not a file; nothing was read. "
        "Name a deck list, players list, card pool or event file."
    ]
    assert tab.editor.text_edit.toPlainText() == before


def test_lists_lock_once_round_1_is_paired_and_a_change_needs_an_override(
    window: MainWindow, tab: DecksTab, qtbot: QtBot
) -> None:
    answers = Answers(window)
    choose(tab, "Ada Byrne")
    assert tab.editor.lock_label.isHidden()
    paste(qtbot, tab, illegal_text())
    ctrl(qtbot, tab, Qt.Key.Key_S)
    assert status_of(tab, "Ada Byrne") == "illegal"

    pair_next(window.db, event_id=tab.event_id, seed=1, allow_missing_decks=True)
    tab.refresh_for(Changes(pairings=True))  # as the Rounds tab's change reaches this tab
    assert not tab.editor.lock_label.isHidden()
    assert "Locked since round 1" in tab.editor.lock_label.text()
    assert tab.editor.submit.action.text() == "Su&bmit with override…"

    paste(qtbot, tab, legal_text())
    answers.texts = [None]  # no reason: nothing changes
    ctrl(qtbot, tab, Qt.Key.Key_S)
    assert "locked since round 1" in answers.asked[-1]
    assert status_of(tab, "Ada Byrne") == "illegal"

    answers.texts = ["judge: wrong list typed at the counter"]
    ctrl(qtbot, tab, Qt.Key.Key_S)
    assert answers.warnings == []
    assert status_of(tab, "Ada Byrne") == "legal"


def test_a_pool_with_a_bad_row_is_refused_naming_the_line(
    window: MainWindow, tab: DecksTab, tmp_path: Path
) -> None:
    answers = Answers(window)
    header, *rows = sample_pool_path("warcaste").read_text(encoding="utf-8").splitlines()
    bad = rows[5].split(",")
    bad[4] = "wizard"  # no such Warcaste card type
    path = tmp_path / "pool.csv"
    path.write_text("\n".join([header, *rows[:5], ",".join(bad), *rows[6:]]), encoding="utf-8")
    window.prompts.open_path = lambda _title, _filter: str(path)

    def show(dialog: QDialog) -> int:
        answers.dialogs.append(dialog)
        return QDialog.DialogCode.Rejected

    window.prompts.run_dialog = show
    tab.pool_bar.import_file.button.click()
    (dialog,) = answers.dialogs
    assert isinstance(dialog, PoolProblemsDialog)
    assert "pool.csv, line 7: 'wizard' is not a warcaste card type" in dialog.details.toPlainText()
    assert "Nothing was imported from pool.csv" in dialog.headline.text()
    assert "51 cards" in tab.pool_bar.label.text()


def test_without_a_pool_the_sample_can_be_loaded(
    db: Database, window: MainWindow, qtbot: QtBot
) -> None:
    import_sample_pool(db)  # another game's pool does not help
    record = events.create_event(db, name="Castle night", format_id="castle-wars").value
    registration.add_player(db, event_id=record.id, name="Ada Byrne")
    window.open_event(record.id)
    assert window.event_view is not None
    tab = window.event_view.tab("Decks")
    assert isinstance(tab, DecksTab)
    window.event_view.tabs.setCurrentWidget(tab)
    answers = Answers(window)
    assert "No Castle Wars card pool yet" in tab.pool_bar.label.text()
    assert not tab.pool_bar.load_sample.button.isHidden()

    choose(tab, "Ada Byrne")
    paste(qtbot, tab, "Castle:\n1 Somewhere\n")
    tab.editor.check_quietly()
    assert tab.editor.summary_label.text().startswith("Not checked: no castle-wars card pool")
    tab.editor.check.button.click()
    assert answers.warnings and "no castle-wars card pool" in answers.warnings[0]

    tab.pool_bar.load_sample.button.click()
    assert tab.pool_bar.label.text().startswith("<b>Castle Wars pool:</b>")
    assert "also loaded: Warcaste (51 cards)" in tab.pool_bar.label.text()
    assert tab.pool_bar.load_sample.button.isHidden()
    assert "Imported sample-castle-wars.csv" in window.statusBar().currentMessage()
    # The pasted list is checked against the new pool straight away.
    assert tab.editor.report() is not None


def test_deck_checks_pick_tables_and_record_outcomes(
    window: MainWindow, tab: DecksTab, db: Database
) -> None:
    answers = Answers(window)
    pair_next(db, event_id=tab.event_id, seed=5, allow_missing_decks=True)
    tab.refresh_for(Changes(pairings=True))
    assert tab.checks_label.text() == "Deck checks: Checked 0 of 2 tables (0 %)"
    seen: dict[str, object] = {}

    def work(dialog: QDialog) -> int:
        assert isinstance(dialog, DeckChecksDialog)
        assert dialog.share_spin.value() == 10
        dialog.pick_button.click()
        assert dialog.model.rowCount() == 1
        picked = dialog.selected_check()
        assert picked is not None and picked.outcome == "pending"
        seen["headline"] = dialog.headline.text()
        answers.texts = ["sideboard had 11 cards"]
        dialog.problem_button.click()
        seen["after"] = dialog.model.row_at(0)
        seen["behind"] = tab.checks_label.text()  # the tab under the open dialog
        dialog.share_spin.setValue(100)
        dialog.pick_button.click()  # the other table
        dialog.ok_button.click()
        seen["final"] = dialog.headline.text()
        dialog.reject()
        return dialog.result()

    window.prompts.run_dialog = work
    tab.open_deck_checks.button.click()
    assert seen["headline"] == "Checked 0 of 2 tables (0 %); 1 picked, still to check"
    after = seen["after"]
    assert isinstance(after, CheckRow)
    assert (after.outcome, after.note) == ("problem", "sideboard had 11 cards")
    assert seen["behind"] == "Deck checks: Checked 1 of 2 tables (50 %)"
    assert seen["final"] == "Checked 2 of 2 tables (100 %)"
    assert tab.checks_label.text() == "Deck checks: Checked 2 of 2 tables (100 %)"
    assert answers.warnings == []


def test_picking_before_round_1_explains_why_not(window: MainWindow, tab: DecksTab) -> None:
    answers = Answers(window)

    def work(dialog: QDialog) -> int:
        assert isinstance(dialog, DeckChecksDialog)
        dialog.pick_button.click()
        assert not dialog.ok_button.isEnabled()
        return QDialog.DialogCode.Rejected

    window.prompts.run_dialog = work
    tab.open_deck_checks.action.trigger()
    assert answers.warnings == ["pair a round before picking tables for deck checks"]


def test_every_command_is_reachable_from_the_keyboard(tab: DecksTab) -> None:
    mnemonics = {
        tab.table_label.text(),
        tab.chase_check.text(),
        tab.open_deck_checks.button.text(),
        tab.pool_bar.import_file.button.text(),
        tab.pool_bar.load_sample.button.text(),
        tab.editor.text_label.text(),
        tab.editor.findings_label.text(),
        tab.editor.load_file.button.text(),
        tab.editor.check.button.text(),
        tab.editor.submit.button.text(),
        tab.editor.accept_despite_findings.button.text(),
    }
    letters = [text[text.index("&") + 1].lower() for text in mnemonics]
    assert len(letters) == len(set(letters)) == 11
    assert tab.editor.text_edit.tabChangesFocus()  # Tab leaves the editor
    keys = {a.text(): a.shortcut().toString() for a in tab.actions()}
    assert keys["C&heck"] == "Ctrl+Return" and keys["Su&bmit"] == "Ctrl+S"


def test_tab_walks_the_tab_in_reading_order(
    window: MainWindow, tab: DecksTab, qtbot: QtBot
) -> None:
    Answers(window)
    choose(tab, "Ada Byrne")  # the editor's widgets are enabled with a player
    editor = tab.editor
    walk = [tab.chase_check, tab.print_commands.button, tab.table, tab.open_deck_checks.button]
    walk += [editor.text_edit]
    walk += [editor.load_file.button, editor.check.button, editor.submit.button]
    walk[0].setFocus()
    for expected in walk[1:]:
        focus = QApplication.focusWidget()
        assert focus is not None
        qtbot.keyClick(focus, Qt.Key.Key_Tab)
        assert QApplication.focusWidget() is expected


def test_the_list_is_checked_by_itself_when_typing_stops(
    window: MainWindow, tab: DecksTab, qtbot: QtBot
) -> None:
    Answers(window)
    choose(tab, "Bo Chen")
    paste(qtbot, tab, illegal_text())
    assert tab.editor.findings_model.rowCount() == 0
    qtbot.waitUntil(lambda: tab.editor.findings_model.rowCount() == 2, timeout=3000)
    assert list(tab.editor.text_edit.marks()) == [10]
