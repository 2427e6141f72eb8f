"""An open page follows every change: a result, a drop, the standings, the next round.

Through the real server, as page.js does it: the page carries its version
(`data-version`), `/api/version.json` answers the version now (the event's
revision: every write from any station moves it) and a 304 while it has not
moved; once it moves, the same page fetched again shows the change in its
live parts (`data-live`), which page.js swaps in without a reload. The
headless Chromium walk (tools/players_page_check.py) watches page.js do it.
"""

from __future__ import annotations

import http.client
import re
import time

from organizer.core.results import parse_score
from organizer.services.event.interchange import load_event
from organizer.services.players import registration
from organizer.services.rounds import pairing, results
from organizer.storage.database import Database
from tests.web.served import LOOPBACK, Served, registered_event, serving
from tests.web.test_pages import visible

PATIENCE_S = 15.0
"""How long the test waits for the version to move (the page promises 10 s)."""


def version_of(page: str) -> str:
    found = re.search(r'data-version="([^"]+)"', page)
    assert found is not None
    return found.group(1)


def live_ids(page: str) -> list[str]:
    return re.findall(r'id="([^"]+)"[^>]*data-live', page)


def next_version(served: Served, seen: str) -> str:
    """Poll /api/version.json as page.js does until it answers another version."""
    deadline = time.monotonic() + PATIENCE_S
    version = seen
    while version == seen and time.monotonic() < deadline:
        time.sleep(0.2)
        version = served.get("/api/version.json").json()["version"]
    assert version != seen, "the version did not move after a write"
    return version


def open_table(served: Served) -> int:
    latest = load_event(served.db, event_id=served.event_id).rounds[-1]
    return min(m.table for m in latest.matches if m.table is not None and m.wins is None)


def result_at(page: str, table: int) -> str:
    """The Result cell of `table` in the list by table."""
    row = re.search(rf'<tr><td class="num">{table}</td>.*?<td class="res">(.*?)</td>', page, re.S)
    assert row is not None
    return visible(row.group(1))


def test_a_result_entered_after_the_page_opened_shows_once_the_version_moves(
    served: Served,
) -> None:
    before = served.get("/pairings").text
    seen = version_of(before)
    table = open_table(served)
    assert result_at(before, table) == ""
    assert served.get("/api/version.json").json()["version"] == seen
    results.record_result(
        served.db, event_id=served.event_id, table=table, score=parse_score("0-2")
    )
    version = next_version(served, seen)
    after = served.get("/pairings").text
    assert version_of(after) == version
    assert result_at(after, table) == "0-2"
    assert live_ids(after) == live_ids(before) == ["status", "lists"]  # page.js swaps these


def test_the_version_answers_304_until_something_changes(served: Served) -> None:
    first = served.get("/api/version.json")
    etag = first.headers["etag"]
    connection = http.client.HTTPConnection(LOOPBACK, served.server.port, timeout=10)
    try:
        connection.request("GET", "/api/version.json", headers={"If-None-Match": etag})
        reply = connection.getresponse()
        assert reply.status == 304
        assert reply.read() == b""
        results.record_result(
            served.db, event_id=served.event_id, table=open_table(served), score=parse_score("2-0")
        )
        next_version(served, first.json()["version"])
        connection.request("GET", "/api/version.json", headers={"If-None-Match": etag})
        reply = connection.getresponse()
        assert reply.status == 200
        assert reply.getheader("ETag") != etag
        assert reply.read() != first.body
    finally:
        connection.close()


def test_standings_are_after_the_last_complete_round_while_a_round_is_played(
    served: Served,
) -> None:
    latest = load_event(served.db, event_id=served.event_id).rounds[-1]
    open_tables = [m.table for m in latest.matches if m.table is not None and m.wins is None]
    played = [m for m in latest.matches if not m.is_bye]
    page = visible(served.get("/standings").text)
    assert "Standings after round 1" in page
    reported = len(played) - len(open_tables)
    assert f"Round 2 in progress: {reported} of {len(played)} results in." in page
    assert "after round 2" not in page
    before = served.get("/standings").text
    seen = version_of(before)
    for table in open_tables:
        results.record_result(
            served.db, event_id=served.event_id, table=table, score=parse_score("2-1")
        )
    next_version(served, seen)
    after = served.get("/standings").text
    page = visible(after)
    assert "Standings after round 2" in page
    assert "in progress" not in page
    assert live_ids(after) == live_ids(before) == ["status", "standings-head", "standings"]
    assert after.count('id="find-standing"') == 1  # the search box is outside the live parts


def test_a_page_that_takes_another_shape_has_other_live_parts(db: Database) -> None:
    """Before round 1 the pairings page has no lists: page.js reloads it, not swaps parts."""
    event_id = registered_event(db)
    with serving(db, event_id) as page:
        before = page.get("/pairings").text
        pairing.pair_next(db, event_id=event_id, seed=1)
        next_version(page, version_of(before))
        after = page.get("/pairings").text
    assert live_ids(before) == ["status", "pairings-none"]
    assert live_ids(after) == ["status", "lists"]


def test_a_drop_shows_on_the_standings_once_the_version_moves(served: Served) -> None:
    seen = version_of(served.get("/standings").text)
    ada = next(
        p for p in registration.list_players(served.db, event_id=served.event_id)
        if p.name == "Ada Byrne"
    )  # fmt: skip
    assert "dropped" not in visible(served.get("/standings").text)
    registration.set_dropped(
        served.db, event_id=served.event_id, registration_id=ada.registration_id, dropped=True
    )
    next_version(served, seen)
    rows = re.findall(r"<summary>(.*?)</summary>", served.get("/standings").text, re.S)
    marked = [visible(r) for r in rows if "dropped" in r]
    assert len(marked) == 1 and "Ada Byrne" in marked[0]


def test_the_search_as_you_type_answers_table_seat_and_opponents(served: Served) -> None:
    doc = served.get("/api/find.json?q=IVAN").json()
    assert doc["q"] == "IVAN" and doc["more"] == 0
    [hit] = doc["found"]
    assert hit["name"] == 'Iván O\'Neil & "Tank"'
    page = visible(served.get("/pairings?q=IVAN").text)
    if hit["table"] == "bye":
        assert hit["opponents"] == []
    else:
        assert f"Table {hit['table']} · Seat {hit['seat']}" in page
        assert f"against {', '.join(hit['opponents'])}" in " ".join(page.split())
    assert served.get("/api/find.json?q=").json()["found"] == []
