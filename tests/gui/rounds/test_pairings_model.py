"""`PairingsModel` over a real event with results, a bye and a drop; qtmodeltester checks it."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QPersistentModelIndex, QSortFilterProxyModel, Qt
from pytestqt.modeltest import ModelTester

from organizer.core.event import EventData
from organizer.core.pairing.tally import tally
from organizer.core.pairing.tiebreakers import records
from organizer.core.results import Score
from organizer.core.views.round_view import round_view
from organizer.gui.rounds.pairings_model import SORT_ROLE, PairingsModel
from organizer.gui.window.main_window import MainWindow
from organizer.services.event import interchange
from organizer.services.rounds import results
from organizer.storage import snapshot_repo
from organizer.storage.database import Database
from tests.gui.played_events import event_with_players, play_round


def score_by_table(table: int) -> Score:
    return Score(2, 0) if table % 2 else Score(1, 2)


@pytest.fixture
def played(db: Database) -> int:
    """9 players (a bye each round): round 1 complete, round 2 with tables 2 and 3 open."""
    event_id = event_with_players(db, "castle-wars", 9)
    play_round(db, event_id, seed=11, rule=score_by_table)
    play_round(db, event_id, seed=12, rule=score_by_table, leave_open={2, 3})
    results.record_result(
        db,
        event_id=event_id,
        table=4,
        score=Score(2, 1),
        round_number=2,
        drop=(False, True),
        correct=True,
    )
    return event_id


def texts(model: PairingsModel | QSortFilterProxyModel) -> list[list[str]]:
    return [
        [model.index(r, c).data() for c in range(model.columnCount())]
        for r in range(model.rowCount())
    ]


def test_the_latest_round_is_shown_and_passes_the_model_tester(
    db: Database, played: int, qtmodeltester: ModelTester
) -> None:
    model = PairingsModel(db, played)
    qtmodeltester.check(model)
    assert model.round_numbers() == [1, 2]
    assert model.round_number == 2
    assert [model.headerData(c, Qt.Orientation.Horizontal) for c in range(4)] == [
        "Table",
        "Player A (points)",
        "Player B (points)",
        "Result",
    ]
    event = interchange.load_event(db, event_id=played)
    points = records(tally(event.rounds, event.points, event.best_of, through_round=1))
    names = {p.id: p.name for p in event.players}
    expected = []
    for m in event.rounds[1].matches:
        seats = [f"{names[p]} ({points[p].points})" for p in m.players]
        if m.is_bye:
            expected.append(["\u2013", seats[0], "", "bye"])
            continue
        if m.table == 4:
            seats[1] += " · drops"
        result = "—" if m.wins is None else str(Score(m.wins[0], m.wins[1], m.draws))
        expected.append([str(m.table), seats[0], seats[1], result])
    assert texts(model) == expected
    assert [row[3] for row in texts(model)] == ["2-0", "—", "—", "2-1", "bye"]
    assert model.missing_tables() == [2, 3]
    assert (model.match_count(), model.reported_count()) == (4, 2)


def test_switching_rounds_shows_points_before_that_round(
    db: Database, played: int, qtmodeltester: ModelTester
) -> None:
    model = PairingsModel(db, played)
    model.show_round(1)
    qtmodeltester.check(model)
    rows = texts(model)
    assert all(text.endswith("(0)") for row in rows for text in row[1:3] if text)
    assert [row[3] for row in rows] == ["2-0", "1-2", "2-0", "1-2", "bye"]
    assert model.missing_tables() == []
    model.refresh()  # stays on the round shown
    assert model.round_number == 1


def test_sorting_by_table_puts_the_bye_last(
    db: Database, played: int, qtmodeltester: ModelTester
) -> None:
    model = PairingsModel(db, played)
    proxy = QSortFilterProxyModel()
    proxy.setSortRole(SORT_ROLE)
    proxy.setSourceModel(model)
    qtmodeltester.check(proxy)
    proxy.sort(0, Qt.SortOrder.DescendingOrder)
    assert [row[0] for row in texts(proxy)] == ["\u2013", "4", "3", "2", "1"]
    proxy.sort(0, Qt.SortOrder.AscendingOrder)
    assert [row[0] for row in texts(proxy)] == ["1", "2", "3", "4", "\u2013"]


def test_an_event_without_rounds_is_empty(db: Database, qtmodeltester: ModelTester) -> None:
    event_id = event_with_players(db, "castle-wars", 4)
    model = PairingsModel(db, event_id)
    qtmodeltester.check(model)
    assert (model.rowCount(), model.round_number, model.latest_round()) == (0, None, None)


def test_the_model_sorts_itself_as_a_sorting_proxy_would(
    db: Database, played: int, qtmodeltester: ModelTester
) -> None:
    """A view with sorting on calls `sort`; no proxy asks data() for every comparison.

    Click after click, ties included, the rows read as a proxy over the same round shows them."""
    model = PairingsModel(db, played)
    proxy = QSortFilterProxyModel()
    proxy.setSortRole(SORT_ROLE)
    proxy.setSourceModel(PairingsModel(db, played))
    for column in range(model.columnCount()):
        for order in (Qt.SortOrder.AscendingOrder, Qt.SortOrder.DescendingOrder):
            model.sort(column, order)
            proxy.sort(column, order)
            assert texts(model) == texts(proxy), (column, order)
    qtmodeltester.check(model)
    model.sort(0, Qt.SortOrder.DescendingOrder)
    assert [row[0] for row in texts(model)] == ["\u2013", "4", "3", "2", "1"]
    assert model.missing_tables() == [2, 3]  # by number, whatever the order shown
    assert [r.table for r in model.rows_by_table()] == [1, 2, 3, 4, None]


def test_ties_keep_the_order_of_the_previous_sort(db: Database, played: int) -> None:
    model = PairingsModel(db, played)
    model.sort(0, Qt.SortOrder.DescendingOrder)
    model.sort(3, Qt.SortOrder.AscendingOrder)  # results; tables 2 and 3 both missing
    assert [row[0] for row in texts(model)] == ["1", "4", "\u2013", "3", "2"]
    model.show_round(1)  # another round, in the same order: ties by table again
    assert [row[0] for row in texts(model)] == ["2", "4", "1", "3", "\u2013"]


def test_rows_keep_their_persistent_indexes_when_sorted_or_a_result_moves_them(
    db: Database, played: int, qtmodeltester: ModelTester
) -> None:
    """A selection sits on persistent indexes: it stays on its table whatever the order."""
    model = PairingsModel(db, played)
    qtmodeltester.check(model)
    resets: list[int] = []
    model.modelReset.connect(lambda: resets.append(1))
    table_2 = QPersistentModelIndex(model.index(1, 2))
    assert model.row_at(table_2.row()).table == 2
    model.sort(0, Qt.SortOrder.DescendingOrder)
    assert model.row_at(table_2.row()).table == 2 and table_2.column() == 2
    assert table_2.row() == 3

    model.sort(3, Qt.SortOrder.DescendingOrder)  # "—" first: tables 3 and 2 still open
    assert [model.row_at(r).table for r in range(2)] == [3, 2]
    assert model.apply_result(2, 2, Score(0, 2))  # table 2 leaves the open ones
    assert model.row_at(table_2.row()).table == 2
    assert model.index(table_2.row(), 3).data() == "0-2"
    assert [row[3] for row in texts(model)] == ["—", "bye", "2-1", "2-0", "0-2"]
    assert resets == []  # in place and moved, never reset


def test_pairing_in_the_rounds_tab_shows_the_round_without_reading_the_event_again(
    window: MainWindow, db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The pairing reads the event once, under its lock, and returns the round's view;
    the tab shows that view: no other read of the event follows (issue 27)."""
    event_id = event_with_players(db, "castle-wars", 9)
    window.open_event(event_id)
    assert window.event_view is not None
    tab = window.event_view.rounds_tab
    window.event_view.tabs.setCurrentWidget(tab)
    reads: list[int] = []
    real_load = snapshot_repo.load

    def counted_load(session: Any, *, event_id: int) -> EventData:
        reads.append(event_id)
        return real_load(session, event_id=event_id)

    monkeypatch.setattr(snapshot_repo, "load", counted_load)
    tab.pair_next_round.button.click()
    assert tab.model.round_number == 1
    assert reads == [event_id]  # the pairing's own read under the lock, and nothing after
    stored = interchange.load_event(db, event_id=event_id)
    assert tab.model.rows_by_table() == list(round_view(stored, 1).tables)


def test_a_warcaste_table_says_sudden_death_applies_there(db: Database) -> None:
    """Two-player tables of a format ending rounds in sudden death say so; others do not."""
    warcaste = event_with_players(db, "warcaste-skirmish-constructed", 5)
    play_round(db, warcaste, seed=1, leave_open={1, 2})
    castle = event_with_players(db, "castle-wars", 5)
    play_round(db, castle, seed=1, leave_open={1, 2})
    model, other = PairingsModel(db, warcaste), PairingsModel(db, castle)
    tip = Qt.ItemDataRole.ToolTipRole
    for r in range(model.rowCount()):
        said = model.index(r, 3).data(tip)
        assert (said is not None and "sudden death applies here" in said) == (
            not model.row_at(r).is_bye
        )
    assert all(other.index(r, 3).data(tip) is None for r in range(other.rowCount()))
