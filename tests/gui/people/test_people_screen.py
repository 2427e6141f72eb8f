"""The People screen on a real database: search, a person's events, merge, the leaderboard."""

from __future__ import annotations

import datetime as dt
import random

from PySide6.QtCore import QItemSelectionModel
from PySide6.QtWidgets import QDialog
from pytestqt.qtbot import QtBot

from organizer.gui.people.people_screen import PeopleScreen, PersonDialog, open_people_screen
from organizer.services.players import people, seasons
from organizer.storage.database import Database
from tests.gui.shots import save_shot
from tests.services.players.weekly_events import FORMAT, play_week

"""Where to save the screens for a look (nothing is saved unless it is set)."""
DAY = dt.date(2026, 2, 6)


def store(db: Database) -> int:
    players = [("Łukasz Żółkiewski", "77"), ("Ann Lee", "12"), ("Bo Chen", "13"), ("Cy", "15")]
    for w in range(3):
        play_week(db, random.Random(w), date=DAY + dt.timedelta(weeks=w), players=players)
    play_week(db, random.Random(9), date=DAY, players=[("Cy Twin", None), ("Di", "14")])
    season_id = seasons.new_season(
        db, name="Winter", date_from=DAY, date_to=DAY + dt.timedelta(weeks=8), formats=(FORMAT,)
    ).value
    seasons.set_setting(db, season_id=season_id, key="placement", value="10,8,6,4")
    return season_id


def opened(db: Database, qtbot: QtBot) -> PeopleScreen:
    screen = open_people_screen(db, None)
    qtbot.addWidget(screen)
    qtbot.waitExposed(screen)
    return screen


def names(screen: PeopleScreen) -> list[str]:
    model = screen.people_model
    return [model.index(r, 0).data() for r in range(model.rowCount())]


def test_search_history_and_the_season_board(
    db: Database, qtbot: QtBot, qtmodeltester: object
) -> None:
    season_id = store(db)
    screen = opened(db, qtbot)
    assert len(names(screen)) == 6
    screen.search_edit.setText("lukasz")
    assert names(screen) == ["Łukasz Żółkiewski"]
    rows = QItemSelectionModel.SelectionFlag.ClearAndSelect | QItemSelectionModel.SelectionFlag.Rows
    screen.people_table.selectionModel().setCurrentIndex(screen.people_model.index(0, 0), rows)
    model = screen.history_model
    assert model.rowCount() == 3
    assert model.index(0, 1).data() == f"Friday {DAY}"
    screen.tabs.setCurrentIndex(1)
    board = screen.board_model
    expected = seasons.standings(db, season_id=season_id)
    assert [board.index(r, 1).data() for r in range(board.rowCount())] == [r.name for r in expected]
    assert board.index(0, 2).data() == str(expected[0].points)
    for m in (screen.people_model, screen.history_model, board):
        qtmodeltester.check(m)  # type: ignore[attr-defined]
    save_shot(screen, "season_screen.png")
    screen.tabs.setCurrentIndex(0)
    save_shot(screen, "people_screen.png")


def test_merging_two_selected_people_keeps_the_current_one(db: Database, qtbot: QtBot) -> None:
    store(db)
    screen = opened(db, qtbot)
    screen.prompts.confirm = lambda _t, _x: True
    screen.search_edit.setText("cy")
    assert sorted(names(screen)) == ["Cy", "Cy Twin"]
    keep_row = names(screen).index("Cy")
    selection = screen.people_table.selectionModel()
    flags = QItemSelectionModel.SelectionFlag.Select | QItemSelectionModel.SelectionFlag.Rows
    selection.select(screen.people_model.index(1 - keep_row, 0), flags)
    selection.setCurrentIndex(screen.people_model.index(keep_row, 0), flags)
    assert screen.merge_button.isEnabled()
    screen.merge_people()
    assert names(screen) == ["Cy"]
    [cy] = people.list_people(db, query="cy")
    assert cy.events == 4


def test_the_edit_dialog_changes_the_four_fields_as_typed(db: Database, qtbot: QtBot) -> None:
    store(db)
    screen = opened(db, qtbot)
    screen.search_edit.setText("Bo Chen")
    flags = (
        QItemSelectionModel.SelectionFlag.ClearAndSelect | QItemSelectionModel.SelectionFlag.Rows
    )
    screen.people_table.selectionModel().setCurrentIndex(screen.people_model.index(0, 0), flags)

    def typed(dialog: QDialog) -> int:
        assert isinstance(dialog, PersonDialog)
        for edit, text in (
            (dialog.name_edit, "Bo Chen-Li"),
            (dialog.number_edit, ""),
            (dialog.email_edit, "bo@example.org"),
            (dialog.note_edit, "judge level 1"),
        ):
            edit.setText(text)
        return QDialog.DialogCode.Accepted

    screen.prompts.run_dialog = typed
    screen.edit_person()

    [bo] = people.list_people(db, query="Bo Chen-Li")
    edited = people.get_person(db, bo.id)
    assert (edited.name, edited.number, edited.email, edited.note) == (
        "Bo Chen-Li", None, "bo@example.org", "judge level 1",
    )  # fmt: skip
    assert "Bo Chen-Li" in [p.name for p in screen.everyone]  # the screen read everyone again
