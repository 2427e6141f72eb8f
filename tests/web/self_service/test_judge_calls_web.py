"""Judge calls on the page: the player's "Call a judge" (form and `POST /api/me/judge`),
409 for a second open call from the table, 422 with no table; the judge's phone at
/judge: PIN sign-in with the players' lock-out, the queue, claim and resolve, CSRF."""

from __future__ import annotations

from pathlib import Path

from markupsafe import escape

from organizer.services.judging import judge_calls
from organizer.services.phones import judges, pins
from organizer.services.rounds import explain
from tests.cli.test_judge_calls_cli import CALL_KEYS
from tests.web.self_service.players import Player, SelfServed, self_served
from tests.web.self_service.test_forms import signed_in


def table_mates(site: SelfServed) -> tuple[str, str, str]:
    """Round 1 paired: two players of table 1 and the code of a player at another table."""
    paired = site.reporting_round_1()
    first, second = paired.matches[0], paired.matches[1]
    return first.players[0], first.players[1], second.players[0]


def judge_signed_in(site: SelfServed, name: str, pin: str) -> tuple[Player, str]:
    """A judge's phone signed in through the form; returns it and the queue's CSRF token."""
    phone = site.player(name)
    page = phone.browse("GET", "/judge")
    assert page.status == 200 and "Judge's PIN" in page.text
    done = phone.browse(
        "POST", "/judge/signin", {"csrf": phone.form_token(page), "judge": name, "pin": pin}
    )
    assert done.status == 303 and done.headers["location"] == "/judge"
    (cookie,) = [c for c in done.cookies if c.startswith("organizer_judge=")]
    assert "HttpOnly" in cookie and "SameSite=Strict" in cookie
    queue = phone.browse("GET", "/judge")
    assert queue.status == 200 and f"Signed in as <strong>{name}</strong>" in queue.text
    return phone, phone.form_token(queue)


def test_the_api_calls_once_per_table(db_path: Path) -> None:
    with self_served(db_path) as site:
        a, b, c = table_mates(site)
        pa, pb, pc = site.player(a), site.player(b), site.player(c)
        for p in (pa, pb, pc):
            p.sign_in()
        made = pa.api("POST", "/api/me/judge", {"note": "rules question"})
        assert made.status == 201, made.text
        doc = made.json()
        assert set(doc) == CALL_KEYS
        assert (doc["table"], doc["round"], doc["player"]["id"]) == (1, 1, a)
        assert (doc["note"], doc["state"]) == ("rules question", "open")
        told = pb.api("GET", "/api/me").json()["judge_call"]  # the table mate's phone sees it
        assert (told["id"], told["state"]) == (doc["id"], "open")
        assert pc.api("GET", "/api/me").json()["judge_call"] is None  # another table
        again = pb.api("POST", "/api/me/judge", {})
        assert again.status == 409
        assert "table 1 has called a judge already" in again.json()["error"]
        assert pc.api("POST", "/api/me/judge", {"note": ""}).status == 201
        assert pc.api("POST", "/api/me/judge", {"note": 7}).status == 400
        assert pc.api("POST", "/api/me/judge", {"note": "x" * 201}).status == 400
        stranger = site.player(a)
        assert stranger.api("POST", "/api/me/judge", {}).status == 401
        calls = judge_calls.list_calls(site.db, event_id=site.event_id)
        assert [call.table for call in calls] == [1, 2]


def test_a_player_with_no_table_is_told_so(db_path: Path) -> None:
    with self_served(db_path, players=5) as site:
        p1 = site.player("p1")
        p1.sign_in()
        early = p1.api("POST", "/api/me/judge", {})
        assert early.status == 422 and "no round is paired yet" in early.json()["error"]
        paired = site.reporting_round_1()
        bye = next(m.players[0] for m in paired.matches if m.table is None)
        pbye = site.player(bye)
        pbye.sign_in()
        refused = pbye.api("POST", "/api/me/judge", {})
        assert refused.status == 422 and "you have a bye in round 1" in refused.json()["error"]
        page = pbye.browse("GET", "/me")
        assert "Call a judge" not in page.text


def test_the_form_calls_a_judge_and_the_page_then_says_so(db_path: Path) -> None:
    with self_served(db_path) as site:
        a, b, _ = table_mates(site)
        pa = site.player(a)
        csrf = signed_in(pa)
        page = pa.browse("GET", "/me")
        assert "Call a judge to table 1" in page.text
        forged = pa.browse("POST", "/me/judge", {"csrf": "x" * 30, "note": "hi"})
        assert forged.status == 403
        assert judge_calls.list_calls(site.db, event_id=site.event_id) == []
        done = pa.browse("POST", "/me/judge", {"csrf": csrf, "note": "we disagree on a card"})
        assert done.status == 303 and done.headers["location"] == "/me?done=judge#judge"
        shown = pa.browse("GET", "/me?done=judge")
        assert "A judge is called to table 1: wait at your table." in shown.text
        assert "Call a judge to table 1" not in shown.text
        pb = site.player(b)
        csrf_b = signed_in(pb)
        second = pb.browse("POST", "/me/judge", {"csrf": csrf_b, "note": ""})
        assert second.status == 409 and "table 1 has called a judge already" in second.text
        assert second.headers["cache-control"] == "no-store"
        assert "default-src 'none'" in second.headers["content-security-policy"]


def test_a_judges_phone_claims_and_resolves(db_path: Path) -> None:
    with self_served(db_path) as site:
        a, _, _ = table_mates(site)
        pin = judges.add_judge(site.db, event_id=site.event_id, name="Ana").value.pin
        judges.add_judge(site.db, event_id=site.event_id, name="Bo")
        pa = site.player(a)
        pa.sign_in()
        call = pa.api("POST", "/api/me/judge", {"note": "rules <question>"}).json()
        phone, csrf = judge_signed_in(site, "Ana", pin)
        queue = phone.browse("GET", "/judge")
        assert queue.headers["cache-control"] == "no-store"
        assert '<meta http-equiv="refresh" content="15">' in queue.text
        assert "Table 1" in queue.text and "rules &lt;question&gt;" in queue.text
        assert "organizer_judge" in phone.cookies and "organizer_session" not in phone.cookies
        forged = phone.browse("POST", "/judge/claim", {"csrf": "y" * 30, "call": str(call["id"])})
        assert forged.status == 403
        claimed = phone.browse("POST", "/judge/claim", {"csrf": csrf, "call": str(call["id"])})
        assert claimed.status == 303
        page = phone.browse("GET", "/judge?done=claimed")
        assert "You have it" in page.text and "I take it" not in page.text
        on_its_way = pa.api("GET", "/api/me").json()["judge_call"]
        assert (on_its_way["state"], on_its_way["claimed_by"]) == ("claimed", "Ana")
        assert "Ana is on the way" in signed_form_page(pa, site)
        for typed in ("abc", "\u00b2", "9" * 40):  # a superscript two is a digit to str.isdigit
            bad = phone.browse("POST", "/judge/resolve", {"csrf": csrf, "call": typed})
            assert bad.status == 400 and "not a call number" in bad.text
        done = phone.browse("POST", "/judge/resolve", {"csrf": csrf, "call": str(call["id"])})
        assert done.status == 303
        assert "No call is waiting." in phone.browse("GET", "/judge").text
        (stored,) = judge_calls.list_calls(site.db, event_id=site.event_id, resolved=True)
        assert (stored.state, stored.claimed_by) == ("resolved", "Ana")
        out = phone.browse("POST", "/judge/signout", {"csrf": csrf})
        assert out.status == 303 and "Judge's PIN" in phone.browse("GET", "/judge").text


def signed_form_page(player: Player, site: SelfServed) -> str:
    """The player's own page as their browser shows it (signed in through the form)."""
    browser = site.player(player.code)
    signed_in(browser)
    return browser.browse("GET", "/me").text


def test_wrong_judge_pins_lock_the_address(db_path: Path) -> None:
    with self_served(db_path) as site:
        pin = judges.add_judge(site.db, event_id=site.event_id, name="Ana").value.pin
        phone = site.player("Ana")
        wrong = f"{(int(pin) + 1) % 10**6:06d}"
        for _ in range(pins.TRIES):
            page = phone.browse("GET", "/judge")
            reply = phone.browse(
                "POST",
                "/judge/signin",
                {"csrf": phone.form_token(page), "judge": "Ana", "pin": wrong},
            )
            assert reply.status == 401 and "do not match" in reply.text
        page = phone.browse("GET", "/judge")
        locked = phone.browse(
            "POST", "/judge/signin", {"csrf": phone.form_token(page), "judge": "Ana", "pin": pin}
        )
        assert locked.status == 429 and int(locked.headers["retry-after"]) > 0
        assert "organizer_judge" not in phone.cookies
        assert phone.browse("GET", "/judge/nothing").status == 404


def test_the_queue_says_why_the_calling_table_was_paired(db_path: Path) -> None:
    """ "Why am I paired down?" is asked at the table: the judge's phone carries the
    table's reasons, the same words as `pairings explain`, folded away under the call."""
    with self_served(db_path) as site:
        a, _, _ = table_mates(site)
        pin = judges.add_judge(site.db, event_id=site.event_id, name="Ana").value.pin
        pa = site.player(a)
        pa.sign_in()
        assert pa.api("POST", "/api/me/judge", {"note": "why this table?"}).status == 201
        phone, csrf = judge_signed_in(site, "Ana", pin)
        queue = phone.browse("GET", "/judge").text
        (told,) = explain.explain_table(site.db, event_id=site.event_id, table=1, round_number=1)
        assert told.reasons
        assert '<details class="why"><summary>Why this pairing</summary>' in queue
        for reason in told.reasons:
            assert f"<li>{escape(reason)}</li>" in queue
        (call,) = judge_calls.list_calls(site.db, event_id=site.event_id)
        claimed = phone.browse("POST", "/judge/claim", {"csrf": csrf, "call": str(call.id)})
        assert claimed.status == 303
        mine = phone.browse("GET", "/judge").text  # on the way to the table: open to read
        assert '<details class="why" open><summary>Why this pairing</summary>' in mine
