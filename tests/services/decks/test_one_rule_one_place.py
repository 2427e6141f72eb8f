"""One rule, one place: the rules two paths used to read differently now come from core
(issue 14, point 7), and every path agrees. A late entry gets the same record from `players
add` and a CSV import (core.late_entry); a Conquest draw needs two players or more, and naming
nobody means everyone drew (core.results.table_draw); an unknown format falls back the same
way everywhere (core.formats.catalog.format_or_unknown)."""

from __future__ import annotations

import pytest

from organizer.core.event import Match, PlayerId
from organizer.core.event_settings import EventSettings
from organizer.core.formats.catalog import UNKNOWN_FORMAT, format_or_unknown
from organizer.core.late_entry import missed_round_losses
from organizer.core.pairing.standings import StandingRow
from organizer.core.results import ResultError, Score, table_draw
from organizer.services.event import interchange, settings
from organizer.services.event.settings import set_setting
from organizer.services.kit.errors import InputError
from organizer.services.players import registration
from organizer.services.rounds import standings
from organizer.services.rounds.pairing import multiplayer, pair_next
from organizer.services.rounds.results import draws_allowed, record_result, record_table_result
from organizer.services.rounds.standings import tiebreaker_order
from organizer.storage.database import Database
from tests.services.event_builders import event_with_players


def test_the_late_entry_rule() -> None:
    assert missed_round_losses(EventSettings(), 2) == 0
    assert missed_round_losses(EventSettings(late_entry_losses=True), 0) == 0
    assert missed_round_losses(EventSettings(late_entry_losses=True), 2) == 2


@pytest.mark.parametrize("losses", [False, True])
def test_a_late_entry_gets_the_same_record_added_or_imported(db: Database, losses: bool) -> None:
    event_id = event_with_players(db, "castle-wars", 4)
    settings.set_setting(db, event_id=event_id, key="late_entry_losses", value=str(losses))
    for n in (1, 2):
        for m in pair_next(db, event_id=event_id, seed=n).value.matches:
            assert m.table is not None
            record_result(db, event_id=event_id, table=m.table, score=Score(2, 0))
    added = registration.add_player(db, event_id=event_id, name="Late Larry").value
    registration.import_players_csv(db, event_id=event_id, text="name\nLate Lucy\n")
    lucy = next(
        p for p in registration.list_players(db, event_id=event_id) if p.name == "Late Lucy"
    )
    rows: dict[str, StandingRow] = {r.player: r for r in standings.standings(db, event_id=event_id)}
    expected = 2 if losses else 0
    assert rows[added.code].losses == rows[lucy.code].losses == expected


def test_the_conquest_draw_rule() -> None:
    seats = ["a", "b", "c", "d"]
    assert table_draw(seats, "b", None) == ()
    assert table_draw(seats, None, None) == tuple(seats)  # nobody named: everyone drew
    assert table_draw(seats, None, ["a", "c"]) == ("a", "c")
    with pytest.raises(ResultError, match="two players or more"):
        table_draw(seats, None, ["c"])
    with pytest.raises(ResultError, match="does not sit there"):
        table_draw(seats, "z", None)
    everyone = Match(1, tuple(PlayerId(s) for s in seats), (0, 0, 0, 0), 1)
    assert everyone.drew == everyone.players


def test_a_one_player_conquest_draw_is_refused_by_the_service(db: Database) -> None:
    event_id = event_with_players(db, "warcaste-conquest", 8)
    set_setting(db, event_id=event_id, key="conquest_time_draw", value="still-in")  # house option
    players = pair_next(db, event_id=event_id, seed=1).value.matches[0].players
    with pytest.raises(InputError, match="two players or more"):
        record_table_result(db, event_id=event_id, table=1, winner=None, drawn=[players[0]])
    record_table_result(db, event_id=event_id, table=1, winner=None, drawn=list(players[:2]))
    match = interchange.load_event(db, event_id=event_id).rounds[0].matches[0]
    assert set(match.drew) == set(players[:2])


def test_an_unknown_format_falls_back_the_same_way_everywhere() -> None:
    assert format_or_unknown("sealed-deck-of-the-future") is UNKNOWN_FORMAT
    assert format_or_unknown(None) is UNKNOWN_FORMAT
    assert format_or_unknown("castle-wars").id == "castle-wars"
    assert draws_allowed("nope") is True and multiplayer("nope") is False
    assert tiebreaker_order("nope") == UNKNOWN_FORMAT.tiebreakers
