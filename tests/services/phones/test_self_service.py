"""Players' reports at a Conquest table: every seat must agree before a winner is stored."""

from __future__ import annotations

import pytest

from organizer.core.event import PlayerId
from organizer.services.clock.clock import utcnow
from organizer.services.event import interchange, settings
from organizer.services.judging.penalties import add_penalty
from organizer.services.kit.errors import InputError, RefusedError
from organizer.services.phones import self_service
from organizer.services.players import registration
from organizer.services.rounds import pairing
from organizer.storage.database import Database
from tests.services.event_builders import event_with_players


def test_a_conquest_table_is_stored_only_when_every_seat_agrees(db: Database) -> None:
    event_id = event_with_players(db, "warcaste-conquest", 3)
    settings.set_setting(db, event_id=event_id, key="self_report", value="on")
    round_ = pairing.pair_next(db, event_id=event_id, seed=2).value
    (match,) = round_.matches
    a, b, c = (registration.find_player(db, event_id=event_id, code=p) for p in match.players)
    with pytest.raises(InputError, match="winner"):
        self_service.report_result(db, event_id=event_id, player=a, winner="p99")
    assert self_service.report_result(
        db, event_id=event_id, player=a, winner=a.code
    ).value.state == ("waiting")
    self_service.report_result(db, event_id=event_id, player=b, winner=a.code)
    clash = self_service.report_result(db, event_id=event_id, player=c, winner=c.code).value
    assert clash.state == "disagree"
    assert self_service.flagged_tables(db, event_id=event_id)[0].table == match.table
    stored = interchange.load_event(db, event_id=event_id).rounds[0].matches[0]
    assert not stored.reported
    agreed = self_service.report_result(db, event_id=event_id, player=c, winner=a.code).value
    assert agreed.state == "stored"
    stored = interchange.load_event(db, event_id=event_id).rounds[0].matches[0]
    assert stored.reported and stored.wins is not None
    assert dict(zip(stored.players, stored.wins, strict=True))[PlayerId(a.code)] == 1
    me = self_service.me(db, event_id=event_id, registration_id=b.registration_id, now=utcnow())
    assert me.table is not None and me.table.result == f"{a.name} won" and me.table.by_players


def test_players_agreeing_on_a_penalized_winner_are_sent_to_a_judge(db: Database) -> None:
    """Issue 36 item 4 (docs/rules.md, Penalties and the judge log): only the TO confirms a
    result that favours a player penalized at the table."""
    event_id = event_with_players(db, "warcaste-conquest", 3)
    settings.set_setting(db, event_id=event_id, key="self_report", value="on")
    (match,) = pairing.pair_next(db, event_id=event_id, seed=2).value.matches
    a, b, c = (registration.find_player(db, event_id=event_id, code=p) for p in match.players)
    add_penalty(db, event_id=event_id, player=a.code, category="Slow Play", penalty="Game Loss")
    for reporter in (a, b):
        self_service.report_result(db, event_id=event_id, player=reporter, winner=a.code)
    with pytest.raises(RefusedError, match="ask a judge") as refused:
        self_service.report_result(db, event_id=event_id, player=c, winner=a.code)
    assert "--confirm" not in str(refused.value)
    assert not interchange.load_event(db, event_id=event_id).rounds[0].matches[0].reported
