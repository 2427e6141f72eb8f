"""Swiss standings on small events whose every value is worked out by hand in the comments."""

from __future__ import annotations

from fractions import Fraction

import pytest

from organizer.core.event import EventData, Match, Player, PlayerId, Round
from organizer.core.pairing.standings import compute_standings, final_standings

A, B, C, D, E, F_ = (PlayerId(x) for x in "ABCDEF")


def duel(a: PlayerId, b: PlayerId, a_wins: int, b_wins: int, draws: int = 0) -> Match:
    return Match(table=1, players=(a, b), wins=(a_wins, b_wins), draws=draws)


def bye(p: PlayerId) -> Match:
    return Match(table=None, players=(p,))


def event(*rounds: Round, players: str = "ABCDE", best_of: int = 3) -> EventData:
    return EventData(
        name="test",
        players=tuple(
            Player(PlayerId(x), f"Player {x}", dropped_after_round=2 if x == "D" else None)
            for x in players
        ),
        rounds=rounds,
        best_of=best_of,
    )


# R1: A beats B 2-0, C beats D 2-1, E bye.
# R2: A beats E 2-1, C and B draw 0-0-3 (intentional), D bye; D drops after round 2.
# R3: C beats A 2-0, E beats B 2-1.
#
#     record   points  games  game pts   MWP            GWP
# A   W W L    6       7      12         6/9 = 2/3      12/21 = 4/7
# B   L D L    1       8       6         1/9 -> 1/3     6/24 = 1/4 -> 1/3
# C   W D W    7       8      15         7/9            15/24 = 5/8
# D   L W(bye) 3       5       9         3/6 = 1/2      9/15 = 3/5
# E   W(bye) L W 6     8      15         6/9 = 2/3      15/24 = 5/8
#
# OMW / OGW (byes left out, opponents' whole record, D's too although D dropped):
# A: B, E, C  (1/3 + 2/3 + 7/9) / 3 = 16/27     (1/3 + 5/8 + 5/8) / 3 = 19/36
# B: A, C, E  (2/3 + 7/9 + 2/3) / 3 = 19/27     (4/7 + 5/8 + 5/8) / 3 = 17/28
# C: D, B, A  (1/2 + 1/3 + 2/3) / 3 = 1/2       (3/5 + 1/3 + 4/7) / 3 = 158/315
# D: C        7/9                               5/8
# E: A, B     (2/3 + 1/3) / 2 = 1/2             (4/7 + 1/3) / 2 = 19/42
# Order: C 7; A and E 6, A first on OMW (16/27 > 1/2); D 3; B 1.
SMALL = event(
    Round(1, (duel(A, B, 2, 0), duel(C, D, 2, 1), bye(E))),
    Round(2, (duel(A, E, 2, 1), duel(C, B, 0, 0, 3), bye(D))),
    Round(3, (duel(C, A, 2, 0), duel(E, B, 2, 1))),
)


def test_small_event_values() -> None:
    rows = {r.player: r for r in compute_standings(SMALL)}
    expected = {
        A: (2, 6, 2, 1, 0, Fraction(2, 3), Fraction(16, 27), Fraction(4, 7), Fraction(19, 36)),
        B: (5, 1, 0, 2, 1, Fraction(1, 3), Fraction(19, 27), Fraction(1, 3), Fraction(17, 28)),
        C: (1, 7, 2, 0, 1, Fraction(7, 9), Fraction(1, 2), Fraction(5, 8), Fraction(158, 315)),
        D: (4, 3, 1, 1, 0, Fraction(1, 2), Fraction(7, 9), Fraction(3, 5), Fraction(5, 8)),
        E: (3, 6, 2, 1, 0, Fraction(2, 3), Fraction(1, 2), Fraction(5, 8), Fraction(19, 42)),
    }
    for p, values in expected.items():
        r = rows[p]
        assert (
            r.rank,
            r.points,
            r.wins,
            r.losses,
            r.draws,
            r.values.mw,
            r.values.omw,
            r.values.gw,
            r.values.ogw,
        ) == values
    assert (rows[D].matches, rows[D].byes, rows[E].byes) == (2, 1, 1)
    assert (rows[A].games, rows[A].game_points) == (7, 12)
    assert all(not r.tied and r.as_of_round is None for r in rows.values())


def test_breakdown_lists_each_opponent_with_their_percentages() -> None:
    a = next(r for r in compute_standings(SMALL) if r.player == A)
    assert [(o.round, o.player, o.name, o.mwp, o.gwp) for o in a.opponents] == [
        (1, B, "Player B", Fraction(1, 3), Fraction(1, 3)),
        (2, E, "Player E", Fraction(2, 3), Fraction(5, 8)),
        (3, C, "Player C", Fraction(7, 9), Fraction(5, 8)),
    ]
    assert sum(o.mwp for o in a.opponents) / len(a.opponents) == a.values.omw
    e = next(r for r in compute_standings(SMALL) if r.player == E)
    assert [o.player for o in e.opponents] == [A, B]  # the round-1 bye is no opponent


def test_tiebreaker_order_is_configurable() -> None:
    # on points then GW, E (5/8) passes A (4/7)
    order = [r.player for r in compute_standings(SMALL, tiebreakers=("points", "gw"))]
    assert order == [C, E, A, D, B]
    with pytest.raises(ValueError, match="unknown tiebreaker"):
        compute_standings(SMALL, tiebreakers=("points", "buchholz"))


def test_through_round() -> None:
    # after round 1: A, C, E on 3 points. A: OMW B 1/3, GW 1, OGW 1/3.
    # C: OMW D 1/3, GW 2/3, OGW D's 1 game of 3 -> 1/3.  E: bye only -> OMW 1/3, GW 1, OGW 1/3.
    # A and E tie exactly (3, 1/3, 1, 1/3) on ranks 1-2 (listed by name), then C.
    rows = compute_standings(SMALL, through_round=1)
    assert [(r.player, r.tie_range) for r in rows[:3]] == [(A, (1, 2)), (E, (1, 2)), (C, (3, 3))]


# Four players, two rounds: R1 A beats B 2-0, C beats D 2-0; R2 A beats C 2-0, B beats D 2-0.
# B: opponents A (MWP 1, GWP 1) and D (1/3, 1/3): OMW 2/3, GW 6/12 = 1/2, OGW 2/3.
# C: opponents D and A: the same numbers -> B and C tie exactly on ranks 2-3.
TIED = event(
    Round(1, (duel(A, B, 2, 0), duel(C, D, 2, 0))),
    Round(2, (duel(A, C, 2, 0), duel(B, D, 2, 0))),
    players="ABCD",
)


def test_exact_ties_share_a_rank_range_and_list_by_name() -> None:
    rows = compute_standings(TIED)
    assert [(r.rank, r.player, r.tie_range) for r in rows] == [
        (1, A, (1, 1)),
        (2, B, (2, 3)),
        (3, C, (2, 3)),
        (4, D, (4, 4)),
    ]
    assert (rows[1].values.omw, rows[1].values.gw, rows[1].values.ogw) == (
        Fraction(2, 3),
        Fraction(1, 2),
        Fraction(2, 3),
    )
    assert rows[1].tied and not rows[0].tied


def test_a_cut_freezes_the_values_of_players_who_missed_it() -> None:
    # TIED plus R3 after a cut at round 2: only A and C play, C beats A 2-1.
    # A: W W L 6 pts; C: W L W 6 pts. MWP 2/3 each.
    # B, D as of round 2: A was 2-0 then (MWP 1, GWP 12/12 = 1), C 1-1 (1/2, 1/2).
    #   B: OMW (A 1 + D 1/3) / 2 = 2/3, OGW (1 + 1/3) / 2 = 2/3.
    #   D: OMW (C 1/2 + B 1/2) / 2 = 1/2.
    # Without the cut B's OMW would use A's whole record: (2/3 + 1/3) / 2 = 1/2.
    # A's OMW (whole swiss): B 1/2, C 2/3, C 2/3 -> 11/18; C's: D 1/3, A 2/3, A 2/3 -> 5/9.
    three = (*TIED.rounds, Round(3, (duel(C, A, 2, 1),)))
    cut_event = event(*three, players="ABCD")
    rows = {r.player: r for r in compute_standings(cut_event, cuts=[2])}
    assert [rows[p].rank for p in (A, C, B, D)] == [1, 2, 3, 4]
    assert (rows[A].values.omw, rows[C].values.omw) == (Fraction(11, 18), Fraction(5, 9))
    assert (rows[B].as_of_round, rows[B].values.omw, rows[B].values.ogw) == (
        2,
        Fraction(2, 3),
        Fraction(2, 3),
    )
    assert (rows[D].as_of_round, rows[D].values.omw) == (2, Fraction(1, 2))
    assert rows[A].as_of_round is None
    no_cut = {r.player: r for r in compute_standings(cut_event)}
    assert no_cut[B].values.omw == Fraction(1, 2)


def test_players_who_missed_a_cut_rank_below_every_player_who_made_it() -> None:
    # R1: A beats B, C beats D; after a cut at round 1 only B and D play (a 1-1-0 draw).
    # B and D (1 point) rank above A and C (3 points, as of round 1).
    ev = event(
        Round(1, (duel(A, B, 2, 0), duel(C, D, 2, 0))),
        Round(2, (duel(B, D, 1, 1),)),
        players="ABCD",
    )
    rows = compute_standings(ev, cuts=[1])
    assert [(r.player, r.points, r.as_of_round) for r in rows] == [
        (B, 1, None),
        (D, 1, None),
        (A, 3, 1),
        (C, 3, 1),
    ]


def test_dropped_and_idle_players_keep_a_row() -> None:
    # F never played: 0 points, everything at the 1/3 floor, last.
    rows = compute_standings(event(*SMALL.rounds, players="ABCDEF"))
    last = rows[-1]
    assert (
        last.player,
        last.points,
        last.matches,
        last.values.mw,
        last.values.omw,
        last.values.gw,
    ) == (
        F_,
        0,
        0,
        Fraction(1, 3),
        Fraction(1, 3),
        Fraction(1, 3),
    )
    assert any(r.player == D for r in rows)


def test_multiplayer_tables_do_not_crash() -> None:
    # one 4-seat table, B wins: B 3 points, others 0; everyone's MWP floors at 1/3 except B's 1.
    # B's OMW = 1/3; A's OMW = (1 + 1/3 + 1/3) / 3 = 5/9.
    table = Match(table=1, players=(A, B, C, D), wins=(0, 1, 0, 0), winner=B)
    rows = compute_standings(event(Round(1, (table,)), players="ABCD", best_of=1))
    assert rows[0].player == B
    a = next(r for r in rows if r.player == A)
    assert (a.losses, a.values.omw, len(a.opponents)) == (1, Fraction(5, 9), 3)


# Six players, then a top 4: R1 A>B, C>D, E>F (all 2-0); R2 A>C, E>B, D>F (2-0).
# Swiss: A, E on 6 (A's OMW (1/3 + 1/2) / 2 = 5/12 beats E's 1/3); C, D on 3 (C's OMW
# (1/2 + 1) / 2 = 3/4 beats D's (1/2 + 1/3) / 2 = 5/12); B, F on 0 (B's OMW 1 beats F's 3/4).
# Semifinals (round 3): D beats A 2-1, E beats C 2-0. Final (round 4): E beats D 2-0.
PLAYOFF = event(
    Round(1, (duel(A, B, 2, 0), duel(C, D, 2, 0), duel(E, F_, 2, 0))),
    Round(2, (duel(A, C, 2, 0), duel(E, B, 2, 0), duel(D, F_, 2, 0))),
    Round(3, (duel(A, D, 1, 2), duel(E, C, 2, 0)), stage="elimination"),
    Round(4, (duel(D, E, 0, 2),), stage="elimination"),
    players="ABCDEF",
)


def test_elimination_rounds_do_not_count_in_the_swiss() -> None:
    rows = compute_standings(PLAYOFF)
    assert [(r.player, r.points) for r in rows] == [
        (A, 6),
        (E, 6),
        (C, 3),
        (D, 3),
        (B, 0),
        (F_, 0),
    ]


def test_final_standings_order_the_playoff_by_how_far_they_got() -> None:
    # E champion, D finalist, then the semifinal losers in swiss order (A 1st, C 3rd), then B, F.
    final = final_standings(PLAYOFF)
    assert [(r.rank, r.player, r.playoff_round, r.won_playoff_round) for r in final] == [
        (1, E, 4, True),
        (2, D, 4, False),
        (3, A, 3, False),
        (4, C, 3, False),
        (5, B, None, False),
        (6, F_, None, False),
    ]
    assert final[2].swiss.rank == 1
