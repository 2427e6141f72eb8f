"""The published site's season page: the leaderboard's rows as core ranks them."""

from __future__ import annotations

from organizer.core.season.leaderboard import LeaderRow
from organizer.publishing.site import SiteView, build_site

EN_DASH = "\u2013"


def test_the_season_page_ranks_the_ranked_and_dashes_the_rest() -> None:
    rows = (LeaderRow(1, 7, "Ada B.", 18, 2, 2, 1), LeaderRow(None, 9, "Bo <C>", 4, 1, 1, 5))
    view = SiteView("Friday", "2026-11-27", "Warcaste", (), (), {}, (), season_lines=rows)
    page = build_site(view)["season.html"].decode()
    ada = '<tr><td>1</td><td><bdi class="name">Ada B.</bdi></td><td>18</td><td>2</td></tr>'
    bo = f'<tr><td>{EN_DASH}</td><td><bdi class="name">Bo &lt;C&gt;</bdi></td><td>4</td>'
    assert ada in page
    assert bo in page
