"""The season's leaderboard on paper, for the store's wall.

Rank (shared ranks repeat), name, points, events played and events counted;
players below the season's minimum are listed after the ranked with a dash
for a rank. Names go through `text_runs` like every sheet, so a name in any
script prints in a font that has its letters. Honours `PageSettings`.

Must not import Qt, sqlmodel/sqlalchemy, organizer.services or organizer.storage.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from organizer.core.season.leaderboard import LeaderRow
from organizer.printing.columns import Column, Type, draw_cells, place
from organizer.printing.fonts import BOLD
from organizer.printing.list_sheet import list_rows, room_below, split_pages
from organizer.printing.page import PageSettings, Sheet
from organizer.printing.views import Heading


def draw_season_standings(
    season: str,
    dates: tuple[dt.date, dt.date],
    lines: Sequence[LeaderRow],
    settings: PageSettings,
) -> bytes:
    start, end = dates
    sheet = Sheet(settings, Heading(f"{season} ({start} to {end})", date=end), "Season standings")
    t = Type.of(settings.large_type)
    cols = place(
        [
            Column("Rank", 4.0 * t.size, "right", BOLD),
            Column("Name", None, "left", BOLD),
            Column("Points", 4.4 * t.size, "right", BOLD),
            Column("Events", 4.4 * t.size, "right"),
            Column("Counted", 4.8 * t.size, "right"),
        ],
        sheet.left + 4,
        sheet.right - 4,
    )
    titles_y = sheet.top - t.title
    heights = [t.row] * len(lines)
    pages = split_pages(heights, room_below(titles_y, sheet.bottom))
    for n, y in list_rows(sheet, cols, heights, pages, titles_y=titles_y, title_size=t.title):
        line = lines[n]
        rank = str(line.rank) if line.rank is not None else "\u2013"
        cells = (rank, line.name, str(line.points), str(line.events), str(line.counted))
        draw_cells(sheet.canvas, cols, y - t.row * 0.7, cells, t.size)
    return sheet.pdf()
