"""The /me forms as a browser without JavaScript uses them: cookies, CSRF, findings shown."""

from __future__ import annotations

import json
from pathlib import Path

from tests.cli.helpers import organizer
from tests.web.self_service.players import Player, illegal_list, legal_list, self_served


def signed_in(player: Player) -> str:
    """Sign in through the form; returns the signed-in page's CSRF token."""
    page = player.browse("GET", "/me")
    assert page.status == 200 and "Sign in" in page.text
    done = player.browse(
        "POST",
        "/me/signin",
        {
            "csrf": player.form_token(page),
            "player": player.code,
            "pin": player.site.pins[player.code],
        },
    )
    assert done.status == 303 and done.headers["location"] == "/me"
    return player.form_token(player.browse("GET", "/me"))


def stored(db_path: Path, code: str) -> str:
    listed = json.loads(organizer(db_path, "deck", "list", "--json").out)["decks"]
    return next(d["status"] for d in listed if d["id"] == code)


def test_session_cookie_is_httponly_and_samesite_strict(db_path: Path) -> None:
    with self_served(db_path) as site:
        p1 = site.player("p1")
        page = p1.browse("GET", "/me")
        reply = p1.browse(
            "POST",
            "/me/signin",
            {"csrf": p1.form_token(page), "player": "Player 1", "pin": site.pins["p1"]},
        )
        (cookie,) = [c for c in reply.cookies if c.startswith("organizer_session=")]
        assert "HttpOnly" in cookie and "SameSite=Strict" in cookie
        me = p1.browse("GET", "/me")
        assert "Player 1" in me.text and "p1" in me.text
        assert me.headers["cache-control"] == "no-store"


def test_sign_in_without_the_form_token_is_refused(db_path: Path) -> None:
    with self_served(db_path) as site:
        p1 = site.player("p1")
        p1.browse("GET", "/me")  # the form cookie is set
        forged = p1.browse(
            "POST", "/me/signin", {"csrf": "x" * 32, "player": "p1", "pin": site.pins["p1"]}
        )
        assert forged.status == 403 and not any(
            c.startswith("organizer_session=") for c in forged.cookies
        )
        stranger = site.player("p1")  # no cookie at all: another site's form
        blind = stranger.browse(
            "POST", "/me/signin", {"csrf": "", "player": "p1", "pin": site.pins["p1"]}
        )
        assert blind.status == 403


def test_a_wrong_pin_on_the_form_says_so_and_keeps_the_id(db_path: Path) -> None:
    with self_served(db_path) as site:
        p1 = site.player("p1")
        page = p1.browse("GET", "/me")
        wrong = f"{(int(site.pins['p1']) + 1) % 10**6:06d}"
        reply = p1.browse(
            "POST", "/me/signin", {"csrf": p1.form_token(page), "player": "p1", "pin": wrong}
        )
        assert reply.status == 401 and "do not match" in reply.text and 'value="p1"' in reply.text


def test_deck_form_checks_saves_and_refuses_a_forged_post(db_path: Path) -> None:
    with self_served(db_path) as site:
        p1 = site.player("p1")
        csrf = signed_in(p1)
        forged = p1.browse(
            "POST", "/me/deck", {"csrf": "0" * 64, "list": legal_list(), "action": "save"}
        )
        assert forged.status == 403 and stored(db_path, "p1") == "missing"
        checked = p1.browse(
            "POST", "/me/deck", {"csrf": csrf, "list": illegal_list(), "action": "check"}
        )
        assert checked.status == 200 and "wc-deck-size" in checked.text
        assert "checked, not saved yet" in checked.text and stored(db_path, "p1") == "missing"
        saved = p1.browse(
            "POST", "/me/deck", {"csrf": csrf, "list": illegal_list(), "action": "save"}
        )
        assert saved.status == 303 and stored(db_path, "p1") == "illegal"
        page = p1.browse("GET", "/me").text
        assert "submitted by you at" in page and "wc-deck-size" in page
        saved = p1.browse(
            "POST", "/me/deck", {"csrf": csrf, "list": legal_list(), "action": "save"}
        )
        assert stored(db_path, "p1") == "legal"
        bad = p1.browse(
            "POST", "/me/deck", {"csrf": csrf, "list": "Deck:\nseveral Foo\n", "action": "save"}
        )
        assert bad.status == 400 and "line 2" in bad.text and "several Foo" in bad.text  # kept


def test_result_and_drop_forms(db_path: Path) -> None:
    with self_served(db_path) as site:
        round_ = site.reporting_round_1()
        a, b = next(m.players for m in round_.matches if m.table is not None)
        pa, pb = site.player(a), site.player(b)
        csrf_a, csrf_b = signed_in(pa), signed_in(pb)
        assert pa.browse("POST", "/me/result", {"csrf": csrf_b, "result": "1-0"}).status == 403
        first = pa.browse("POST", "/me/result", {"csrf": csrf_a, "result": "1-0"})
        assert first.status == 303
        assert "counts once your opponent" in pa.browse("GET", first.headers["location"]).text
        pb.browse("POST", "/me/result", {"csrf": csrf_b, "result": "0-1"})
        assert "reported by the players" in pb.browse("GET", "/me").text
        question = pa.browse("GET", "/me/drop")
        assert "Drop from the event?" in question.text
        assert pa.browse("POST", "/me/drop", {"csrf": csrf_a}).headers["location"] == "/me/drop"
        done = pa.browse("POST", "/me/drop", {"csrf": csrf_a, "confirm": "yes"})
        assert done.status == 303 and "dropped after round 1" in pa.browse("GET", "/me").text
        out = pa.browse("POST", "/me/signout", {"csrf": csrf_a})
        assert out.status == 303 and "Sign in" in pa.browse("GET", "/me").text
