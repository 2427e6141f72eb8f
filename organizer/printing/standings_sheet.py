"""The standings sheet: swiss standings after a round, or final standings after a top cut.

Holds `draw_standings`: rank (players tied on every tiebreaker share "3-4"), name, match
points, W-L-D, OMW %, GW % and OGW %; on final standings the playoff players come first with
how far they got ("Champion", "Finalist", "Top 4"). Honours `PageSettings.large_type`.

Must not import Qt, sqlmodel/sqlalchemy, organizer.services or organizer.storage.
"""

from __future__ import annotations

from organizer.printing.columns import Column, Type, draw_cells, draw_titles, place, shade
from organizer.printing.fonts import BOLD
from organizer.printing.page import PageSettings, Sheet
from organizer.printing.views import StandingLine, StandingsView


def draw_standings(view: StandingsView, settings: PageSettings) -> bytes:
    title = "Final standings" if view.final else "Standings"
    sheet = Sheet(settings, view.heading, title)
    t = Type.of(settings.large_type)
    number = 4.0 * t.size
    columns = [
        Column("Rank", 4.4 * t.size, "right", BOLD),
        Column("Name", None, "left", BOLD),
        Column("Pts", 2.6 * t.size, "right"),
        Column("W-L-D", 4.4 * t.size, "right"),
        Column("OMW %", number, "right"),
        Column("GW %", number, "right"),
        Column("OGW %", number, "right"),
    ]
    if view.final:
        columns.insert(2, Column("Playoff", 5.0 * t.size, "left"))
    cols = place(columns, sheet.left + 4, sheet.right - 4)
    first = sheet.top - t.title - 8
    per_page = max(1, int((first - sheet.bottom) // t.row))
    pages = (len(view.lines) + per_page - 1) // per_page
    c = sheet.canvas
    for index in sheet.pages(pages):
        draw_titles(c, cols, sheet.top - t.title, t.title)
        y = first
        for n, line in enumerate(view.lines[index * per_page : (index + 1) * per_page]):
            if n % 2:
                shade(c, sheet.left, sheet.right, y - t.row, t.row)
            draw_cells(c, cols, y - t.row * 0.7, _cells(line, view.final), t.size)
            y -= t.row
    return sheet.pdf()


def _cells(line: StandingLine, final: bool) -> tuple[str, ...]:
    head = (line.rank, line.name, line.playoff) if final else (line.rank, line.name)
    return (*head, str(line.points), line.record, line.omw, line.gw, line.ogw)
