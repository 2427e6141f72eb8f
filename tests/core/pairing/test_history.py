"""The facts Swiss pairing reads from earlier rounds: points, opponents, byes."""

from __future__ import annotations

import pytest

from organizer.core.event import EventData, Match, Player, PlayerId, Points, Round
from organizer.core.pairing.history import PairingError, pairing_history

A, B, C, D, E = (PlayerId(x) for x in "abcde")


def event(*rounds: Round, points: Points | None = None) -> EventData:
    players = tuple(Player(id=pid, name=pid.upper()) for pid in (A, B, C, D, E))
    return EventData(name="h", players=players, rounds=rounds, points=points or Points())


def test_wins_draws_losses_and_byes() -> None:
    r1 = Round(
        number=1,
        matches=(
            Match(table=1, players=(A, B), wins=(2, 1)),
            Match(table=2, players=(C, D), wins=(1, 1), draws=1),
            Match(table=None, players=(E,)),
        ),
    )
    r2 = Round(
        number=2,
        matches=(
            Match(table=1, players=(E, A), wins=(0, 2)),
            Match(table=2, players=(B, C), wins=(1, 2)),
            Match(table=None, players=(D,)),
        ),
    )
    h = pairing_history(event(r1, r2), before_round=3)
    at = h.position
    assert [h.points[at[p]] for p in (A, B, C, D, E)] == [6, 0, 4, 4, 3]
    assert [h.byes[at[p]] for p in (A, B, C, D, E)] == [0, 0, 0, 1, 1]
    assert h.opponents[at[A]] == {at[B], at[E]}
    assert h.opponents[at[E]] == {at[A]}, "a bye is no opponent"


def test_only_swiss_rounds_before_the_round_count() -> None:
    r1 = Round(number=1, matches=(Match(table=1, players=(A, B), wins=(1, 0)),))
    r2 = Round(number=2, matches=(Match(table=1, players=(A, C), wins=(1, 0)),))
    top = Round(
        number=3, matches=(Match(table=1, players=(A, D), wins=(1, 0)),), stage="elimination"
    )
    h = pairing_history(event(r1, r2, top), before_round=2)
    assert h.points[h.position[A]] == 3
    assert h.opponents[h.position[A]] == {h.position[B]}
    h = pairing_history(event(r1, r2, top), before_round=9)
    assert h.points[h.position[A]] == 6


def test_the_event_points_are_used() -> None:
    r1 = Round(
        number=1,
        matches=(
            Match(table=1, players=(A, B), wins=(0, 0), draws=1),
            Match(table=2, players=(C, D), wins=(0, 1)),
            Match(table=None, players=(E,)),
        ),
    )
    h = pairing_history(event(r1, points=Points(win=2, draw=1, loss=-1)), before_round=2)
    assert [h.points[h.position[p]] for p in (A, B, C, D, E)] == [1, 1, -1, 2, 2]


def test_a_multiplayer_game() -> None:
    won = Round(number=1, matches=(Match(table=1, players=(A, B, C, D), winner=C),))
    drawn = Round(number=2, matches=(Match(table=1, players=(A, B, C), draws=1),))
    h = pairing_history(event(won, drawn), before_round=3)
    assert [h.points[h.position[p]] for p in (A, B, C, D)] == [1, 1, 4, 0]
    assert h.opponents[h.position[D]] == {h.position[A], h.position[B], h.position[C]}


def test_missing_results_and_strangers_are_errors() -> None:
    open_round = Round(number=1, matches=(Match(table=1, players=(A, B)),))
    with pytest.raises(PairingError, match="round 1 has a match without a result"):
        pairing_history(event(open_round), before_round=2)
    assert pairing_history(event(open_round), before_round=1).points[0] == 0
    stranger = Round(number=1, matches=(Match(table=1, players=(A, PlayerId("zz")), wins=(1, 0)),))
    with pytest.raises(PairingError, match="zz"):
        pairing_history(event(stranger), before_round=2)
    undecided = Round(number=1, matches=(Match(table=1, players=(A, B, C)),))
    with pytest.raises(PairingError, match="without a result"):
        pairing_history(event(undecided), before_round=2)
