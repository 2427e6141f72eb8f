"""The players' page states a round-length house rule (issue 25 item 7; Warcaste 1d: 1 hour)."""

from __future__ import annotations

import html
import re

from organizer.services.event import events
from organizer.services.players import registration
from organizer.services.rounds import pairing
from organizer.storage.database import Database
from tests.web.served import serving


def test_the_front_page_says_the_rounds_are_a_house_rule(db: Database) -> None:
    event_id = events.create_event(
        db,
        name="Short rounds",
        format_id="warcaste-skirmish-constructed",
        round_minutes=50,
        house_rule=True,
    ).value.id
    registration.import_players_csv(db, event_id=event_id, text="name\nAda\nBo\n")
    pairing.pair_next(db, event_id=event_id, seed=1)
    with serving(db, event_id) as page:
        shown = html.unescape(re.sub(r"<[^>]+>", "", page.get("/").body.decode()))
    assert "House rule: 50-minute rounds (Warcaste 1d: 1 hour)" in shown


def test_no_house_rule_no_line(db: Database) -> None:
    event_id = events.create_event(
        db, name="Hour rounds", format_id="warcaste-skirmish-constructed"
    ).value.id
    with serving(db, event_id) as page:
        assert "House rule" not in page.get("/").body.decode()
