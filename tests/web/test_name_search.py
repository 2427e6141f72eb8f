"""The page finds and lists names as people expect: "lukasz" finds Łukasz, Łukasz before Zoë.

A real server on loopback over an event in a real SQLite file (`tests.web.served`).
"""

from __future__ import annotations

import re
import urllib.parse
from collections.abc import Iterator

import pytest

from organizer.services import pairing
from organizer.storage.database import Database
from organizer.web.search import browser_fold
from tests.services.names_event import BY_NAME, names_event
from tests.web.served import Served, serving


@pytest.fixture
def names_page(db: Database) -> Iterator[Served]:
    event_id = names_event(db)
    pairing.pair_next(db, event_id=event_id, seed=2)
    with serving(db, event_id) as page:
        yield page


def found(page: Served, query: str) -> list[str]:
    text = page.get("/pairings?q=" + urllib.parse.quote(query)).text
    listed = text.split('id="found-list"')[1].split("</ul>")[0]
    return re.findall(r'class="who">([^<]*)<', listed)


def test_search_without_javascript_transliterates(names_page: Served) -> None:
    assert found(names_page, "lukasz") == ["Łukasz Żółkiewski"]
    assert found(names_page, "Łukasz") == ["Łukasz Żółkiewski"]
    assert found(names_page, "oyvind") == ["Øyvind Berg"]
    assert found(names_page, "dang") == ["Đặng Thu"]
    assert found(names_page, "LUKAS") == ["Lukas Adler", "Łukasz Żółkiewski"]


def test_pairings_by_name_in_collation_order_with_keys_the_script_can_match(
    names_page: Served,
) -> None:
    page = names_page.get("/pairings").text
    rows = re.findall(r'<tr data-key="([^"]*)"><td class="who">([^<]*)<', page)
    assert tuple(name for _, name in rows) == BY_NAME  # Łukasz after Lukas, before Zoë
    keys = dict((name, key) for key, name in rows)
    for typed in ("lukasz", "Łukasz", "żółk", "zolk"):  # what page.js compares: its own fold
        assert browser_fold(typed) in keys["Łukasz Żółkiewski"], typed
    assert browser_fold("oyvind") in keys["Øyvind Berg"]
    assert browser_fold("dang") in keys["Đặng Thu"]
