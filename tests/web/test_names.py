"""Names on the page: isolated for right-to-left scripts, counted in words that agree, and the
event the page serves named in its header."""

from __future__ import annotations

import html
import re

from organizer.core.results import parse_score
from organizer.services.event import events
from organizer.services.players import registration
from organizer.services.rounds import pairing, results
from organizer.storage.database import Database
from organizer.web.pages import counted, points
from tests.web.served import Served, serving
from tests.web.test_live import next_version, version_of
from tests.web.test_pages import visible

RIGHT_TO_LEFT = ("محمد عبد الله", "نور الهدى", "דוד לוי")
PAGES = ("/", "/pairings", "/pairings?q=a", "/standings", "/standings?q=%D9%86")


def occurrences(page: str, name: str) -> list[tuple[str, str]]:
    """(what comes before, what comes after) each place `name` stands in the page."""
    escaped = html.escape(name, quote=True).replace("&#x27;", "&#39;").replace("&quot;", "&#34;")
    return [
        (page[max(0, m.start() - 40) : m.start()], page[m.end() : m.end() + 6])
        for m in re.finditer(re.escape(escaped), page)
    ]


def test_every_player_name_is_isolated_so_right_to_left_names_pull_nothing(
    db: Database,
) -> None:
    event_id = events.create_event(db, name="Mixed", format_id="castle-wars").value.id
    names = (*RIGHT_TO_LEFT, "Ada Byrne", "Bo Chen", "Cy Dorn")
    for name in names:
        registration.add_player(db, event_id=event_id, name=name)
    first = pairing.pair_next(db, event_id=event_id, seed=2).value
    for m in first.matches:
        if m.table is not None:
            results.record_result(db, event_id=event_id, table=m.table, score=parse_score("2-1"))
    pairing.pair_next(db, event_id=event_id, seed=3)
    with serving(db, event_id) as page:
        for path in PAGES:
            body = page.get(path).text
            seen = 0
            for name in names:
                for before, after in occurrences(body, name):
                    assert re.search(r"<bdi[^>]*>$", before), (path, name, before)
                    assert after.startswith("</bdi>"), (path, name, after)
                    seen += 1
            assert seen >= (len(names) if path != "/" else 0), path
        doc = page.get("/api/find.json?q=%D9%86").json()  # the JSON carries names as text
        assert {hit["name"] for hit in doc["found"]} == {"نور الهدى"}


def test_counts_take_the_word_they_need() -> None:
    assert points(1) == "1 pt"
    assert points(0) == "0 pts"
    assert points(4) == "4 pts"
    assert counted(1, "result", "results") == "1 result"
    assert counted(2, "error", "errors") == "2 errors"


def test_standings_never_say_1_pts(served: Served) -> None:
    seen = version_of(served.get("/standings").text)
    latest_open = [
        t for t in served.get("/api/pairings.json").json()["pairings"]
        if t["result"] is None and t["b"] is not None
    ]  # fmt: skip
    for table in latest_open:
        results.record_result(
            served.db, event_id=served.event_id, table=table["table"], score=parse_score("1-1-1")
        )
    next_version(served, seen)
    page = served.get("/standings").text
    assert "after round 2" in page
    shown = re.findall(r'<span class="pts">(\d+) (pts?)</span>', page)
    assert shown and any(n == "1" for n, _ in shown)  # the drawn players: one point
    assert all((word == "pt") == (n == "1") for n, word in shown), shown


def test_the_header_and_footer_say_which_event_the_page_serves(served: Served) -> None:
    name = "Friday <script>alert(1)</script>"
    for path in ("/", "/pairings", "/standings", "/pods"):
        page = served.get(path).text
        header = visible(page.split("<header>")[1].split("</header>")[0])
        assert f"Event: {name}" in " ".join(header.split()), path
        footer = visible(page.split("<footer>")[1].split("</footer>")[0])
        assert f"Read-only page of {name}," in footer, path
