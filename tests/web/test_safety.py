"""Safe by construction: hostile names stay text, writes and path tricks are refused,
deck lists and e-mail addresses never appear."""

from __future__ import annotations

import pytest

from organizer.services.decks import cardpools, decks
from organizer.services.event.interchange import export_event
from organizer.services.kit.resources import resources_dir, sample_pool_path
from organizer.services.players import registration
from organizer.storage.database import Database
from tests.web.served import FORMULA, SCRIPT, Served, play, registered_event, serving

PAGES = ("/", "/pairings", "/pairings?q=scr", "/standings", "/standings?q=scr", "/pods")
JSON_DOCS = (
    "/api/pairings.json",
    "/api/standings.json",
    "/api/clock.json",
    "/api/version.json",
    "/api/find.json?q=a",
)


def test_hostile_names_show_as_text_on_every_page(served: Served) -> None:
    for path in PAGES:
        page = served.get(path).text
        assert "<script>alert" not in page, path
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page, path  # the event's name
    for path in ("/pairings", "/standings"):
        page = served.get(path).text
        assert f">{FORMULA}<" in page, path  # as typed: no formula, no quote prefix
    found = served.get("/pairings?q=%3Cscript").text.split('id="found-list"')[1]
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in found


def test_hostile_names_are_plain_strings_in_json(served: Served) -> None:
    doc = served.get("/api/standings.json").json()
    assert {SCRIPT, FORMULA} <= {row["name"] for row in doc["standings"]}
    assert served.get("/api/pairings.json").headers["x-content-type-options"] == "nosniff"


def test_a_hostile_search_is_echoed_as_text(served: Served) -> None:
    for path in ("/pairings", "/standings"):
        page = served.get(path + "?q=%22%3E%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E").text
        assert "<img" not in page, path
        assert "&lt;img src=x onerror=alert(1)&gt;" in page, path
    page = served.get("/standings?player=%22%3E%3Cimg%20src%3Dx%3E&page=%3Cb%3E").text
    assert "<img" not in page and "<b>" not in page  # an unknown player: the list from the top


@pytest.mark.parametrize("method", ["POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE"])
def test_every_method_but_get_and_head_is_refused(served: Served, method: str) -> None:
    before = export_event(served.db, event_id=served.event_id)
    for path in ("/", "/pairings", "/api/pairings.json", "/static/style.css", "/nowhere"):
        reply = served.request(method, path, body=b"name=x")
        assert reply.status == 405, (method, path)
        assert reply.headers["allow"] == "GET, HEAD"
    assert export_event(served.db, event_id=served.event_id) == before


@pytest.mark.parametrize(
    "path",
    [
        "/static/../app.py",
        "/static/%2e%2e/app.py",
        "/static/..%2fapp.py",
        "/static/%2e%2e%2f%2e%2e%2fpyproject.toml",
        "/static//etc/passwd",
        "//etc/passwd",
        "/../../../../etc/passwd",
        "/%2e%2e/%2e%2e/etc/passwd",
        "/static/",
        "/static/style.css/..",
        "/static/STYLE.CSS",
        "/static/style.css%00.py",
        "/templates/base.html",
        "/app.py",
        "/organizer/web/app.py",
        "/api/",
        "/api/decks.json",
        "/pairings/",
        "/pairings/../../etc/passwd",
        "/index.html",
    ],
)
def test_no_path_outside_the_routes_is_served(served: Served, path: str) -> None:
    reply = served.get(path)
    assert reply.status == 404, path
    assert b"import" not in reply.body
    assert b"root:" not in reply.body
    assert b"There is no such page." in reply.body


def test_deck_lists_and_emails_are_never_shown(db: Database) -> None:
    cardpools.import_pool(
        db, text=sample_pool_path("warcaste").read_text(encoding="utf-8"), source="sample"
    )
    event_id = registered_event(db, format_id="warcaste-skirmish-constructed")
    text = (resources_dir() / "decklists" / "sample-warcaste-skirmish-constructed.txt").read_text(
        encoding="utf-8"
    )
    ada = registration.list_players(db, event_id=event_id)[0]
    registration.edit_player(
        db, event_id=event_id, registration_id=ada.registration_id, email="ada@example.org"
    )
    decks.submit_deck(
        db, event_id=event_id, registration_id=ada.registration_id, text=text, store_illegal=True
    )
    assert decks.deck_text(db, registration_id=ada.registration_id) is not None
    play(db, event_id, win="1-0", last="0-1")
    cards = [
        line.split(" ", 1)[1].strip()
        for line in text.splitlines()
        if line[:1].isdigit() and " " in line
    ]
    assert len(cards) > 5
    with serving(db, event_id) as page:
        for path in PAGES + JSON_DOCS:
            body = page.get(path).text
            assert not [c for c in cards if c in body], path
            assert "ada@example.org" not in body
