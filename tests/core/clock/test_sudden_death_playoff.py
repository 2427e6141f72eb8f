"""Sudden death at its edges: a playoff never ends level, and where it exists at all.

formats.md, "Decided here for sudden death" (docs/rules.md, "Sudden death"):
in a top-cut match equal counters after the 6 turns go on, one turn each in the
same order, until one player has placed more counters after equal turns; a
destroyed last territory still ends it at once. Sudden death exists only for
two-player Warcaste matches (Warcaste 1d writes it for two players).
"""

from __future__ import annotations

import pytest

from organizer.core.clock.sudden_death import (
    SuddenDeath,
    SuddenDeathError,
    check_applies,
    correct_turn,
    outcome,
    record_from_dict,
    record_to_dict,
    record_turn,
    set_active_player,
    undo_last_turn,
)
from organizer.core.event import PlayerId
from organizer.core.formats.catalog import format_info

A, B = PlayerId("alice"), PlayerId("bob")


def playoff(*counters: int) -> SuddenDeath:
    record = set_active_player(SuddenDeath(table=1, players=(A, B), playoff=True), A)
    for c in counters:
        nxt = record.next_turn
        assert nxt is not None
        record = record_turn(record, nxt.number, nxt.player, c)
    return record


def test_a_swiss_tie_is_a_draw_but_a_playoff_tie_plays_on() -> None:
    swiss = set_active_player(SuddenDeath(table=1, players=(A, B)), A)
    for n in range(1, 7):
        swiss = record_turn(swiss, n, A if n % 2 else B, 1)
    drawn = outcome(swiss)
    assert drawn is not None and drawn.winner is None
    with pytest.raises(SuddenDeathError, match=r"over \(a draw on counters"):
        record_turn(swiss, 7, A, 1)

    level = playoff(1, 1, 1, 1, 1, 1)
    assert outcome(level) is None
    nxt = level.next_turn
    assert nxt is not None and (nxt.number, nxt.player) == (7, A)


def test_the_first_lead_after_equal_turns_wins() -> None:
    after_7 = playoff(1, 1, 1, 1, 1, 1, 2)
    assert outcome(after_7) is None  # B has not had turn 8 yet
    b_evens = record_turn(after_7, 8, B, 2)
    assert outcome(b_evens) is None and b_evens.extra_turns == 2  # level again: go on
    a_leads = record_turn(record_turn(b_evens, 9, A, 1), 10, B, 0)
    won = outcome(a_leads)
    assert won is not None and (won.winner, won.reason, won.turns_played) == (
        A,
        "more_counters",
        10,
    )
    with pytest.raises(SuddenDeathError, match="over"):
        record_turn(a_leads, 11, A, 0)


def test_a_destroyed_last_territory_still_ends_an_extra_turn_at_once() -> None:
    level = playoff(0, 0, 0, 0, 0, 0)
    ended = record_turn(level, 7, A, 3, last_territory_lost_by=B)
    won = outcome(ended)
    assert won is not None and (won.winner, won.reason) == (A, "last_territory")


def test_a_correction_cannot_decide_the_game_before_recorded_extra_turns() -> None:
    record = playoff(1, 1, 1, 1, 1, 1, 0, 0)
    with pytest.raises(SuddenDeathError, match="decided after turn 6"):
        correct_turn(record, 2, 5)
    undone = undo_last_turn(undo_last_turn(record))
    assert outcome(correct_turn(undone, 2, 5)) is not None


def test_the_playoff_and_early_marks_survive_storage() -> None:
    record = set_active_player(
        SuddenDeath(table=1, players=(A, B), playoff=True), B, called_early=True
    )
    back = record_from_dict(record_to_dict(record))
    assert back == record and back.playoff and back.called_early
    old = record_to_dict(record)
    del old["playoff"], old["called_early"]  # a record stored before these marks existed
    assert not record_from_dict(old).called_early


@pytest.mark.parametrize("format_id", ["warcaste-skirmish-constructed", "warcaste-skirmish-draft"])
def test_sudden_death_applies_to_two_player_warcaste(format_id: str) -> None:
    check_applies(format_info(format_id), 2)


@pytest.mark.parametrize(
    ("format_id", "players", "says"),
    [
        ("wars-constructed", 2, "has no sudden death"),
        ("castle-wars", 2, "has no sudden death"),
        ("wtactics-orc", 2, "has no sudden death"),
        ("warcaste-conquest", 4, "Conquest game ends"),
        ("warcaste-skirmish-constructed", 3, "seats 3"),
    ],
)
def test_sudden_death_is_refused_elsewhere(format_id: str, players: int, says: str) -> None:
    with pytest.raises(SuddenDeathError, match=says):
        check_applies(format_info(format_id), players)
