"""The JSON API on a real waitress port: sign in, lists, results, drops and every refusal."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

from organizer.core.results import Score
from organizer.core.views.round_view import RoundView
from organizer.services.clock import sudden_death
from organizer.services.event import settings
from organizer.services.phones import phone_lists, pins, self_service
from organizer.services.players import registration
from organizer.services.rounds import pairing, results
from tests.cli.helpers import organizer
from tests.journal import journal_entries
from tests.web.self_service.players import T0, illegal_list, legal_list, self_served


def wrong(pin: str) -> str:
    return f"{(int(pin) + 1) % 10**6:06d}"


def deck_list_json(db_path: Path) -> dict[str, str]:
    listed = json.loads(organizer(db_path, "deck", "list", "--json").out)["decks"]
    return {d["id"]: d["status"] for d in listed}


def test_sign_in_wrong_pin_401_then_locked_429_with_retry_after(db_path: Path) -> None:
    with self_served(db_path) as site:
        p1 = site.player("p1")
        assert p1.api("GET", "/api/me").status == 401
        for _ in range(pins.TRIES):
            assert p1.sign_in(wrong(site.pins["p1"])).status == 401
        locked = p1.sign_in()
        assert locked.status == 429
        assert int(locked.headers["retry-after"]) == pins.FIRST_LOCK_S
        assert "too many wrong PINs" in locked.json()["error"]
        locks = pins.locks(site.db, event_id=site.event_id, now=T0)
        assert {lock.subject for lock in locks} == {"player:p1", "address:127.0.0.1"}
        site.at(T0 + dt.timedelta(seconds=pins.FIRST_LOCK_S))
        assert p1.sign_in().status == 200
        me = p1.api("GET", "/api/me").json()
        assert me["player"] == {"id": "p1", "name": "Player 1"}
        assert me["deck"] is None and me["deck_open"] is True and me["self_report"] is False


def test_legal_and_illegal_lists_stored_as_deck_list_shows(db_path: Path) -> None:
    with self_served(db_path) as site:
        p1, p2 = site.player("p1"), site.player("p2")
        p1.sign_in()
        p2.sign_in()
        legal = p1.api("POST", "/api/me/deck", {"list": legal_list()})
        assert legal.status == 200 and legal.json()["legal"] is True
        illegal = p2.api("POST", "/api/me/deck", {"list": illegal_list()}).json()
        assert illegal["legal"] is False and illegal["status"] == "illegal"
        size = next(f for f in illegal["findings"] if f["rule"] == "wc-deck-size")
        assert size["severity"] == "error" and size["rule_ref"]
        assert deck_list_json(db_path) == {
            "p1": "legal",
            "p2": "illegal",
            "p3": "missing",
            "p4": "missing",
            "p5": "missing",
            "p6": "missing",
        }
        me = p2.api("GET", "/api/me").json()["deck"]
        assert me["submitted_by_player"] is True and me["status"] == "illegal"
        # a player acts on their own list only: p2's token never touches p1's
        p2.api("POST", "/api/me/deck", {"list": illegal_list()})
        assert deck_list_json(db_path)["p1"] == "legal"
        unreadable = p1.api("POST", "/api/me/deck", {"list": "Deck:\nseveral Foo\n"})
        assert unreadable.status == 400 and "line 2" in unreadable.json()["error"]
        assert deck_list_json(db_path)["p1"] == "legal"  # nothing lost


def test_edit_before_the_deadline_refused_after_and_after_round_1(db_path: Path) -> None:
    with self_served(db_path) as site:
        closes = T0 + dt.timedelta(minutes=30)
        settings.set_setting(
            site.db,
            event_id=site.event_id,
            key="deck_deadline",
            value=closes.astimezone().strftime("%H:%M"),
        )
        p1 = site.player("p1")
        p1.sign_in()
        assert p1.api("POST", "/api/me/deck", {"list": illegal_list()}).status == 200
        site.at(closes - dt.timedelta(minutes=1))
        assert p1.api("POST", "/api/me/deck", {"list": legal_list()}).json()["legal"] is True
        site.at(closes)
        late = p1.api("POST", "/api/me/deck", {"list": illegal_list()})
        assert late.status == 403 and "closed" in late.json()["error"]
        assert deck_list_json(db_path)["p1"] == "legal"
        settings.set_setting(site.db, event_id=site.event_id, key="deck_deadline", value="round 1")
        reg = registration.find_player(site.db, event_id=site.event_id, code="p1")
        phone_lists.set_locked(
            site.db, event_id=site.event_id, registration_id=reg.registration_id, locked_=True
        )
        assert p1.api("POST", "/api/me/deck", {"list": legal_list()}).status == 403
        phone_lists.set_locked(
            site.db, event_id=site.event_id, registration_id=reg.registration_id, locked_=False
        )
        assert p1.api("POST", "/api/me/deck", {"list": legal_list()}).status == 200
        pairing.pair_next(site.db, event_id=site.event_id, seed=3, allow_missing_decks=True)
        paired = p1.api("POST", "/api/me/deck", {"list": legal_list()})
        assert paired.status == 403 and "round 1 is paired" in paired.json()["error"]


def test_self_service_off_is_403(db_path: Path) -> None:
    with self_served(db_path) as site:
        settings.set_setting(site.db, event_id=site.event_id, key="self_decks", value="off")
        p1 = site.player("p1")
        p1.sign_in()
        assert p1.api("POST", "/api/me/deck", {"list": legal_list()}).status == 403
        pairing.pair_next(site.db, event_id=site.event_id, seed=3, allow_missing_decks=True)
        off = p1.api("POST", "/api/me/result", {"result": "1-0"})
        assert off.status == 403 and "organizer" in off.json()["error"]
        assert p1.api("POST", "/api/me/drop").status == 403


def opponents(round_: RoundView) -> list[tuple[str, str, int]]:
    return [(m.players[0], m.players[1], m.table) for m in round_.matches if m.table is not None]


def test_results_agree_disagree_and_a_to_result_wins(db_path: Path) -> None:
    with self_served(db_path) as site:
        round_ = site.reporting_round_1()
        (a1, b1, t1), (a2, b2, t2), (a3, b3, _) = opponents(round_)
        players = {c: site.player(c) for c in (a1, b1, a2, b2, a3, b3)}
        for p in players.values():
            assert p.sign_in().status == 200
        # table 1: both agree (each with their own games first)
        first = players[a1].api("POST", "/api/me/result", {"result": "1-0"}).json()
        assert first == {"state": "waiting", "round": 1, "table": t1}
        agreed = players[b1].api("POST", "/api/me/result", {"result": "0-1"}).json()
        assert agreed["state"] == "stored"
        assert players[a1].api("GET", "/api/me").json()["table"]["result"] == "won 1-0"
        assert players[b1].api("GET", "/api/me").json()["table"]["reported_by_players"] is True
        # table 2: both claim the win: nothing stored, flagged for the TO
        players[a2].api("POST", "/api/me/result", {"result": "1-0"})
        clash = players[b2].api("POST", "/api/me/result", {"result": "1-0"}).json()
        assert clash["state"] == "disagree"
        (flag,) = self_service.flagged_tables(site.db, event_id=site.event_id)
        assert flag.table == t2 and len(flag.reports) == 2
        assert players[a2].api("GET", "/api/me").json()["table"]["flagged"] is True
        assert players[a2].api("GET", "/api/me").json()["table"]["result"] is None
        # the TO decides table 2; a player's later report never overwrites it
        results.record_result(site.db, event_id=site.event_id, table=t2, score=Score(0, 1))
        late = players[a2].api("POST", "/api/me/result", {"result": "1-0"})
        assert late.status == 409 and "organizer" in late.json()["error"]
        assert players[a2].api("GET", "/api/me").json()["table"]["result"] == "lost 0-1"
        assert self_service.flagged_tables(site.db, event_id=site.event_id) == ()
        # a score the format cannot have is refused, nothing kept
        assert players[a3].api("POST", "/api/me/result", {"result": "3-0"}).status == 400


def test_a_sudden_death_table_is_the_judges(db_path: Path) -> None:
    with self_served(db_path) as site:
        round_ = site.reporting_round_1()
        a, _, table = opponents(round_)[0]
        sudden_death.set_active_player(
            site.db, event_id=site.event_id, table=table, player=a, now=T0, early=True
        )
        p = site.player(a)
        p.sign_in()
        refused = p.api("POST", "/api/me/result", {"result": "1-0"})
        assert refused.status == 403 and "sudden death" in refused.json()["error"]


def test_drop_from_the_phone_is_journaled_and_once(db_path: Path) -> None:
    with self_served(db_path) as site:
        p3 = site.player("p3")
        p3.sign_in()
        dropped = p3.api("POST", "/api/me/drop")
        assert dropped.status == 200 and dropped.json() == {"dropped_after_round": 0}
        listed = json.loads(organizer(db_path, "players", "list", "--json").out)["players"]
        assert next(p for p in listed if p["id"] == "p3")["dropped"] is True
        again = p3.api("POST", "/api/me/drop")
        assert again.status == 409
        entry = next(
            e for e in journal_entries(site.db, event_id=site.event_id) if e.action == "player.drop"
        )
        assert "p3" in entry.actor and "players' page" in entry.actor


def test_a_known_call_with_the_wrong_method_is_405_an_unknown_one_404(db_path: Path) -> None:
    with self_served(db_path) as site:
        p1 = site.player("p1")
        for method, path in (("GET", "/api/session"), ("POST", "/api/me"), ("GET", "/api/me/drop")):
            assert p1.api(method, path).status == 405, (method, path)
        assert p1.api("GET", "/api/me/nothing").status == 404
        assert p1.api("POST", "/api/me/nothing").json() == {"error": "no such call"}
