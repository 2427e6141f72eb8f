"""A round's progress: byes are in neither the tables nor the results."""

from __future__ import annotations

from organizer.core.event import Match, PlayerId, Round
from organizer.core.views.round_view import RoundProgress, round_progress


def _match(table: int | None, *players: str, wins: tuple[int, ...] | None = None) -> Match:
    return Match(table, tuple(PlayerId(p) for p in players), wins)


def test_tables_and_results_leave_the_bye_out() -> None:
    rnd = Round(
        3,
        (
            _match(1, "p1", "p2", wins=(2, 1)),
            _match(2, "p3", "p4"),
            _match(3, "p5", "p6", "p7", wins=(1, 0, 0)),
            _match(None, "p8"),
        ),
        stage="swiss",
    )
    assert round_progress(rnd) == RoundProgress(3, "swiss", tables=3, results=2)


def test_a_round_of_only_a_bye_has_nothing_to_report() -> None:
    rnd = Round(1, (_match(None, "p1"),), stage="elimination")
    assert round_progress(rnd) == RoundProgress(1, "elimination", tables=0, results=0)
