"""Why this pairing: a 13-player event where round 2 forces a float and a bye.

After round 1 (six wins, six losses, one bye) seven players have 3 points and six have 0:
thirteen to pair is odd (a bye), and the bye goes to the lowest group, which leaves
seven on 3 points (odd: one of them plays down). The test reads both facts from the
standings, not from the explanation.
"""

from __future__ import annotations

import dataclasses
from collections import Counter

import pytest

from organizer.core.event import EventData, Match, Player, PlayerId, Round
from organizer.core.pairing.explain import ExplainError, explain
from organizer.core.pairing.standings import compute_standings
from organizer.core.pairing.swiss import pair_next_round

NAMES = ["Ada", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy", "Jo", "Kim", "Lu", "Mo"]


def played(rnd: Round) -> Round:
    """Every table won 2-0 by its first player."""
    return dataclasses.replace(
        rnd,
        matches=tuple(m if m.is_bye else dataclasses.replace(m, wins=(2, 0)) for m in rnd.matches),
    )


def thirteen() -> EventData:
    event = EventData(
        name="Thirteen",
        players=tuple(Player(PlayerId(f"p{i}"), n) for i, n in enumerate(NAMES, 1)),
        best_of=3,
    )
    event = dataclasses.replace(event, rounds=(played(pair_next_round(event, seed=5)),))
    return dataclasses.replace(event, rounds=(*event.rounds, pair_next_round(event, seed=6)))


def test_a_forced_float_and_a_forced_bye_are_explained() -> None:
    event = thirteen()
    rnd = event.rounds[1]
    points = {r.player: r.points for r in compute_standings(event, through_round=1)}
    groups = Counter(points.values())
    had_bye = {m.players[0] for m in event.rounds[0].matches if m.is_bye}

    (bye,) = explain(event, rnd, None)
    (who,) = bye.players
    assert len(points) % 2 == 1  # 13 to pair: someone gets a bye
    assert f"{len(points)} players were to be paired, an odd number" in bye.reasons[0]
    assert who not in had_bye and "has had no bye yet" in bye.reasons[1]
    assert points[who] == min(points[p] for p in points if p not in had_bye)
    assert "lowest score group" in bye.reasons[2]

    floats = [
        m for m in rnd.matches if not m.is_bye and points[m.players[0]] != points[m.players[1]]
    ]
    assert len(floats) == 1  # seven on 3 points once the bye is out of the 0-point group
    (m,) = floats
    high, low = sorted(m.players, key=lambda p: -points[p])
    (why,) = explain(event, rnd, m.table)
    names = dict(zip(why.players, why.names, strict=True))
    assert why.table == m.table and set(why.players) == set(m.players)
    assert why.reasons[0] == (
        f"{names[high]} (3 points) is paired down to play {names[low]} "
        f"({points[low]} points), who is paired up."
    )
    size = groups[points[high]]
    assert size % 2 == 1
    assert why.reasons[1].startswith(f"The 3-point group has {size} players, an odd number")

    same = next(t for t in rnd.matches if not t.is_bye and t is not m)
    (plain,) = explain(event, rnd, same.table)
    assert plain.reasons[0].startswith(f"Both players have {points[same.players[0]]} point")
    assert "paired down" not in " ".join(plain.reasons)


def test_a_rematch_is_named_as_one() -> None:
    event = thirteen()
    r1 = event.rounds[0].matches[0]
    rnd = dataclasses.replace(
        event.rounds[1], matches=(Match(table=1, players=r1.players), *event.rounds[1].matches[1:])
    )
    (why,) = explain(dataclasses.replace(event, rounds=(event.rounds[0], rnd)), rnd, 1)
    assert "have played each other before" in " ".join(why.reasons)


def test_an_unknown_table_is_refused() -> None:
    event = thirteen()
    with pytest.raises(ExplainError, match="no table 99"):
        explain(event, event.rounds[1], 99)
