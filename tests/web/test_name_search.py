"""The page finds and lists names as people expect: "lukasz" finds Łukasz, Łukasz before Zoë.

A real server on loopback over an event in a real SQLite file (`tests.web.served`).
"""

from __future__ import annotations

import re
import urllib.parse
from collections.abc import Iterator

import pytest

from organizer.services.rounds import pairing
from organizer.storage.database import Database
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


def test_pairings_by_name_in_collation_order(names_page: Served) -> None:
    page = names_page.get("/pairings").text
    names = tuple(re.findall(r'<tr><td><bdi class="who">([^<]*)</bdi>', page))
    assert names == BY_NAME  # Łukasz after Lukas, before Zoë


def test_search_as_you_type_transliterates(names_page: Served) -> None:
    for typed in ("lukasz", "Łukasz", "żółk", "zolk"):
        found_names = [
            f["name"]
            for f in names_page.get("/api/find.json?q=" + urllib.parse.quote(typed)).json()["found"]
        ]
        assert found_names == ["Łukasz Żółkiewski"], typed
