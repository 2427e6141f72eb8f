"""Fixed seats through the services: a 15-player event with two players fixed at their
tables over four rounds, two fixed players paired together, refusals and undo."""

from __future__ import annotations

import dataclasses
import random
import re

import pytest

from organizer.core.event import EventData, PlayerId, Round
from organizer.core.pairing.swiss import pair_next_round
from organizer.core.results import Score
from organizer.services.event import undo
from organizer.services.event.interchange import load_event
from organizer.services.kit.errors import InputError, RefusedError
from organizer.services.players import fixed_seats, registration
from organizer.services.printouts import printouts
from organizer.services.rounds.explain import explain_table
from organizer.services.rounds.pairing import pair_next, repair_current
from organizer.services.rounds.results import record_result
from organizer.storage.database import Database
from tests.services.event_builders import event_with_players
from tests.services.printouts.test_printouts import text_of


def fix(db: Database, event_id: int, code: str, table: int | None) -> None:
    player = registration.find_player(db, event_id=event_id, code=code)
    fixed_seats.fix_table(
        db, event_id=event_id, registration_id=player.registration_id, table=table
    )


def play(db: Database, event_id: int, rnd: Round, rng: random.Random) -> None:
    for m in rnd.matches:
        if m.table is not None:
            score = rng.choice([Score(2, 0), Score(0, 2), Score(2, 1), Score(1, 1, 1)])
            record_result(db, event_id=event_id, table=m.table, score=score)


def pairer_order(before: EventData, seed: int) -> list[frozenset[PlayerId]]:
    """The tables as the pairer numbers them, without fixed seats (read from the core)."""
    plain = dataclasses.replace(
        before, players=tuple(dataclasses.replace(p, fixed_table=None) for p in before.players)
    )
    rnd = pair_next_round(plain, seed=seed)
    tables = sorted((m for m in rnd.matches if not m.is_bye), key=lambda m: m.table or 0)
    return [frozenset(m.players) for m in tables]


def test_two_fixed_players_keep_their_tables_every_round_and_the_rest_flow_around(
    db: Database,
) -> None:
    event_id = event_with_players(db, "castle-wars", 15)
    fixed = {PlayerId("p4"): 5, PlayerId("p11"): 2}
    for code, table in fixed.items():
        fix(db, event_id, code, table)
    rng = random.Random(7)
    for number in range(1, 5):
        before = load_event(db, event_id=event_id)
        shown = pair_next(db, event_id=event_id, seed=100 + number).value.round
        stored = load_event(db, event_id=event_id).rounds[-1]
        assert stored == shown and stored.number == number
        tables = [m for m in stored.matches if not m.is_bye]
        assert sorted(m.table or 0 for m in tables) == list(range(1, 8))  # 7 tables, once each
        for pid, table in fixed.items():
            (m,) = [m for m in stored.matches if pid in m.players]
            assert m.table == table or m.is_bye or set(m.players) == set(fixed)
        # who plays whom is the pairer's; the others keep its order on the numbers left
        order = pairer_order(before, stored.seed or 0)
        assert {frozenset(m.players) for m in tables} == set(order)
        at = {frozenset(m.players): m.table for m in tables}
        others = [pair for pair in order if not pair & set(fixed)]
        free = [n for n in range(1, 8) if n not in fixed.values()]
        assert [at[pair] for pair in others] == free[: len(others)]
        play(db, event_id, stored, rng)


def test_two_fixed_players_paired_together_sit_at_the_lower_table(db: Database) -> None:
    event_id = event_with_players(db, "castle-wars", 13)
    first = pair_next(db, event_id=event_id, seed=3).value.round
    a, b = first.matches[3].players
    fix(db, event_id, a, 6)
    fix(db, event_id, b, 3)
    again = repair_current(db, event_id=event_id, seed=3).value.round
    (m,) = [m for m in again.matches if a in m.players]
    assert set(m.players) == {a, b} and m.table == 3
    assert {frozenset(x.players) for x in again.matches} == {
        frozenset(x.players) for x in first.matches
    }
    assert sorted(x.table or 0 for x in again.matches if not x.is_bye) == list(range(1, 7))
    names = {p.id: p.name for p in load_event(db, event_id=event_id).players}
    (why,) = explain_table(db, event_id=event_id, table=3)
    assert f"Table 3 is fixed for {names[b]}" in " ".join(why.reasons)
    assert f"{names[a]}'s fixed table is 6" in " ".join(why.reasons)
    (other,) = explain_table(db, event_id=event_id, table=1)
    assert other.reasons[-1].endswith("around the tables kept for fixed seats.")


def test_refusals_and_undo(db: Database) -> None:
    event_id = event_with_players(db, "castle-wars", 6)
    with pytest.raises(InputError, match="table must be from 1 to 9,999, not 0"):
        fix(db, event_id, "p1", 0)
    fix(db, event_id, "p1", 4)
    with pytest.raises(RefusedError, match=r"table 4 is fixed for Player 1 \(p1\)"):
        fix(db, event_id, "p2", 4)
    with pytest.raises(RefusedError, match="already sits at table 4"):
        fix(db, event_id, "p1", 4)
    fix(db, event_id, "p1", 2)
    assert load_event(db, event_id=event_id).players[0].fixed_table == 2
    assert undo.undo_last(db, event_id=event_id).value == "undid: Player 1: fixed at table 2"
    assert load_event(db, event_id=event_id).players[0].fixed_table == 4
    undo.undo_last(db, event_id=event_id)
    assert load_event(db, event_id=event_id).players[0].fixed_table is None
    with pytest.raises(RefusedError, match="has no fixed table"):
        fix(db, event_id, "p1", None)
    p3 = registration.find_player(db, event_id=event_id, code="p3")
    registration.set_dropped(
        db, event_id=event_id, registration_id=p3.registration_id, dropped=True
    )
    with pytest.raises(RefusedError, match="has dropped"):
        fix(db, event_id, "p3", 1)


def test_a_fixed_table_beyond_the_round_is_printed_like_any_table(db: Database) -> None:
    event_id = event_with_players(db, "castle-wars", 10)
    fix(db, event_id, "p4", 40)
    rnd = pair_next(db, event_id=event_id, seed=2).value.round
    (m,) = [m for m in rnd.matches if "p4" in m.players]
    assert m.table == 40
    assert sorted(x.table or 0 for x in rnd.matches) == [1, 2, 3, 4, 40]
    a, b = (f"Player {p.removeprefix('p')}" for p in m.players)
    sheet = text_of(printouts.printout(db, event_id=event_id, kind="pairings"))
    assert re.search(rf"^40\n{a}\n0\n{b}\n0$", sheet, re.MULTILINE), sheet
    slips = text_of(printouts.printout(db, event_id=event_id, kind="slips"))
    assert "Table 40" in slips


def test_a_seat_fixed_after_the_round_was_paired_is_explained_as_such(db: Database) -> None:
    """The round keeps its tables; the reason says the fixed table holds from the next
    pairing, not that it placed this one (nor that another fixed player did)."""
    event_id = event_with_players(db, "castle-wars", 8)
    first = pair_next(db, event_id=event_id, seed=3).value.round
    match = first.matches[1]
    a = match.players[0]
    assert match.table is not None and match.table != 4
    fix(db, event_id, a, 4)
    name = {p.id: p.name for p in load_event(db, event_id=event_id).players}[a]
    (why,) = explain_table(db, event_id=event_id, table=match.table)
    assert f"{name}'s fixed table is 4, set after this round was paired" in " ".join(why.reasons)
    assert "lower of their two numbers" not in " ".join(why.reasons)
