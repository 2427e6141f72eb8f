"""The printed season leaderboard (`organizer print season-standings --season ID`).

Reads the leaderboard the command line and the Season screen read
(`services.players.seasons.standings`) and lays it out with the sheets' page.
"""

from __future__ import annotations

from organizer.core.event_settings import EventSettings
from organizer.printing.season_sheet import draw_season_standings
from organizer.services.players import seasons
from organizer.services.printouts.printouts import page_settings
from organizer.storage.database import Database


def season_standings_pdf(
    db: Database, *, season_id: int, paper: str | None = None, large: bool = False
) -> bytes:
    season = seasons.get_season(db, season_id)
    r = season.record
    return draw_season_standings(
        r.name,
        (r.date_from, r.date_to),
        seasons.standings(db, season_id=season_id),
        page_settings(EventSettings(), paper=paper, large=large),
    )
