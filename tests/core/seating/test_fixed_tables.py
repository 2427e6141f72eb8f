"""Fixed seats renumber a paired round's tables and never change who plays whom."""

from __future__ import annotations

import dataclasses

import pytest

from organizer.core.event import EventData, Player, PlayerId
from organizer.core.pairing.swiss import pair_next_round
from organizer.core.seating.fixed_tables import FixedTableError, fix_tables


def paired(count: int) -> tuple[EventData, dict[frozenset[PlayerId], int | None]]:
    event = EventData(
        name="Fixed", players=tuple(Player(PlayerId(f"p{i}"), f"P{i}") for i in range(count))
    )
    rnd = pair_next_round(event, seed=1)
    return dataclasses.replace(event, rounds=(rnd,)), {
        frozenset(m.players): m.table for m in rnd.matches
    }


def test_a_fixed_player_keeps_the_number_and_the_rest_flow_around() -> None:
    event, before = paired(20)
    rnd = event.rounds[0]
    sits = next(m for m in rnd.matches if m.table == 7).players[0]
    fixed = fix_tables(rnd, {sits: 2})
    tables = {frozenset(m.players): m.table for m in fixed.matches}
    assert set(tables) == set(before)  # the same pairs
    assert next(m.table for m in fixed.matches if sits in m.players) == 2
    numbers = sorted(t for t in tables.values() if t is not None)
    assert numbers == list(range(1, 11))
    # the others keep the pairer's order around table 2
    others = [m for m in rnd.matches if sits not in m.players]
    assert [tables[frozenset(m.players)] for m in others] == [1, *range(3, 11)]


def test_two_fixed_players_paired_together_sit_at_the_lower_table() -> None:
    event, _ = paired(8)
    m = event.rounds[0].matches[0]
    a, b = m.players
    fixed = fix_tables(event.rounds[0], {a: 9, b: 3})
    assert next(x.table for x in fixed.matches if a in x.players) == 3
    assert sorted(x.table or 0 for x in fixed.matches) == [1, 2, 3, 4]


def test_a_fixed_number_beyond_the_round_stays_and_byes_keep_none() -> None:
    event, _ = paired(9)
    rnd = event.rounds[0]
    a = rnd.matches[1].players[0]
    fixed = fix_tables(rnd, {a: 40})
    assert [m.table for m in fixed.matches] == [1, 2, 3, 40, None]


def test_two_tables_fixed_at_one_number_are_refused() -> None:
    event, _ = paired(8)
    rnd = event.rounds[0]
    with pytest.raises(FixedTableError, match="fixed at table 5"):
        fix_tables(rnd, {rnd.matches[0].players[0]: 5, rnd.matches[1].players[0]: 5})
