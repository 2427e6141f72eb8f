"""One score group's pairing job (`GroupJob`): what it must seat, and pairing it by hand-checkable
cases, both by the greedy pass and, where that fails, exactly."""

from __future__ import annotations

from collections.abc import Sequence, Set

from organizer.core.pairing.score_groups import GroupJob, pair_group

NOBODY_MET: Sequence[Set[int]] = [frozenset()] * 8


def test_spare_is_what_is_left_once_incoming_bye_and_floaters_are_seated() -> None:
    job = GroupJob(range(7), (7,), NOBODY_MET, [True] * 8, (None,))
    assert job.spare == 7 - 1 - 1 - 1
    assert GroupJob(range(2), (5, 6), NOBODY_MET, None, (None,)).spare == -1


def test_a_job_that_leaves_one_member_over_or_too_few_is_refused() -> None:
    assert pair_group(GroupJob(range(3), (), NOBODY_MET, None, ())) is None
    assert pair_group(GroupJob(range(2), (5, 6), NOBODY_MET, None, (None,))) is None


def test_a_group_seats_incoming_then_the_bye_then_floats_out_and_pairs_the_rest() -> None:
    bye_ok = [m == 1 for m in range(8)]
    done = pair_group(GroupJob(range(7), (7,), NOBODY_MET, bye_ok, (None,)))
    assert done is not None and done.bye == 1
    seated = [p for pair in done.pairs for p in pair]
    assert sorted([*seated, done.bye, *done.floaters]) == list(range(8))
    assert any(7 in pair for pair in done.pairs) and len(done.floaters) == 1


def test_rematches_are_avoided_where_the_greedy_order_would_make_one() -> None:
    met: list[Set[int]] = [frozenset({1}), frozenset({0}), frozenset(), frozenset()]
    done = pair_group(GroupJob(range(4), (), met, None, ()))
    assert done is not None
    assert {frozenset(p) for p in done.pairs}.isdisjoint({frozenset({0, 1})})
    assert sorted(p for pair in done.pairs for p in pair) == [0, 1, 2, 3]


def test_no_rematch_free_pairing_means_none() -> None:
    met: list[Set[int]] = [frozenset({1, 2, 3}), frozenset({0}), frozenset({0}), frozenset({0})]
    assert pair_group(GroupJob(range(4), (), met, None, ())) is None
