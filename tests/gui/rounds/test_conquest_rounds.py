"""The Rounds tab of a Warcaste Conquest event: tables of 3 to 5, results by seat number.

A 13-player event is seated 4, 4, 5. The TO types the table, then the
winner's seat ("2"), "d" for a draw for everyone or "d 1 3" for a draw of
the players still in at time, then Enter. Real widgets on a real SQLite
file; what was recorded is read back through `services.interchange`, and
both models pass the model tester.
"""

from __future__ import annotations

import pytest
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from organizer.core.event import EventData, Match
from organizer.gui.rounds.pairings_model import PairingsModel, TableOutcome
from organizer.gui.rounds.rounds_tab import RoundsTab
from organizer.gui.rounds.table_result_entry import (
    TableResultEntry,
    TableResultError,
    parse_table_result,
)
from organizer.gui.rounds.tables_model import RESULT, SEATS, TablesModel
from organizer.gui.window.main_window import MainWindow
from organizer.services.event import interchange, settings
from organizer.services.rounds import results
from organizer.services.rounds.pairing import pair_next
from organizer.storage.database import Database
from tests.gui.answers import Answers, focused, type_keys
from tests.gui.played_events import event_with_players


@pytest.fixture
def conquest(db: Database) -> int:
    """13 players; the house option "still-in" (the default is that everyone at the table
    draws at time, docs/rules.md), so a draw of some seats can be typed."""
    event_id = event_with_players(db, "warcaste-conquest", 13, name="Conquest Saturday")
    settings.set_setting(db, event_id=event_id, key="conquest_time_draw", value="still-in")
    return event_id


def test_by_default_a_draw_of_some_seats_is_refused_inline_naming_the_house_option(
    window: MainWindow, db: Database, qtbot: QtBot
) -> None:
    event_id = event_with_players(db, "warcaste-conquest", 13, name="Conquest Sunday")
    window.open_event(event_id)
    tab = rounds_tab(window)
    answers = Answers(window)
    tab.pair_next_round.button.click()
    entry = entry_of(tab)
    type_keys(qtbot, "1 d 1 3\n")
    assert "everyone at the table draws" in entry.error_label.text()
    assert "house option" in entry.error_label.text()
    assert all(m.wins is None for m in load(db, event_id).rounds[0].matches)
    entry.result_edit.selectAll()
    type_keys(qtbot, "d\n")  # a draw for everyone: the rulebook's reading
    assert set(table(load(db, event_id), 1).drawn) == set(table(load(db, event_id), 1).players)
    assert answers.warnings == []


def rounds_tab(window: MainWindow) -> RoundsTab:
    assert window.event_view is not None
    tab = window.event_view.rounds_tab
    window.event_view.tabs.setCurrentWidget(tab)
    return tab


def entry_of(tab: RoundsTab) -> TableResultEntry:
    assert isinstance(tab.entry, TableResultEntry)
    return tab.entry


def load(db: Database, event_id: int) -> EventData:
    return interchange.load_event(db, event_id=event_id)


def table(event: EventData, number: int, round_number: int = 1) -> Match:
    return next(m for m in event.rounds[round_number - 1].matches if m.table == number)


@pytest.mark.usefixtures("conquest")
def test_pairing_shows_every_table_with_its_seats_and_the_split(
    window: MainWindow, db: Database, conquest: int
) -> None:
    tab = rounds_tab(window)
    Answers(window)
    assert isinstance(tab.model, TablesModel)
    assert tab.split_label.isVisible()
    assert "13 players at 3 tables: 4, 4, 5" in tab.split_label.text()

    tab.pair_next_round.button.click()
    assert window.statusBar().currentMessage() == "Paired round 1: 3 tables."
    assert tab.status_label.text() == "Round 1: 3 of 3 results missing (tables 1, 2, 3)"
    event = load(db, conquest)
    names = {p.id: p.name for p in event.players}
    sizes = []
    for row in range(tab.model.rowCount()):
        number = int(tab.model.index(row, 0).data())
        seats = tab.model.index(row, SEATS).data().split("\n")
        match = table(event, number)
        assert seats == [f"{i}  {names[p]} (0)" for i, p in enumerate(match.players, start=1)]
        assert tab.model.index(row, RESULT).data() == "—"
        sizes.append(len(seats))
    assert sizes == [4, 4, 5]
    # Each row is tall enough for its seats.
    assert tab.table.rowHeight(2) > tab.table.rowHeight(0) > 3 * tab.fontMetrics().height()


@pytest.mark.usefixtures("conquest")
def test_a_winner_a_draw_for_everyone_and_a_draw_of_two_seats_from_the_keyboard(
    window: MainWindow, db: Database, conquest: int, qtbot: QtBot
) -> None:
    tab = rounds_tab(window)
    answers = Answers(window)
    tab.pair_next_round.button.click()
    entry = entry_of(tab)
    assert focused() is entry.table_edit
    event = load(db, conquest)
    names = {p.id: p.name for p in event.players}
    first, second, third = (table(event, n) for n in (1, 2, 3))

    type_keys(qtbot, "1")  # the slip shows the seats with their numbers
    seats = "     ".join(f"{i} {names[p]} (0)" for i, p in enumerate(first.players, start=1))
    assert entry.slip_label.text() == f"Table 1:   {seats}"
    (selected,) = tab.table.selectionModel().selectedRows()
    assert selected.data() == "1"
    type_keys(qtbot, " 2\n")
    winner = first.players[1]
    assert entry.slip_label.text() == f"✓ Table 1: recorded {names[winner]} wins. Next slip."
    assert focused() is entry.table_edit
    assert window.statusBar().currentMessage() == (
        f"Round 1 table 1: recorded {names[winner]} wins."
    )

    type_keys(qtbot, "2 d\n")
    type_keys(qtbot, "3\nd 1 3\n")  # Enter after the table moves on too

    recorded = load(db, conquest)
    assert table(recorded, 1).winner == winner and table(recorded, 1).drawn == ()
    assert table(recorded, 2).winner is None
    assert set(table(recorded, 2).drawn) == set(second.players)
    assert table(recorded, 3).winner is None
    assert table(recorded, 3).drawn == (third.players[0], third.players[2])
    assert tab.status_label.text() == "Round 1: all 3 results in."
    results_shown = {
        tab.model.index(r, 0).data(): tab.model.index(r, RESULT).data().split("\n")
        for r in range(3)
    }
    assert results_shown == {
        "1": ["loss", "win", "loss", "loss"],
        "2": ["draw"] * 4,
        "3": ["draw", "loss", "draw", "loss", "loss"],
    }
    assert answers.warnings == answers.questions == []


@pytest.mark.usefixtures("conquest")
def test_a_seat_the_table_does_not_have_is_an_inline_error(
    window: MainWindow, db: Database, conquest: int, qtbot: QtBot
) -> None:
    tab = rounds_tab(window)
    answers = Answers(window)
    tab.pair_next_round.button.click()
    entry = entry_of(tab)

    type_keys(qtbot, "1 7\n")
    assert entry.error_label.isVisible()
    assert entry.error_label.text() == "Table 1: The table has seats 1 to 4: there is no seat 7."
    assert "c00000" in entry.error_label.styleSheet()  # red, like the two-player slip
    assert focused() is entry.result_edit
    assert entry.table_edit.text() == "1"  # the slip stays to be fixed

    entry.result_edit.selectAll()
    type_keys(qtbot, "d 2\n")
    assert entry.error_label.text().startswith("Table 1: A draw needs two seats or more")

    entry.result_edit.selectAll()
    type_keys(qtbot, "4")  # typing again clears the error
    assert entry.error_label.isHidden()
    entry.table_edit.setText("9")
    assert entry.slip_label.text() == "No table 9 in round 1."
    type_keys(qtbot, "\n")
    assert entry.error_label.text() == "Round 1 has no table 9."
    assert all(m.wins is None for m in load(db, conquest).rounds[0].matches)
    assert answers.warnings == []


@pytest.mark.usefixtures("conquest")
def test_changing_a_recorded_table_asks_first(
    window: MainWindow, db: Database, conquest: int, qtbot: QtBot
) -> None:
    tab = rounds_tab(window)
    answers = Answers(window, confirm=False)
    tab.pair_next_round.button.click()
    entry = entry_of(tab)
    first = table(load(db, conquest), 1)
    names = {p.id: p.name for p in load(db, conquest).players}

    type_keys(qtbot, "1 2\n")
    type_keys(qtbot, "1 2\n")  # the same again: nothing to ask
    assert entry.slip_label.text() == (
        f"Table 1 already has {names[first.players[1]]} wins: nothing changed."
    )
    type_keys(qtbot, "1 d\n")
    assert answers.questions[-1].startswith(
        f"Table 1 has {names[first.players[1]]} wins; change to draw for everyone?"
    )
    assert table(load(db, conquest), 1).winner == first.players[1]

    answers.confirm = True
    type_keys(qtbot, "\n")
    assert table(load(db, conquest), 1).winner is None
    assert entry.slip_label.text() == "✓ Table 1: changed to draw for everyone. Next slip."


def test_the_tables_model_and_the_pairings_model_pass_the_model_tester(
    db: Database, conquest: int, qtmodeltester: ModelTester
) -> None:
    seated = pair_next(db, event_id=conquest, seed=5).value
    two = table(interchange.load_event(db, event_id=conquest), 2)
    results.record_table_result(db, event_id=conquest, table=1, winner=seated.matches[0].players[0])
    results.record_table_result(db, event_id=conquest, table=2, winner=None, drawn=two.players[:2])
    tables = TablesModel(db, conquest)
    assert tables.columnCount() == 3 and tables.rowCount() == 3
    qtmodeltester.check(tables)
    pairings = PairingsModel(db, conquest)  # the two-column view of the same tables
    qtmodeltester.check(pairings)
    assert pairings.missing_tables() == tables.missing_tables() == [3]
    assert pairings.row_at(1).outcome == TableOutcome(None, (0, 1))


@pytest.mark.parametrize(
    ("typed", "seats", "expected"),
    [
        ("2", 4, TableOutcome(1, ())),
        (" 5 ", 5, TableOutcome(4, ())),
        ("d", 4, TableOutcome(None, (0, 1, 2, 3))),
        ("D 3 1", 4, TableOutcome(None, (0, 2))),
        ("d1,3", 5, TableOutcome(None, (0, 2))),
        ("d 1 2 3", 3, TableOutcome(None, (0, 1, 2))),
    ],
)
def test_parse_table_result_reads_seat_numbers(
    typed: str, seats: int, expected: TableOutcome
) -> None:
    assert parse_table_result(typed, seats) == expected


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("", "Type the winner's seat number (1 to 4), or d for a draw."),
        ("0", "The table has seats 1 to 4: there is no seat 0."),
        ("d 2 5", "The table has seats 1 to 4: there is no seat 5."),
        ("1 2", "Type one winner's seat number"),
        ("d 3", "A draw needs two seats or more"),
        ("x", "'x' is not a seat number"),
    ],
)
def test_parse_table_result_says_what_is_wrong(typed: str, message: str) -> None:
    with pytest.raises(TableResultError) as caught:
        parse_table_result(typed, 4)
    assert str(caught.value).startswith(message)
