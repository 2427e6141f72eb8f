"""A big event's pages stay small: lists in pages, search first, your row and the rows around it.

A 450-player event after 8 rounds (tests/big_events.py) served for real; the
4,096-player sizes and timings are in tests/benchmarks/test_players_page_bench.py.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from organizer.services.rounds import standings
from organizer.web import paging
from organizer.web.app import NAMES_PER_PAGE, STANDINGS_PER_PAGE, TABLES_PER_PAGE
from tests.big_events import store_big_event
from tests.web.served import Served, serving_file
from tests.web.test_pages import visible

PLAYERS = 450


@pytest.fixture
def big(db_path: Path) -> Iterator[Served]:
    with serving_file(db_path, store_big_event(db_path, PLAYERS)) as page:
        yield page


def ranks(page: str) -> list[str]:
    return re.findall(r'<span class="rank">([^<]+)</span>', page)


def test_standings_come_a_page_at_a_time_and_the_pages_cover_everyone(big: Served) -> None:
    rows = standings.standings(big.db, event_id=big.event_id)
    pages = -(-len(rows) // STANDINGS_PER_PAGE)
    names: list[str] = []
    for number in range(1, pages + 1):
        page = big.get(f"/standings?page={number}").text
        shown = [visible(n) for n in re.findall(r"<summary>.*?<bdi[^>]*>(.*?)</bdi>", page)]
        assert len(shown) == min(STANDINGS_PER_PAGE, len(rows) - len(names))
        assert f"Page {number} of {pages}" in page
        names += shown
    assert names == [r.name for r in rows]
    last = len(rows) % STANDINGS_PER_PAGE or STANDINGS_PER_PAGE
    assert big.get("/standings?page=999").text.count("<details ") == last  # the last page
    assert big.get("/standings?page=x").text == big.get("/standings").text


def test_a_found_name_shows_your_row_and_the_rows_around_it(big: Served) -> None:
    rows = standings.standings(big.db, event_id=big.event_id)
    middle = rows[len(rows) // 2]
    page = big.get(f"/standings?player={middle.player}").text
    around = re.findall(r'<details data-player="([^"]+)"', page)
    assert len(around) == 11
    assert around[5] == middle.player
    assert around == [r.player for r in rows[len(rows) // 2 - 5 : len(rows) // 2 + 6]]
    assert re.search(rf'id="you" class="you"><details data-player="{middle.player}" open>', page)
    # typing the whole name finds that one row and shows it the same way
    by_name = big.get("/standings?q=" + middle.name.replace(" ", "+")).text
    assert re.findall(r'<details data-player="([^"]+)"', by_name) == around
    # a few letters shared by many: a list of places, each a link to its row
    many = big.get("/standings?q=player").text
    links = re.findall(r'href="/standings\?player=([^"#]+)#you"', many)
    assert len(links) == 20
    assert "more: type more letters." in many
    assert "<details " not in many  # search first: the list waits until a name is chosen


def test_pairings_come_a_page_at_a_time(big: Served) -> None:
    doc = big.get("/api/pairings.json").json()
    tables = doc["pairings"]
    pages = max(-(-len(tables) // TABLES_PER_PAGE), -(-PLAYERS // NAMES_PER_PAGE))
    seen_tables: list[str] = []
    seen_names = 0
    for number in range(1, pages + 1):
        page = big.get(f"/pairings?page={number}").text
        by_table = page.split('id="by-table"')[1].split('id="by-name"')[0]
        seen_tables += re.findall(r'<tr><td class="num">([^<]+)</td>', by_table)
        seen_names += page.split('id="by-name"')[1].count('<bdi class="who">')
    assert len(seen_tables) == len(tables)
    assert seen_names == sum(1 if t["b"] is None else 2 for t in tables)


def test_slices_pages_and_the_rows_around() -> None:
    items = list(range(1, 251))
    page = paging.slice_of(items, 3, 100)
    assert (page.items[0], page.items[-1], page.first, page.last) == (201, 250, 201, 250)
    assert (page.page, page.pages, page.previous, page.next) == (3, 3, 2, None)
    assert paging.slice_of(items, 99, 100).page == 3  # past the end: the last page
    assert paging.slice_of(items, 2, 200, pages=5).items == tuple(range(201, 251))
    assert paging.slice_of(items, 5, 200, pages=5).items == ()  # a shared pager past this list
    assert paging.slice_of([], 1, 100).pages == 1
    assert [paging.page_number(t, 3) for t in ("2", "0", "-4", "9", "x", "", "1e9")] == [
        2, 1, 1, 3, 1, 1, 1,
    ]  # fmt: skip
    near = paging.around(items, 0, 5)
    assert near.items == tuple(range(1, 7)) and near.first == 1
    near = paging.around(items, 100, 5)
    assert near.items == tuple(range(96, 107)) and near.first == 96
