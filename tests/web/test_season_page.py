"""The players' page shows the store's current season on its own tab (issue 32): the same
leaderboard as `organizer season standings`, linked from every page while a season runs."""

from __future__ import annotations

import datetime as dt
import html

from organizer.services.players import seasons
from tests.web.served import Served


def test_no_season_no_tab(served: Served) -> None:
    assert 'href="/season"' not in served.get("/").text
    assert "No season is running." in served.get("/season").text


def test_the_current_seasons_leaderboard_on_its_own_tab(served: Served) -> None:
    today = dt.date.today()
    season_id = seasons.new_season(
        served.db, name="Winter League", date_from=today.replace(year=2000),
        date_to=today.replace(year=2999),
    ).value  # fmt: skip
    seasons.set_setting(served.db, season_id=season_id, key="win", value="3")
    rows = seasons.standings(served.db, season_id=season_id)
    assert rows and rows[0].points > 0
    page = html.unescape(served.get("/season").text)
    assert "Winter League" in page and 'href="/season"' in served.get("/").text
    for row in rows:
        assert row.name in page
    first = rows[0]
    assert f'<td class="num">{first.points}</td>' in served.get("/season").text
