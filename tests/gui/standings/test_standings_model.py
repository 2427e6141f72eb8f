"""`StandingsModel` and `BreakdownModel` over real results, checked with qtmodeltester."""

from __future__ import annotations

from fractions import Fraction

import pytest
from pytestqt.modeltest import ModelTester

from organizer.core.results import Score
from organizer.gui.standings.breakdown_model import MEAN_LABEL, BreakdownModel
from organizer.gui.standings.standings_model import StandingsModel, percent
from organizer.services.players import registration
from organizer.services.rounds import standings
from organizer.storage.database import Database
from tests.gui.played_events import event_with_players, play_round


def two_nil(_table: int) -> Score:
    return Score(2, 0)


def texts(model: StandingsModel | BreakdownModel) -> list[list[str]]:
    return [
        [model.index(r, c).data() for c in range(model.columnCount())]
        for r in range(model.rowCount())
    ]


@pytest.fixture
def after_round_one(db: Database) -> int:
    """8 players, every match 2-0: the four winners tie exactly, and so do the losers."""
    event_id = event_with_players(db, "castle-wars", 8)
    play_round(db, event_id, seed=5, rule=two_nil)
    return event_id


def test_exact_ties_show_their_rank_range(
    db: Database, after_round_one: int, qtmodeltester: ModelTester
) -> None:
    model = StandingsModel(db, after_round_one)
    qtmodeltester.check(model)
    rows = texts(model)
    assert [r[0] for r in rows] == ["1\u20134"] * 4 + ["5\u20138"] * 4
    assert [r[2:] for r in rows[:1]] == [["3", "1-0-0", "33.33", "100.00", "33.33"]]
    assert [r[2:] for r in rows[-1:]] == [["0", "0-1-0", "100.00", "33.33", "100.00"]]
    assert [r[1] for r in rows] == [
        row.name for row in standings.standings(db, event_id=after_round_one)
    ]


def test_rows_follow_the_standings_service_after_three_rounds(
    db: Database, qtmodeltester: ModelTester
) -> None:
    event_id = event_with_players(db, "castle-wars", 11)
    for seed in (1, 2, 3):
        play_round(db, event_id, seed=seed, rule=lambda t: Score(2, t % 2))
    loser = registration.list_players(db, event_id=event_id)[4]
    registration.set_dropped(
        db, event_id=event_id, registration_id=loser.registration_id, dropped=True
    )
    model = StandingsModel(db, event_id)
    qtmodeltester.check(model)
    service = standings.standings(db, event_id=event_id)
    for i, row in enumerate(service):
        first, last = row.tie_range
        rank = str(row.rank) if first == last else f"{first}\u2013{last}"
        assert texts(model)[i] == [
            rank,
            row.name,
            str(row.points),
            f"{row.wins}-{row.losses}-{row.draws}",
            f"{float(row.values.omw) * 100:.2f}",
            f"{float(row.values.gw) * 100:.2f}",
            f"{float(row.values.ogw) * 100:.2f}",
        ]
    dropped_row = model.row_of(loser.code)
    assert dropped_row is not None
    assert model.index(dropped_row, 1).data(3) == "Dropped after round 3"  # ToolTipRole


def test_breakdown_lists_each_opponent_and_the_mean(
    db: Database, qtmodeltester: ModelTester
) -> None:
    event_id = event_with_players(db, "castle-wars", 9)
    for seed in (7, 8):
        play_round(db, event_id, seed=seed, rule=lambda t: Score(2, 1) if t % 2 else Score(0, 2))
    rows = standings.standings(db, event_id=event_id)
    model = BreakdownModel()
    qtmodeltester.check(model)
    assert model.rowCount() == 0
    for row in rows:
        model.set_standing(row)
        qtmodeltester.check(model)
        lines = texts(model)
        expected = [[str(o.round), o.name, percent(o.mwp), percent(o.gwp)] for o in row.opponents]
        label = MEAN_LABEL if row.opponents else "No opponents yet: the 33.33 floor"
        assert lines == [*expected, ["", label, percent(row.values.omw), percent(row.values.ogw)]]
        assert model.is_mean_row(len(lines) - 1)
        if row.opponents:  # the mean shown is the mean of the column above it
            assert row.values.omw == sum((o.mwp for o in row.opponents), Fraction(0)) / len(
                row.opponents
            )
    with_bye = next(r for r in rows if r.byes)
    model.set_standing(with_bye)
    assert len(with_bye.opponents) == with_bye.matches - with_bye.byes  # the bye is left out
    assert model.rowCount() == len(with_bye.opponents) + 1
