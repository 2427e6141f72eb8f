"""The top cut through the services: seeding from standings, advancing, final standings."""

from __future__ import annotations

import pytest

from organizer.core.results import Score
from organizer.core.views.round_view import round_view
from organizer.services.event import interchange
from organizer.services.kit.errors import InputError, RefusedError
from organizer.services.rounds import standings, topcut
from organizer.services.rounds.pairing import pair_next
from organizer.services.rounds.results import record_result
from organizer.storage.database import Database
from tests.services.event_builders import event_with_players


def finish_round(db: Database, event_id: int) -> None:
    """Higher-numbered table loses: results differ so standings have an order."""
    last = interchange.load_event(db, event_id=event_id).rounds[-1]
    for m in last.matches:
        if m.table is not None:
            record_result(db, event_id=event_id, table=m.table, score=Score(2, 1))


def swiss_event(db: Database, players: int, rounds: int) -> int:
    event_id = event_with_players(db, "castle-wars", players)
    for n in range(rounds):
        pair_next(db, event_id=event_id, seed=n + 1)
        finish_round(db, event_id)
    return event_id


def test_recommended_structure_follows_attendance(db: Database) -> None:
    assert topcut.recommended(db, event_id=event_with_players(db, "castle-wars", 20)).top_cut == 8
    small = topcut.recommended(db, event_id=event_with_players(db, "castle-wars", 12))
    assert (small.swiss_rounds, small.top_cut) == (5, 4)


def test_the_expected_cut_is_the_recommended_one_and_a_final_table_for_conquest(
    db: Database,
) -> None:
    """What who-can-draw asks about before a cut is started: the planned rounds, else
    Appendix E's, and the recommended cut for the players who started."""
    swiss = interchange.load_event(db, event_id=event_with_players(db, "castle-wars", 20))
    expected = topcut.expected_structure(swiss, None)
    assert (expected.swiss_rounds, expected.top_cut) == (5, 8)
    assert topcut.expected_structure(swiss, 6).swiss_rounds == 6
    conquest_id = event_with_players(db, "warcaste-conquest", 20)
    conquest = interchange.load_event(db, event_id=conquest_id)
    assert topcut.expected_structure(conquest, None).top_cut == 4  # one final table (8c)


def test_top_8_is_seeded_from_standings_and_plays_to_a_champion(db: Database) -> None:
    event_id = swiss_event(db, 16, 4)
    table = standings.standings(db, event_id=event_id)
    top8 = [r.player for r in table[:8]]
    tie = topcut.cut_tie(db, event_id=event_id, size=8)
    assert tie is not None and table[7].tied  # 16 players, 2-1 every match: ties everywhere
    with pytest.raises(topcut.CutTieError):
        topcut.start(db, event_id=event_id, size=8)
    first = topcut.start(db, event_id=event_id, size=8, break_ties="name").value
    assert first.round.stage == "elimination" and first.number == 5
    assert [m.players for m in first.matches] == [
        (top8[0], top8[7]),
        (top8[3], top8[4]),
        (top8[1], top8[6]),
        (top8[2], top8[5]),
    ]
    # returned as shown, names and points before it, from the event read under the lock
    stored = round_view(interchange.load_event(db, event_id=event_id), first.number)
    assert first.tables == stored.tables
    best = first.tables[0].seats[0]
    assert (best.id, best.points) == (top8[0], table[0].points)
    with pytest.raises(RefusedError, match="already started"):
        topcut.start(db, event_id=event_id, size=8)
    with pytest.raises(InputError, match="needs a winner"):
        record_result(db, event_id=event_id, table=1, score=Score(1, 1))
    for _ in range(3):
        with pytest.raises(RefusedError):
            pair_next(db, event_id=event_id)  # results still missing
        finish_round(db, event_id)  # the higher seed (player A) wins every match
        bracket = topcut.bracket(db, event_id=event_id)
        assert bracket is not None
        if bracket.champion is None:
            assert pair_next(db, event_id=event_id).value.round.stage == "elimination"
    assert bracket is not None and bracket.champion is not None
    assert bracket.champion.player == top8[0]
    final = standings.final(db, event_id=event_id)
    assert [r.player for r in final[:2]] == [top8[0], top8[1]]
    assert {r.player for r in final[:8]} == set(top8)
    with pytest.raises(RefusedError, match="over"):
        topcut.advance(db, event_id=event_id)


def test_cut_needs_finished_swiss_and_enough_players(db: Database) -> None:
    event_id = event_with_players(db, "castle-wars", 6)
    with pytest.raises(RefusedError, match="Swiss rounds"):
        topcut.start(db, event_id=event_id, size=4)
    pair_next(db, event_id=event_id, seed=1)
    with pytest.raises(RefusedError, match="results missing"):
        topcut.start(db, event_id=event_id, size=4)
    finish_round(db, event_id)
    with pytest.raises(RefusedError, match="too few"):
        topcut.start(db, event_id=event_id, size=8)
    with pytest.raises(RefusedError, match="2, 4, 8"):
        topcut.start(db, event_id=event_id, size=6)


def test_the_cuts_offered_are_those_the_players_still_in_allow(db: Database) -> None:
    event_id = swiss_event(db, 12, 2)
    options = topcut.cut_options(db, event_id=event_id)
    assert options.sizes == (4, 8)  # 16 is more than the 12 still in
    assert options.active == 12 and options.after_round == 2 and not options.final_table
    assert options.recommended == topcut.recommended(db, event_id=event_id)
    assert options.recommended.top_cut in options.sizes
    for size in options.sizes:  # every size offered is one the cut itself takes
        assert size in topcut.CUT_SIZES


def test_a_conquest_event_is_offered_final_tables_and_too_few_are_refused(db: Database) -> None:
    conquest = event_with_players(db, "warcaste-conquest", 4)
    options = topcut.cut_options(db, event_id=conquest)
    assert options.final_table and options.sizes == (3, 4)
    assert options.after_round is None  # no round played yet
    three = event_with_players(db, "castle-wars", 3)
    with pytest.raises(RefusedError, match="a top cut needs at least 4 players; 3 are in"):
        topcut.cut_options(db, event_id=three)
