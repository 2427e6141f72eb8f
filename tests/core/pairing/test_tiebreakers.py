"""MTR Appendix C arithmetic, checked against values worked out by hand in the comments, and
the app's integer path checked against the plain fractions of `mtr_reference`."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from organizer.core.event import Match, PlayerId, Points, Round
from organizer.core.pairing import tiebreakers
from organizer.core.pairing.tally import tally
from organizer.core.pairing.tiebreakers import FLOOR, Record, check_order
from tests.core.pairing.mtr_reference import (
    game_win_percentage,
    match_win_percentage,
    opponents_average,
    reference_values,
    tiebreak_values,
)

A, B, C, D = (PlayerId(x) for x in "ABCD")


def duel(a: PlayerId, b: PlayerId, a_wins: int, b_wins: int, draws: int = 0) -> Match:
    return Match(table=1, players=(a, b), wins=(a_wins, b_wins), draws=draws)


def bye(p: PlayerId, games: int | None = None) -> Match:
    return Match(table=None, players=(p,), wins=None if games is None else (games,))


def records(*rounds: tuple[Match, ...], best_of: int = 3) -> dict[PlayerId, Record]:
    event_rounds = [Round(n, matches) for n, matches in enumerate(rounds, start=1)]
    return tiebreakers.records(tally(event_rounds, Points(), best_of))


def test_a_won_match_counts_games_for_both_sides() -> None:
    # A beats B 2-1: A 3 points, 2 games won of 3 -> 6 game points; B 1 game won -> 3.
    rec = records((duel(A, B, 2, 1),))
    assert rec[A] == Record(A, points=3, wins=1, game_points=6, games=3, opponents=((1, B),))
    assert rec[B] == Record(B, losses=1, game_points=3, games=3, opponents=((1, A),))


def test_equal_game_wins_is_a_drawn_match() -> None:
    # 1-1-1: a drawn match, 1 point each; games 3 each; game points 3 + 1 = 4 each.
    rec = records((duel(A, B, 1, 1, 1),))
    for p in (A, B):
        assert (rec[p].points, rec[p].draws, rec[p].games, rec[p].game_points) == (1, 1, 3, 4)


def test_intentional_draw_0_0_3() -> None:
    # 0-0-3: 1 point each; 3 drawn games -> 3 game points of 9 -> GWP exactly 1/3.
    rec = records((duel(A, B, 0, 0, 3),))
    assert (rec[A].points, rec[A].draws, rec[A].games, rec[A].game_points) == (1, 1, 3, 3)
    assert game_win_percentage(rec[A]) == Fraction(1, 3)


@pytest.mark.parametrize(("best_of", "games"), [(1, 1), (3, 2), (5, 2)])
def test_a_bye_without_a_score_is_a_won_match_by_best_of(best_of: int, games: int) -> None:
    # a bye: 3 points, a round played, no opponent; 2-0 in best-of-3+, 1-0 in best-of-1.
    rec = records((bye(A),), best_of=best_of)[A]
    assert (rec.points, rec.wins, rec.byes, rec.matches, rec.opponents) == (3, 1, 1, 1, ())
    assert (rec.games, rec.game_points) == (games, 3 * games)
    assert game_win_percentage(rec) == 1


def test_a_bye_keeps_its_recorded_score() -> None:
    rec = records((bye(A, games=2),), best_of=1)[A]
    assert (rec.games, rec.game_points) == (2, 6)


def test_unreported_matches_and_elimination_rounds_are_ignored() -> None:
    rounds = [
        Round(1, (duel(A, B, 2, 0), Match(table=2, players=(C, D)))),
        Round(2, (duel(A, B, 0, 2),), stage="elimination"),
    ]
    rec = tiebreakers.records(tally(rounds, Points(), 3, players=[C]))
    assert rec[A].points == 3 and rec[B].points == 0
    assert rec[C] == Record(C)  # asked for, played nothing counted
    assert D not in rec


def test_through_round_stops_counting() -> None:
    rounds = [Round(1, (duel(A, B, 2, 0),)), Round(2, (duel(A, B, 0, 2),))]
    assert tiebreakers.records(tally(rounds, Points(), 3, through_round=1))[B].points == 0
    assert tiebreakers.records(tally(rounds, Points(), 3))[B].points == 3


def test_match_win_percentage_is_floored_at_one_third() -> None:
    # 0-3: 0/9 -> 1/3.  1-2: 3/9 = 1/3.  2-1: 6/9 = 2/3.  1-1-1: 4/9 stays.
    assert match_win_percentage(Record(A, losses=3), Points()) == FLOOR
    assert match_win_percentage(Record(A, points=3, wins=1, losses=2), Points()) == Fraction(1, 3)
    assert match_win_percentage(Record(A, points=6, wins=2, losses=1), Points()) == Fraction(2, 3)
    assert match_win_percentage(
        Record(A, points=4, wins=1, losses=1, draws=1), Points()
    ) == Fraction(4, 9)
    assert match_win_percentage(Record(A), Points()) == FLOOR  # nothing played


def test_match_win_percentage_uses_the_win_points() -> None:
    # 2/1/0 points: a win and a draw = 3 points of 2 x 2 = 4 possible -> 3/4.
    rec = Record(A, points=3, wins=1, draws=1)
    assert match_win_percentage(rec, Points(win=2, draw=1, loss=0)) == Fraction(3, 4)


def test_game_win_percentage_is_floored_at_one_third() -> None:
    # 1 game won of 6: 3/18 = 1/6 -> 1/3.  4 of 6 + 1 drawn of 7: 13/21 stays.
    assert game_win_percentage(Record(A, game_points=3, games=6)) == FLOOR
    assert game_win_percentage(Record(A, game_points=13, games=7)) == Fraction(13, 21)
    assert game_win_percentage(Record(A)) == FLOOR


def test_opponents_average_counts_one_entry_per_match() -> None:
    # A met B twice and C once: (1/2 + 1/2 + 1) / 3 = 2/3 (not (1/2 + 1) / 2 = 3/4).
    rec = Record(A, opponents=((1, B), (2, C), (3, B)))
    assert opponents_average(rec, {B: Fraction(1, 2), C: Fraction(1)}) == Fraction(2, 3)


def test_opponents_average_without_opponents_is_one_third() -> None:
    assert opponents_average(Record(A, points=3, wins=1, byes=1), {}) == FLOOR


def test_tiebreak_values_of_a_small_event() -> None:
    # R1: A beats B 2-0, C has a bye.  R2: A beats C 2-1, B sits out.
    # A: 6 pts of 6 -> MWP 1; games 5, game points 12 -> GWP 12/15 = 4/5.
    # B: 0 pts -> MWP 1/3; 0 of 2 games -> GWP 1/3.
    # C: bye + loss: 3 of 6 -> 1/2; games 2 (bye) + 3 = 5, points 6 + 3 = 9 -> 9/15 = 3/5.
    # A's OMW = (B 1/3 + C 1/2) / 2 = 5/12; OGW = (1/3 + 3/5) / 2 = 7/15.
    # C's OMW = A only (the bye is no opponent) = 1; OGW = 4/5.
    rec = records((duel(A, B, 2, 0), bye(C)), (duel(A, C, 2, 1),))
    v = tiebreak_values(rec, Points())
    assert (rec[A].points, v[A].mw, v[A].gw, v[A].omw, v[A].ogw) == (
        6,
        Fraction(1),
        Fraction(4, 5),
        Fraction(5, 12),
        Fraction(7, 15),
    )
    assert (v[B].mw, v[B].gw, v[B].omw, v[B].ogw) == (FLOOR, FLOOR, Fraction(1), Fraction(4, 5))
    assert (v[C].mw, v[C].gw, v[C].omw, v[C].ogw) == (
        Fraction(1, 2),
        Fraction(3, 5),
        Fraction(1),
        Fraction(4, 5),
    )
    key = (rec[A].points, v[A].omw_n, v[A].gw_n)  # what standings sort by, for points-omw-gw
    assert key[0] == 6  # points as they are; the percentages over their shared denominators
    assert (Fraction(key[1], v[A].scale.omw), Fraction(key[2], v[A].scale.gw)) == (
        Fraction(5, 12),
        Fraction(4, 5),
    )
    # integer keys order players exactly as the fractions do: C's OMW 1 > A's 5/12
    assert v[C].omw_n > v[A].omw_n
    assert v[B].gw_n < v[C].gw_n


def test_multiplayer_game_one_winner() -> None:
    # 4 seats, B wins: B 3 points, 1 game won; the others 1 game lost; 3 opponents each.
    table = Match(table=1, players=(A, B, C, D), wins=(0, 1, 0, 0), winner=B)
    rec = records((table,), best_of=1)
    assert (rec[B].points, rec[B].wins, rec[B].games, rec[B].game_points) == (3, 1, 1, 3)
    assert (rec[A].points, rec[A].losses, rec[A].games, rec[A].game_points) == (0, 1, 1, 0)
    assert [o for _, o in rec[B].opponents] == [A, C, D]
    # without `winner`, the only seat with a game win is the winner
    unnamed = Match(table=1, players=(A, B, C), wins=(0, 0, 1))
    assert records((unnamed,), best_of=1)[C].wins == 1


def test_multiplayer_drawn_game() -> None:
    # winner None, draws == 1: a draw for all, 1 point and 1 game point each.
    table = Match(table=1, players=(A, B, C), wins=(0, 0, 0), draws=1)
    rec = records((table,), best_of=1)
    for p in (A, B, C):
        assert (rec[p].points, rec[p].draws, rec[p].games, rec[p].game_points) == (1, 1, 1, 1)


def test_check_order() -> None:
    assert check_order(["points", "omw", "gw", "ogw"]) == ("points", "omw", "gw", "ogw")
    with pytest.raises(ValueError, match="unknown tiebreaker 'sos'"):
        check_order(("points", "sos"))
    with pytest.raises(ValueError, match="twice"):
        check_order(("points", "omw", "omw"))


def test_scores_beyond_the_packed_width_are_tallied_exactly() -> None:
    # each seat's result is added as one packed integer; a score too big for its fields
    # tallies again with wider fields, so nothing overflows into a neighbouring field
    huge = 2**40
    rec = records((duel(A, B, huge, 1, 3),), (duel(A, C, 0, huge**2),))
    assert rec[A] == Record(
        A,
        points=3,
        wins=1,
        losses=1,
        game_points=3 * huge + 3,
        games=huge + 4 + huge**2,
        opponents=((1, B), (2, C)),
    )
    assert (rec[C].points, rec[C].game_points, rec[C].games) == (3, 3 * huge**2, huge**2)


def test_negative_values_are_tallied_exactly() -> None:
    # a loss worth -1 point: fields of a packed seat may be negative and still add up
    rounds = [Round(1, (duel(A, B, 2, 0),)), Round(2, (duel(A, B, 2, 1),))]
    rec = tiebreakers.records(tally(rounds, Points(win=3, draw=1, loss=-1), 3))
    assert (rec[B].points, rec[B].losses, rec[B].game_points, rec[B].games) == (-2, 2, 3, 5)
    assert (rec[A].points, rec[A].wins, rec[A].game_points) == (6, 2, 12)


@pytest.mark.parametrize("seed", range(6))
def test_the_integer_path_equals_the_plain_fractions(seed: int) -> None:
    """Random events (byes, draws, unreported tables, a missed round, a 3-seat game): every
    player's MWP, GWP, OMW, OGW and OOMW from the shared-denominator integers equal the
    rulebook's fractions worked out one player at a time."""
    rng = random.Random(seed)
    players = [PlayerId(f"p{i}") for i in range(rng.randint(5, 23))]
    scores = ((2, 0, 0), (2, 1, 0), (0, 2, 0), (1, 2, 0), (1, 1, 1), (0, 0, 3), (1, 0, 0))
    rounds = []
    for number in range(1, rng.randint(2, 6) + 1):
        order = players[:]
        rng.shuffle(order)
        matches: list[Match] = []
        if number == 2 and len(order) >= 6:
            three, order = order[:3], order[3:]
            matches.append(Match(table=99, players=tuple(three), wins=(0, 1, 0), winner=three[1]))
        for i in range(0, len(order) - 1, 2):
            a_wins, b_wins, draws = rng.choice(scores)
            unreported = rng.random() < 0.1
            wins = None if unreported else (a_wins, b_wins)
            matches.append(Match(table=i + 1, players=(order[i], order[i + 1]), wins=wins,
                                 draws=0 if unreported else draws))  # fmt: skip
        if len(order) % 2:
            matches.append(bye(order[-1]))
        rounds.append(Round(number, tuple(matches)))
    points = rng.choice((Points(), Points(win=2, draw=1, loss=0)))
    rec = tiebreakers.records(tally(rounds, points, 3, players=players))
    fast = tiebreak_values(rec, points)
    plain = reference_values(rec, points)
    for p in players:
        v = fast[p]
        assert (v.mw, v.gw, v.omw, v.ogw, v.oomw) == plain[p], p
    assert any(r.opponents for r in rec.values())
