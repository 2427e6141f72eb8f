"""Every page and JSON document of the players' page, checked against the services' data."""

from __future__ import annotations

import html
import json
import re

from markupsafe import escape

from organizer.core.interchange_output import standings_document
from organizer.core.pairing.standings import compute_standings
from organizer.services.clock import clock
from organizer.services.event.interchange import load_event
from organizer.services.players import registration
from organizer.services.rounds import standings
from organizer.services.rounds.standings import tiebreaker_order
from tests.web.served import ELAPSED, NAMES, T0, Served


def visible(page: str) -> str:
    """The text a browser shows: tags dropped, entities decoded."""
    return html.unescape(re.sub(r"<[^>]+>", "", page))


def names_by_id(served: Served) -> dict[str, str]:
    players = registration.list_players(served.db, event_id=served.event_id)
    return {p.code: p.name for p in players}


def test_pairings_json_is_the_latest_round_with_names_and_results(served: Served) -> None:
    reply = served.get("/api/pairings.json")
    assert reply.status == 200
    assert reply.headers["content-type"] == "application/json; charset=utf-8"
    doc = reply.json()
    event = load_event(served.db, event_id=served.event_id)
    latest = event.rounds[-1]
    names = names_by_id(served)
    assert doc["round"] == latest.number == 2
    expected = []
    for m in sorted(latest.matches, key=lambda m: (m.table is None, m.table or 0)):
        b = {"id": m.players[1], "name": names[m.players[1]]} if len(m.players) > 1 else None
        result = None
        if m.wins is not None and not m.is_bye:
            result = "-".join(map(str, m.wins)) + (f"-{m.draws}" if m.draws else "")
        a = {"id": m.players[0], "name": names[m.players[0]]}
        expected.append({"table": m.table, "a": a, "b": b, "result": result})
    assert doc["pairings"] == expected
    assert [p["result"] for p in doc["pairings"]].count("1-1-1") == 1
    assert doc["pairings"][-1]["b"] is None  # seven players: the bye comes last


def test_standings_json_is_the_standings_command_document(served: Served) -> None:
    doc = served.get("/api/standings.json").json()
    rows = standings.standings(served.db, event_id=served.event_id)
    assert doc == json.loads(json.dumps(standings_document(rows)))
    assert {r["name"] for r in doc["standings"]} == set(NAMES)


def test_clock_json_is_clock_status_at_the_page_time(served: Served) -> None:
    doc = served.get("/api/clock.json").json()
    now = T0 + ELAPSED
    assert doc == clock.status(served.db, event_id=served.event_id, now=now).as_dict()
    assert doc["state"] == "running"
    assert doc["round"] == 2
    assert doc["remaining_s"] == doc["total_s"] - ELAPSED.total_seconds()


def test_front_page_shows_round_time_left_and_links(served: Served) -> None:
    reply = served.get("/")
    assert reply.status == 200
    assert reply.headers["content-type"] == "text/html; charset=utf-8"
    page = reply.text
    status = clock.status(served.db, event_id=served.event_id, now=T0 + ELAPSED)
    minutes, seconds = divmod(status.view.remaining_s, 60)
    assert f'id="clock-time" class="time" data-state="running">{minutes:02d}:{seconds:02d}<' in page
    assert "Round 2" in page
    for link in ('href="/pairings"', 'href="/standings"'):
        assert link in page
    assert 'data-round="2"' in page


def test_pairings_page_lists_every_table_and_every_name(served: Served) -> None:
    page = served.get("/pairings").text
    event = load_event(served.db, event_id=served.event_id)
    names = names_by_id(served)
    by_table = page.split('id="by-table"')[1].split('id="by-name"')[0]
    rows = re.findall(r"<tr><td class=\"num\">([^<]+)</td>\s*<td>(.*?)</td>", by_table, re.S)
    shown = {number: html.unescape(re.sub(r"<[^>]+>", "", cell)) for number, cell in rows}
    for m in event.rounds[-1].matches:
        key = "bye" if m.table is None else str(m.table)
        for p in m.players:
            assert names[p] in shown[key]
    by_name = page.split('id="by-name"')[1]
    found = [visible(n) for n in re.findall(r'<bdi class="who">(.*?)</bdi>', by_name)]
    for m in event.rounds[-1].matches:
        for p in m.players:
            row = re.search(
                rf"<tr><td><bdi class=\"who\">{re.escape(str(escape(names[p])))}.*?</tr>",
                by_name,
                re.S,
            )
            assert row is not None, names[p]
            others = [names[o] for o in m.players if o != p]
            assert visible(row.group(0)).count(" vs ") == (1 if others else 0)
            assert all(o in visible(row.group(0)) for o in others)
    assert sorted(found) == sorted(NAMES)
    assert sorted(found, key=str.lower) == found


def test_search_without_javascript_finds_the_table_seat_and_opponent(served: Served) -> None:
    event = load_event(served.db, event_id=served.event_id)
    names = names_by_id(served)
    ivan = next(code for code, name in names.items() if name.startswith("Iván"))
    match = next(m for m in event.rounds[-1].matches if ivan in m.players)
    page = served.get("/pairings?q=IVAN").text  # no accent, other case
    found = page.split('id="found-list"')[1].split("</ul>")[0]
    assert "Iván O&#39;Neil &amp; &#34;Tank&#34;" in found
    if match.is_bye:
        assert "Bye this round" in found
    else:
        seat = match.players.index(ivan) + 1
        opponent = names[match.players[2 - seat]]
        assert f"Table <b>{match.table}</b> · Seat {seat}" in found
        assert f"against {opponent}" in visible(found)
    nobody = served.get("/pairings?q=zzzz").text
    assert "No player's name contains" in nobody


def test_standings_page_has_each_breakdown_a_tap_away(served: Served) -> None:
    page = served.get("/standings").text
    event = load_event(served.db, event_id=served.event_id)
    order = tiebreaker_order(event.format_id)
    rows = compute_standings(event, tiebreakers=order, through_round=1)  # round 2 is played
    assert page.count("<details ") == len(rows)
    for row in rows:
        assert f"{float(row.values.omw) * 100:.2f}%" in page  # two decimals, as on paper
        for opponent in row.opponents:
            assert opponent.name in visible(page)
    ranks = re.findall(r'<span class="rank">([^<]+)</span>', page)
    assert ranks[0] == "1"


def test_head_answers_like_get_without_a_body(served: Served) -> None:
    for path in ("/", "/pairings", "/api/standings.json", "/static/style.css"):
        get, head = served.get(path), served.request("HEAD", path)
        assert head.status == get.status == 200
        assert head.body == b""
        assert head.headers["content-length"] == str(len(get.body))


def test_static_files_are_served_and_pages_load_nothing_from_elsewhere(served: Served) -> None:
    assert served.get("/static/style.css").headers["content-type"].startswith("text/css")
    assert b"XMLHttpRequest" in served.get("/static/page.js").body
    for path in ("/", "/pairings", "/standings", "/pods"):
        page = served.get(path).text
        sources = re.findall(r'(?:src|href)="([^"]+)"', page)
        assert all(s.startswith(("/", "#", "data:")) for s in sources), sources
