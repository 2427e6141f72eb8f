"""A Conquest event's playoff through the services (issue 25 item 4; Warcaste 8c): one final
table of 3 to 5, never a bracket of one-on-one games."""

from __future__ import annotations

import pytest

from organizer.services.event import interchange, settings
from organizer.services.kit.errors import RefusedError
from organizer.services.printouts import printouts
from organizer.services.rounds import pairing, results, standings, topcut
from organizer.storage.database import Database
from tests.printing.pdf_reading import text
from tests.services.event_builders import event_with_players


@pytest.fixture
def conquest(db: Database) -> int:
    """Nine warlords, two rounds at tables of 3; the first seat of every table wins."""
    event_id = event_with_players(db, "warcaste-conquest", 9)
    settings.set_setting(db, event_id=event_id, key="table_size", value="3")
    for seed in (1, 2):
        for m in pairing.pair_next(db, event_id=event_id, seed=seed).value.matches:
            assert m.table is not None and len(m.players) == 3
            results.record_table_result(db, event_id=event_id, table=m.table, winner=m.players[0])
    return event_id


@pytest.mark.parametrize("size", [2, 8, 16])
def test_a_bracket_is_refused_with_the_reason(db: Database, conquest: int, size: int) -> None:
    with pytest.raises(RefusedError, match="one Conquest game: a final table of 3, 4 or 5"):
        topcut.start(db, event_id=conquest, size=size, break_ties="name")
    assert topcut.final_table_state(db, event_id=conquest) is None


def test_a_final_table_of_five_to_a_champion(db: Database, conquest: int) -> None:
    top = [r.player for r in standings.standings(db, event_id=conquest)[:5]]
    first = topcut.start(db, event_id=conquest, size=5, break_ties="name").value
    assert first.round.stage == "elimination" and len(first.matches) == 1
    assert first.matches[0].players == tuple(top)
    assert topcut.bracket(db, event_id=conquest) is None  # no two-player bracket
    results.record_table_result(db, event_id=conquest, table=1, winner=None)
    again = pairing.pair_next(db, event_id=conquest).value
    assert again.matches[0].players == tuple(top)
    results.record_table_result(db, event_id=conquest, table=1, winner=top[4])
    state = topcut.final_table_state(db, event_id=conquest)
    assert state is not None and state.champion == top[4] and state.drawn_games == 1
    with pytest.raises(RefusedError, match=f"over: {top[4]} won"):
        pairing.pair_next(db, event_id=conquest)
    final = standings.final(db, event_id=conquest)
    assert final[0].player == top[4] and {r.player for r in final[:5]} == set(top)
    rounds = interchange.load_event(db, event_id=conquest).rounds
    assert [r.stage for r in rounds] == ["swiss", "swiss", "elimination", "elimination"]
    printed = text(printouts.printout(db, event_id=conquest, kind="standings"))
    assert printed.count("Champion") == 1 and printed.count("Final table") == 4
    assert "Finalist" not in printed
