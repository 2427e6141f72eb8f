"""Checking in from the phone (issue 33, setting `self_checkin`): off by default (403), then
the form and the JSON call check the player in once, journaled as theirs; a player on the
waiting list is told their place; after round 1 is paired it is the organizer's."""

from __future__ import annotations

from pathlib import Path

from organizer.services.event import settings
from organizer.services.players import registration
from organizer.services.rounds import pairing
from tests.journal import journal_entries
from tests.web.self_service.players import self_served
from tests.web.self_service.test_forms import signed_in


def checked_in(site: object, code: str) -> bool:
    db, event_id = site.db, site.event_id  # type: ignore[attr-defined]
    return next(
        p for p in registration.list_players(db, event_id=event_id) if p.code == code
    ).checked_in


def test_checking_in_from_the_phone(db_path: Path) -> None:
    with self_served(db_path) as site:
        p1, p2 = site.player("p1"), site.player("p2")
        p1.sign_in()
        assert p1.api("POST", "/api/me/checkin").status == 403  # the setting is off
        settings.set_setting(site.db, event_id=site.event_id, key="self_checkin", value="yes")
        assert p1.api("GET", "/api/me").json()["can_check_in"] is True
        done = p1.api("POST", "/api/me/checkin")
        assert done.status == 200 and done.json() == {"checked_in": True}
        assert p1.api("POST", "/api/me/checkin").status == 409
        assert checked_in(site, "p1")

        csrf = signed_in(p2)
        assert "I am here" in p2.browse("GET", "/me").text
        answer = p2.browse("POST", "/me/checkin", {"csrf": csrf})
        assert answer.status == 303
        assert "You are checked in" in p2.browse("GET", answer.headers["location"]).text
        assert checked_in(site, "p2")
        entry = [e for e in journal_entries(site.db, event_id=site.event_id)][-1]
        assert entry.action == "player.checkin" and "players' page" in entry.actor


def test_waiting_and_too_late(db_path: Path) -> None:
    with self_served(db_path) as site:
        settings.set_setting(site.db, event_id=site.event_id, key="self_checkin", value="yes")
        settings.set_setting(site.db, event_id=site.event_id, key="cap", value="6")
        late = registration.add_player(site.db, event_id=site.event_id, name="Late Comer").value
        assert late.waiting == 1
        pairing.pair_next(site.db, event_id=site.event_id, seed=1, allow_missing_decks=True)
        p3 = site.player("p3")
        p3.sign_in()
        assert p3.api("GET", "/api/me").json()["can_check_in"] is False
        refused = p3.api("POST", "/api/me/checkin")
        assert refused.status == 409 and "round 1 is paired" in refused.json()["error"]
