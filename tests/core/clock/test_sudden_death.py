"""Warcaste sudden death (rulebook 1d), exhaustively.

`Reference` restates the rule as plainly as possible; the tree walk and the
hypothesis state machine check the record against it for every order of
events, legal and illegal, and the explicit cases name the rulebook's ones.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable
from typing import ParamSpec

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from organizer.core.clock.sudden_death import (
    TURNS,
    NextTurn,
    Reason,
    SuddenDeath,
    SuddenDeathError,
    SuddenDeathOutcome,
    Turn,
    correct_turn,
    match_score,
    outcome,
    record_from_dict,
    record_to_dict,
    record_turn,
    set_active_player,
    totals,
    undo_last_turn,
)
from organizer.core.event import PlayerId
from organizer.core.results import Score, check_score

A, B, STRANGER = PlayerId("alice"), PlayerId("bob"), PlayerId("carol")

Step = tuple[PlayerId, int, PlayerId | None]  # (player, counters, last territory lost by)


class Reference:
    """Rule 1d with no cleverness: a list of turns and the rule read off it."""

    def __init__(self) -> None:
        self.first: PlayerId | None = None
        self.turns: list[Step] = []

    def order(self) -> list[PlayerId]:
        assert self.first is not None
        second = B if self.first == A else A
        return [self.first, second, self.first, second, self.first, second]

    def result(self) -> tuple[PlayerId | None, Reason, int, int] | None:
        """(winner, reason, A's counters, B's counters) once decided."""
        a = sum(c for p, c, _ in self.turns if p == A)
        b = sum(c for p, c, _ in self.turns if p == B)
        for _, _, lost in self.turns:
            if lost is not None:
                return (B if lost == A else A), "last_territory", a, b
        if len(self.turns) == 6:
            if a > b:
                return A, "more_counters", a, b
            if b > a:
                return B, "more_counters", a, b
            return None, "equal_counters", a, b
        return None

    def can_set_first(self, player: PlayerId) -> bool:
        return player in (A, B) and not self.turns

    def can_record(self, n: int, p: PlayerId, c: int, lost: PlayerId | None) -> bool:
        return (
            self.first is not None
            and self.result() is None
            and n == len(self.turns) + 1
            and n <= 6
            and p == self.order()[n - 1]
            and c >= 0
            and lost in (None, A, B)
        )

    def can_correct(self, n: int, c: int, lost: PlayerId | None) -> bool:
        return (
            1 <= n <= len(self.turns)
            and c >= 0
            and lost in (None, A, B)
            and (lost is None or n == len(self.turns))
        )


def agrees(record: SuddenDeath, ref: Reference) -> None:
    assert record.first == ref.first
    assert [(t.player, t.counters, t.last_territory_lost_by) for t in record.turns] == ref.turns
    expected = ref.result()
    got = outcome(record)
    if expected is None:
        assert got is None and record.is_open
        if ref.first is not None:
            n = len(ref.turns) + 1
            assert record.next_turn == NextTurn(n, ref.order()[n - 1], (n + 1) // 2)
    else:
        winner, reason, a, b = expected
        assert got == SuddenDeathOutcome(winner, reason, ((A, a), (B, b)), len(ref.turns))
        assert not record.is_open and record.next_turn is None
        score = match_score(got, (A, B))
        assert check_score(score, best_of=1, draws_allowed=True) == score
    assert record_from_dict(json.loads(json.dumps(record_to_dict(record)))) == record


def fresh(first: PlayerId | None = A) -> SuddenDeath:
    record = SuddenDeath(table=4, players=(A, B))
    return record if first is None else set_active_player(record, first)


def play(record: SuddenDeath, *counters: int) -> SuddenDeath:
    for c in counters:
        nxt = record.next_turn
        assert nxt is not None
        record = record_turn(record, nxt.number, nxt.player, c)
    return record


P = ParamSpec("P")


def refused(call: Callable[P, object], *args: P.args, **kwargs: P.kwargs) -> None:
    """`call(*args, **kwargs)` raises SuddenDeathError: `pytest.raises` without its
    bookkeeping, which the tree walk's 280,000 refused tries spent most of their time in."""
    try:
        call(*args, **kwargs)
    except SuddenDeathError:
        return
    raise AssertionError(f"{call.__name__}{args} {kwargs} was accepted; the reference refuses it")


# --- every order of events, walked exhaustively on a small domain ----------------------


@pytest.mark.parametrize("first", [A, B])
def test_every_game_tree_agrees_with_the_reference(first: PlayerId) -> None:
    """Every sequence of turns with 0 or 2 counters and any last-territory event; at
    every node every illegal turn, every correction and an undo are tried too."""
    visited = 0
    stack: list[tuple[SuddenDeath, list[Step]]] = [(fresh(first), [])]
    while stack:
        record, steps = stack.pop()
        ref = Reference()
        ref.first, ref.turns = first, list(steps)
        agrees(record, ref)
        visited += 1
        for n, p, c, lost in itertools.product(
            range(0, 8), (A, B, STRANGER), (-1, 0, 2), (None, A, B, STRANGER)
        ):
            if ref.can_record(n, p, c, lost):
                child = record_turn(record, n, p, c, last_territory_lost_by=lost)
                stack.append((child, [*steps, (p, c, lost)]))
            else:
                refused(record_turn, record, n, p, c, last_territory_lost_by=lost)
            if (p, c) != (A, 0):
                continue  # corrections do not take a player: try them once per (n, lost)
            for cc in (-1, 0, 3):
                if ref.can_correct(n, cc, lost):
                    ref2 = Reference()
                    ref2.first, ref2.turns = first, list(steps)
                    ref2.turns[n - 1] = (steps[n - 1][0], cc, lost)
                    agrees(correct_turn(record, n, cc, last_territory_lost_by=lost), ref2)
                else:
                    refused(correct_turn, record, n, cc, last_territory_lost_by=lost)
        if steps:
            ref.turns.pop()
            agrees(undo_last_turn(record), ref)
        else:
            with pytest.raises(SuddenDeathError):
                undo_last_turn(record)
    # open or decided on counters: 2**k records after k turns; ended on territory: 4 per open one
    assert visited == sum(2**k for k in range(7)) + 4 * sum(2**k for k in range(6))


class SuddenDeathMachine(RuleBasedStateMachine):
    """Random sequences of every judge action, legal or not, against `Reference`."""

    def __init__(self) -> None:
        super().__init__()
        self.record = SuddenDeath(table=9, players=(A, B))
        self.ref = Reference()

    def attempt(self, legal: bool, action: object) -> None:
        before = self.record
        if legal:
            self.record = action()  # type: ignore[operator]
        else:
            with pytest.raises(SuddenDeathError):
                action()  # type: ignore[operator]
            assert self.record == before

    @initialize(player=st.sampled_from([A, B, STRANGER]))
    def time_called(self, player: PlayerId) -> None:
        """Mostly a known active player at time, so that the walks go deep."""
        self.set_first(player)

    @rule(player=st.sampled_from([A, B, STRANGER]))
    def set_first(self, player: PlayerId) -> None:
        legal = self.ref.can_set_first(player)
        self.attempt(legal, lambda: set_active_player(self.record, player))
        if legal:
            self.ref.first = player

    @rule(
        n=st.integers(-1, 8),
        player=st.sampled_from([A, B, STRANGER]),
        counters=st.integers(-3, 9),
        lost=st.sampled_from([None, None, None, A, B, STRANGER]),
    )
    def record_any(self, n: int, player: PlayerId, counters: int, lost: PlayerId | None) -> None:
        legal = self.ref.can_record(n, player, counters, lost)
        self.attempt(legal, lambda: record_turn(self.record, n, player, counters,
                                                last_territory_lost_by=lost))  # fmt: skip
        if legal:
            self.ref.turns.append((player, counters, lost))

    @rule(counters=st.integers(0, 3), lost=st.sampled_from([None] * 15 + [A, B]))
    def record_next(self, counters: int, lost: PlayerId | None) -> None:
        """The judge doing it right, so that games do reach their end."""
        nxt = self.record.next_turn
        if nxt is not None:
            self.record_any(nxt.number, nxt.player, counters, lost)

    @rule(
        n=st.integers(0, 7),
        counters=st.integers(-2, 9),
        lost=st.sampled_from([None, None, A, B, STRANGER]),
    )
    def correct(self, n: int, counters: int, lost: PlayerId | None) -> None:
        legal = self.ref.can_correct(n, counters, lost)
        self.attempt(legal, lambda: correct_turn(self.record, n, counters,
                                                 last_territory_lost_by=lost))  # fmt: skip
        if legal:
            self.ref.turns[n - 1] = (self.ref.turns[n - 1][0], counters, lost)

    @rule()
    def undo(self) -> None:
        legal = bool(self.ref.turns)
        self.attempt(legal, lambda: undo_last_turn(self.record))
        if legal:
            self.ref.turns.pop()

    @invariant()
    def matches_reference(self) -> None:
        agrees(self.record, self.ref)


TestSuddenDeathMachine = SuddenDeathMachine.TestCase
TestSuddenDeathMachine.settings = settings(max_examples=200, stateful_step_count=40, deadline=None)


# --- the rulebook's cases, by name -----------------------------------------------------


def test_turn_order_starts_with_the_active_player() -> None:
    record = fresh(B)
    labels = []
    while (nxt := record.next_turn) is not None:
        labels.append((nxt.number, nxt.player, nxt.player_turn))
        record = record_turn(record, nxt.number, nxt.player, 0)
    assert labels == [(1, B, 1), (2, A, 1), (3, B, 2), (4, A, 2), (5, B, 3), (6, A, 3)]
    assert len(labels) == TURNS


def test_more_counters_wins_for_a() -> None:
    record = play(fresh(A), 2, 1, 0, 3, 3, 0)  # A: 2+0+3 = 5, B: 1+3+0 = 4
    assert outcome(record) == SuddenDeathOutcome(A, "more_counters", ((A, 5), (B, 4)), 6)
    assert match_score(outcome(record), (A, B)) == Score(1, 0)  # type: ignore[arg-type]


def test_more_counters_wins_for_b_who_went_first() -> None:
    record = play(fresh(B), 4, 0, 0, 1, 1, 2)  # B: 4+0+1 = 5, A: 0+1+2 = 3
    result = outcome(record)
    assert result == SuddenDeathOutcome(B, "more_counters", ((A, 3), (B, 5)), 6)
    assert match_score(result, (A, B)) == Score(0, 1)
    assert match_score(result, (B, A)) == Score(1, 0)  # the match's own order


def test_equal_counters_is_a_draw() -> None:
    result = outcome(play(fresh(A), 1, 2, 3, 0, 0, 2))
    assert result == SuddenDeathOutcome(None, "equal_counters", ((A, 4), (B, 4)), 6)
    assert match_score(result, (A, B)) == Score(0, 0, 1)
    assert check_score(Score(0, 0, 1), best_of=1, draws_allowed=True) == Score(0, 0, 1)
    assert outcome(play(fresh(B), 0, 0, 0, 0, 0, 0)).winner is None  # type: ignore[union-attr]


def test_open_until_the_sixth_turn() -> None:
    record = fresh(A)
    for _ in range(5):
        record = play(record, 9)
        assert outcome(record) is None and record.is_open
    assert outcome(play(record, 0)) is not None


@pytest.mark.parametrize("first", [A, B])
@pytest.mark.parametrize("loser", [A, B])
@pytest.mark.parametrize("turn", range(1, 7))
def test_last_territory_destroyed_ends_it_at_once(
    first: PlayerId, loser: PlayerId, turn: int
) -> None:
    record = play(fresh(first), *[5] * (turn - 1))  # counters favour nobody in particular
    nxt = record.next_turn
    assert nxt is not None and nxt.number == turn
    record = record_turn(record, turn, nxt.player, 1, last_territory_lost_by=loser)
    result = outcome(record)
    winner = B if loser == A else A
    assert result is not None
    assert (result.winner, result.reason, result.turns_played) == (winner, "last_territory", turn)
    assert result.total(nxt.player) == 5 * ((turn - 1) // 2) + 1
    assert record.next_turn is None
    with pytest.raises(SuddenDeathError, match="over"):
        record_turn(record, turn + 1, record.opponent(nxt.player), 0)
    assert match_score(result, (A, B)) == (Score(1, 0) if winner == A else Score(0, 1))


def test_last_territory_beats_more_counters() -> None:
    record = play(fresh(A), 9, 0, 9, 0, 9)
    record = record_turn(record, 6, B, 0, last_territory_lost_by=A)
    assert outcome(record).winner == B  # type: ignore[union-attr]


@pytest.mark.parametrize("counters", [-1, -10])
def test_negative_counters_refused(counters: int) -> None:
    with pytest.raises(SuddenDeathError, match="0 or more"):
        record_turn(fresh(A), 1, A, counters)


@pytest.mark.parametrize("counters", [True, 1.0, "2"])
def test_counters_must_be_whole_numbers(counters: object) -> None:
    with pytest.raises(SuddenDeathError, match="whole number"):
        record_turn(fresh(A), 1, A, counters)  # type: ignore[arg-type]


def test_skipped_turn_refused() -> None:
    record = play(fresh(A), 1)
    with pytest.raises(SuddenDeathError, match="turn 2 comes first"):
        record_turn(record, 3, A, 1)


def test_out_of_order_and_repeated_turns_refused() -> None:
    record = play(fresh(A), 1, 2)
    with pytest.raises(SuddenDeathError, match="recorded already"):
        record_turn(record, 1, A, 1)
    with pytest.raises(SuddenDeathError, match="is alice's turn, not bob's"):
        record_turn(record, 3, B, 1)
    with pytest.raises(SuddenDeathError, match="turns 1 to 6"):
        record_turn(record, 0, A, 1)
    with pytest.raises(SuddenDeathError, match="does not play here"):
        record_turn(record, 3, STRANGER, 1)
    with pytest.raises(SuddenDeathError, match="does not play here"):
        record_turn(record, 3, A, 1, last_territory_lost_by=STRANGER)


def test_the_active_player_comes_first() -> None:
    with pytest.raises(SuddenDeathError, match="active player"):
        record_turn(fresh(None), 1, A, 0)
    assert fresh(None).next_turn is None
    assert set_active_player(fresh(A), B).first == B  # changeable before any turn
    with pytest.raises(SuddenDeathError, match="undo them"):
        set_active_player(play(fresh(A), 0), B)
    with pytest.raises(SuddenDeathError, match="does not play here"):
        set_active_player(fresh(None), STRANGER)
    assert set_active_player(undo_last_turn(play(fresh(A), 0)), B).first == B


def test_a_sixth_turn_is_the_last() -> None:
    record = play(fresh(A), 0, 0, 0, 0, 0, 0)
    with pytest.raises(SuddenDeathError, match="over"):
        record_turn(record, 7, A, 0)


# --- corrections ---------------------------------------------------------------------


def test_correcting_counters_re_evaluates_the_outcome() -> None:
    record = play(fresh(A), 1, 1, 1, 1, 1, 1)
    assert outcome(record).reason == "equal_counters"  # type: ignore[union-attr]
    corrected = correct_turn(record, 2, 3)
    assert outcome(corrected) == SuddenDeathOutcome(B, "more_counters", ((A, 3), (B, 5)), 6)
    assert correct_turn(corrected, 2, 1) == record


def test_correcting_the_last_turn_to_end_the_game() -> None:
    record = play(fresh(A), 1, 1, 1)
    ended = correct_turn(record, 3, 1, last_territory_lost_by=B)
    assert outcome(ended) == SuddenDeathOutcome(A, "last_territory", ((A, 2), (B, 1)), 3)
    kept = correct_turn(ended, 3, 2)  # only the count given: the game stays ended (issue 36)
    assert outcome(kept) == SuddenDeathOutcome(A, "last_territory", ((A, 3), (B, 1)), 3)
    # a wrong entry taken back: the game goes on
    reopened = correct_turn(ended, 3, 1, last_territory_lost_by=None)
    assert reopened == record and reopened.next_turn == NextTurn(4, B, 2)


def test_ending_the_game_on_an_earlier_turn_is_refused_not_truncated() -> None:
    record = play(fresh(A), 1, 1, 1, 1)
    with pytest.raises(SuddenDeathError, match="turns 3 to 4 were played after it; undo them"):
        correct_turn(record, 2, 1, last_territory_lost_by=A)
    walked_back = undo_last_turn(undo_last_turn(record))
    ended = correct_turn(walked_back, 2, 1, last_territory_lost_by=A)
    assert outcome(ended).winner == B  # type: ignore[union-attr]


def test_correcting_what_is_not_recorded_or_negative_is_refused() -> None:
    record = play(fresh(A), 1, 1)
    with pytest.raises(SuddenDeathError, match="not recorded"):
        correct_turn(record, 3, 1)
    with pytest.raises(SuddenDeathError, match="not recorded"):
        correct_turn(record, 0, 1)
    with pytest.raises(SuddenDeathError, match="0 or more"):
        correct_turn(record, 1, -1)
    with pytest.raises(SuddenDeathError, match="nothing to undo"):
        undo_last_turn(fresh(A))


def test_counters_may_be_corrected_after_the_game_ended() -> None:
    record = play(fresh(A), 1, 1)
    record = record_turn(record, 3, A, 2, last_territory_lost_by=B)
    corrected = correct_turn(record, 1, 4)
    assert outcome(corrected) == SuddenDeathOutcome(A, "last_territory", ((A, 6), (B, 1)), 3)


# --- results, storage, records built by hand --------------------------------------------


def test_match_score_needs_the_players_of_the_record() -> None:
    result = outcome(play(fresh(A), 1, 0, 0, 0, 0, 0))
    assert result is not None
    with pytest.raises(SuddenDeathError, match="not played by"):
        match_score(result, (A, STRANGER))


def test_storage_round_trip() -> None:
    record = record_turn(play(fresh(B), 3, 2), 3, B, 0, other=4, last_territory_lost_by=A)
    data = record_to_dict(record)
    assert data == {
        "version": 2,
        "table": 4,
        "players": ["alice", "bob"],
        "first": "bob",
        "playoff": False,
        "called_early": False,
        "turns": [
            {"player": "bob", "counters": 3, "other": 0, "last_territory_lost_by": None},
            {"player": "alice", "counters": 2, "other": 0, "last_territory_lost_by": None},
            {"player": "bob", "counters": 0, "other": 4, "last_territory_lost_by": "alice"},
        ],
    }
    assert record_from_dict(json.loads(json.dumps(data))) == record


def test_a_version_1_record_reads_as_the_active_players_counters_and_0_for_the_other() -> None:
    """Stored before each turn kept both players' counts (issue 25): nothing else was known."""
    old = {
        "version": 1,
        "table": 4,
        "players": ["alice", "bob"],
        "first": "bob",
        "turns": [
            {"player": "bob", "counters": 3, "last_territory_lost_by": None},
            {"player": "alice", "counters": 2, "last_territory_lost_by": None},
        ],
    }
    record = record_from_dict(old)
    assert record.turns == (Turn(B, 3, None, 0), Turn(A, 2, None, 0))
    assert totals(record) == ((A, 2), (B, 3))
    assert record_to_dict(record)["version"] == 2


def test_counters_placed_during_the_opponents_turn_count_for_the_one_who_placed_them() -> None:
    """Rule 1d counts counters placed "during the sudden death turns": P4's trap during P1's
    turns 1 and 3 (2 each) beats P1's 1 a turn, 4-3 (issue 25's done-when scenario)."""
    record = fresh(A)
    for number, (counters, other) in enumerate([(1, 2), (0, 0), (1, 2), (0, 0), (1, 0), (0, 0)]):
        record = record_turn(
            record, number + 1, record.player_of(number + 1), counters, other=other
        )
    decided = outcome(record)
    assert decided is not None and decided.winner == B and decided.reason == "more_counters"
    assert decided.totals == ((A, 3), (B, 4))
    kept = correct_turn(record, 3, 1)  # the trap not given: it stays (issue 36 item 2)
    assert totals(kept) == ((A, 3), (B, 4)) and outcome(kept) == decided
    fixed = correct_turn(record, 3, 1, other=0)  # no trap on turn 3 after all: 3-2 to alice
    assert totals(fixed) == ((A, 3), (B, 2)) and outcome(fixed) == SuddenDeathOutcome(
        A, "more_counters", ((A, 3), (B, 2)), 6
    )


@pytest.mark.parametrize("other", [-1, "2", 1.0])
def test_the_other_players_counters_are_a_whole_number_0_or_more(other: object) -> None:
    with pytest.raises(SuddenDeathError, match="whole number 0 or more"):
        record_turn(fresh(A), 1, A, 0, other=other)  # type: ignore[arg-type]


def _turn(
    player: str, counters: object = 0, lost: object = None, other: object = 0
) -> dict[str, object]:
    return {"player": player, "counters": counters, "other": other, "last_territory_lost_by": lost}


@pytest.mark.parametrize(
    "change",
    [
        {"version": 0},
        {"table": 0},
        {"table": "4"},
        {"players": ["alice"]},
        {"players": ["alice", "alice"]},
        {"players": ["alice", 5]},
        {"first": "carol"},
        {"first": None, "turns": [_turn("alice")]},
        {"turns": [_turn("bob")]},
        {"turns": [_turn("alice", -1)]},
        {"turns": [_turn("alice", "1")]},
        {"turns": [_turn("alice", 0, None, -1)]},
        {"turns": [_turn("alice", 0, None, "1")]},
        {"version": 3},
        {"turns": [_turn("alice", 0, "carol")]},
        {"turns": [_turn("alice", 0, "bob"), _turn("bob")]},
        {"turns": [_turn(p) for p in ["alice", "bob"] * 3 + ["alice"]]},
        {"turns": [{"player": "alice"}]},
    ],
)
def test_unreadable_stored_records(change: dict[str, object]) -> None:
    data = record_to_dict(fresh(A)) | change
    with pytest.raises(SuddenDeathError):
        record_from_dict(data)


def test_records_built_by_hand_are_checked_too() -> None:
    with pytest.raises(SuddenDeathError, match="ended on turn 1"):
        SuddenDeath(1, (A, B), A, (Turn(A, 0, B), Turn(B, 0)))
    with pytest.raises(SuddenDeathError, match="turn 1 is alice's"):
        SuddenDeath(1, (A, B), A, (Turn(B, 0),))
