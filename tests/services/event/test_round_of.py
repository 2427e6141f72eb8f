"""`interchange.round_of`: the one choice of a round by number (the latest when none is
given) that explaining a pairing and printing a round's sheets share, with the same two
refusals."""

from __future__ import annotations

import pytest

from organizer.services.event.interchange import load_event, round_of
from organizer.services.kit.errors import RefusedError
from organizer.services.printouts import printouts
from organizer.services.rounds import explain
from organizer.storage.database import Database
from tests.gui.played_events import event_with_players, play_round


def test_the_latest_round_by_default_and_a_named_one_when_it_exists(db: Database) -> None:
    event_id = event_with_players(db, "castle-wars", 6, name="Two rounds")
    play_round(db, event_id, seed=1)
    play_round(db, event_id, seed=2)
    event = load_event(db, event_id=event_id)
    assert round_of(event, None) is event.rounds[-1]
    assert round_of(event, None).number == 2
    assert round_of(event, 1) is event.rounds[0]


def test_no_round_yet_and_a_round_that_does_not_exist_are_refused_alike(db: Database) -> None:
    event_id = event_with_players(db, "castle-wars", 6, name="Not paired")
    for ask in (
        lambda n: explain.explain_table(db, event_id=event_id, table=1, round_number=n),
        lambda n: printouts.printout(db, event_id=event_id, kind="pairings", round_number=n),
    ):
        with pytest.raises(RefusedError, match="no round is paired yet"):
            ask(None)
    play_round(db, event_id, seed=1)
    for ask in (
        lambda n: explain.explain_table(db, event_id=event_id, table=1, round_number=n),
        lambda n: printouts.printout(db, event_id=event_id, kind="slips", round_number=n),
    ):
        with pytest.raises(RefusedError, match="there is no round 3"):
            ask(3)


def test_the_reasons_of_several_tables_leave_out_what_has_none(db: Database) -> None:
    """A judge's queue asks for every calling table at once: a table of a round that is
    not there (rewound since) or a table the round does not have gives nothing, the
    others their `explain_table` reasons."""
    event_id = event_with_players(db, "castle-wars", 6, name="Two rounds")
    play_round(db, event_id, seed=1)
    play_round(db, event_id, seed=2)
    found = explain.reasons_at(db, event_id=event_id, tables=[(2, 1), (1, 2), (3, 1), (2, 9)])
    assert set(found) == {(2, 1), (1, 2)}
    for number, table in found:
        (one,) = explain.explain_table(db, event_id=event_id, table=table, round_number=number)
        assert found[number, table] == one.reasons
