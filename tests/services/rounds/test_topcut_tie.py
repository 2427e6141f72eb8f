"""A tie across the cut line (issue 25 item 3; docs/rules.md "Top cut"): shown before anything
is stored, refused until the TO says how to break it, and journaled with the decision."""

from __future__ import annotations

import pytest

from organizer.core.pairing.cut_line import random_order
from organizer.core.results import Score
from organizer.services.event import events
from organizer.services.kit.errors import InputError
from organizer.services.rounds import standings, topcut
from organizer.services.rounds.results import record_result
from organizer.storage.database import Database
from tests.journal import journal_entries
from tests.services.event_builders import event_with_players, store_round


@pytest.fixture
def three_winners(db: Database) -> int:
    """Six players, one round, every A seat wins 2-0: the three winners are equal on every
    tiebreaker (ranks 1-3), and a top 2 cuts through them."""
    event_id = event_with_players(db, "castle-wars", 6)
    store_round(db, event_id, 1, [("p1", "p2"), ("p3", "p4"), ("p5", "p6")])
    for table in (1, 2, 3):
        record_result(db, event_id=event_id, table=table, score=Score(2, 0))
    return event_id


def test_the_tie_is_shown_with_names_values_and_places(db: Database, three_winners: int) -> None:
    tie = topcut.cut_tie(db, event_id=three_winners, size=2)
    assert tie is not None
    assert tie.players == ("p1", "p3", "p5") and tie.ranks == (1, 3) and tie.places == 2
    assert dict(tie.values)["points"] == "3" and dict(tie.values)["GW"] == "100.00%"
    text = tie.describe()
    assert "Player 1 (p1), Player 3 (p3), Player 5 (p5)" in text
    assert "2 of them make the top 2" in text and "no tiebreaker separates them" in text
    losers = topcut.cut_tie(db, event_id=three_winners, size=4)  # 3 winners + 1 of 3 losers
    assert losers is not None and losers.players == ("p2", "p4", "p6") and losers.places == 1
    assert "1 of them makes the top 4" in losers.describe()
    assert dict(losers.values)["GW"] == "33.33%"  # the 1/3 floor, worded as standings word it


def test_the_options_carry_the_tie_at_each_size_offered(db: Database, three_winners: int) -> None:
    """What the GUI asks the TO about comes with the options, read once off its UI thread."""
    options = topcut.cut_options(db, event_id=three_winners)
    assert options.sizes == (4,)  # six players: a top 4 is the only bracket offered
    assert options.ties == {4: topcut.cut_tie(db, event_id=three_winners, size=4)}
    tie = options.ties[4]
    assert tie is not None and tie.players == ("p2", "p4", "p6")


def test_the_cut_is_refused_and_nothing_stored_while_the_tie_stands(
    db: Database, three_winners: int
) -> None:
    with pytest.raises(topcut.CutTieError, match="--break-ties random") as caught:
        topcut.start(db, event_id=three_winners, size=2)
    assert caught.value.tie.players == ("p1", "p3", "p5")
    assert topcut.bracket(db, event_id=three_winners) is None
    assert events.get_event(db, three_winners).playoff_seeds is None


def test_a_chosen_order_seeds_the_cut(db: Database, three_winners: int) -> None:
    first = topcut.start(db, event_id=three_winners, size=2, order=["p5", "p1", "p3"]).value
    assert first.matches[0].players == ("p5", "p1")
    entry = next(
        e for e in journal_entries(db, event_id=three_winners) if e.action == "topcut.start"
    )
    assert "broken by the TO's order: p5, p1, p3" in entry.summary
    assert entry.after["cut_tie"]["how"] == "order"


@pytest.mark.parametrize(
    ("order", "problem"),
    [
        (["p5", "p1"], "missing: p3"),
        (["p5", "p1", "p3", "p2"], "p2 is not in the tie"),
        (["p5", "p5", "p1", "p3"], "p5 named twice"),
    ],
)
def test_an_order_that_is_not_every_tied_player_once_is_refused(
    db: Database, three_winners: int, order: list[str], problem: str
) -> None:
    with pytest.raises(InputError, match=problem):
        topcut.start(db, event_id=three_winners, size=2, order=order)
    assert events.get_event(db, three_winners).playoff_seeds is None


def test_a_random_draw_is_recorded_and_replays_from_its_seed(
    db: Database, three_winners: int
) -> None:
    first = topcut.start(db, event_id=three_winners, size=2, break_ties="random").value
    entry = next(
        e for e in journal_entries(db, event_id=three_winners) if e.action == "topcut.start"
    )
    drawn = entry.after["cut_tie"]
    seed = drawn["seed"]
    assert isinstance(seed, int) and f"a random draw (seed {seed})" in entry.summary
    assert sorted(drawn["order"]) == ["p1", "p3", "p5"]
    assert first.matches[0].players == tuple(drawn["order"][:2])
    tie = topcut.cut_tie(db, event_id=three_winners, size=2)
    assert tie is not None
    assert list(random_order(tie, seed)) == drawn["order"]


def test_the_listed_order_is_a_choice_too(db: Database, three_winners: int) -> None:
    first = topcut.start(db, event_id=three_winners, size=2, break_ties="name").value
    listed = [r.player for r in standings.standings(db, event_id=three_winners)[:2]]
    assert list(first.matches[0].players) == listed


def test_no_tie_on_the_line_needs_no_decision(db: Database) -> None:
    event_id = event_with_players(db, "castle-wars", 4)
    store_round(db, event_id, 1, [("p1", "p2"), ("p3", "p4")])
    record_result(db, event_id=event_id, table=1, score=Score(2, 0))
    record_result(db, event_id=event_id, table=2, score=Score(2, 1))
    assert topcut.cut_tie(db, event_id=event_id, size=2) is None
    first = topcut.start(db, event_id=event_id, size=2).value
    assert first.matches[0].players == ("p1", "p3")
