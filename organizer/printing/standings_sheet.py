"""The standings sheet: swiss standings after a round, or final standings after a top cut.

Holds `draw_standings`: rank (players tied on every tiebreaker share "3-4"), name, match
points, W-L-D, OMW %, GW % and OGW %; on final standings the playoff players come first with
how far they got ("Champion", "Finalist", "Top 4"). Honours `PageSettings.large_type`.
A name too wide for its cell is set smaller (down to `NAME_SHRINK`) and then wrapped onto
more lines, the row growing to hold them: a name is never cut, so two players never read
the same (issue 18: eight "Plain Player N" once all printed as "Plain Play…").

Must not import Qt, sqlmodel/sqlalchemy, organizer.services or organizer.storage.
"""

from __future__ import annotations

from typing import Final

from organizer.core.views.standings_lines import StandingLine
from organizer.printing.columns import Column, Placed, Type, draw_cells, place
from organizer.printing.fonts import BOLD
from organizer.printing.list_sheet import list_rows, room_below, split_pages
from organizer.printing.page import PageSettings, Sheet
from organizer.printing.text_runs import draw_string, longest_piece_width, width, wrap
from organizer.printing.views import StandingsView

NAME_SHRINK: Final = 0.7
"""A name is set at down to this fraction of the type size before it wraps."""
WORD_SHRINK: Final = 0.5
"""A wrapped name's longest word may shrink it further, to this fraction, to stay whole."""
LEADING: Final = 1.15


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
    name_col = cols[1]
    titles_y = sheet.top - t.title
    rows = [_name_lines(line.name, name_col, t) for line in view.lines]
    heights = [height for _, _, height in rows]
    pages = split_pages(heights, room_below(titles_y, sheet.bottom))
    for n, y in list_rows(sheet, cols, heights, pages, titles_y=titles_y, title_size=t.title):
        lines, size, _ = rows[n]
        baseline = y - t.row * 0.7
        cells = list(_cells(view.lines[n], view.final))
        cells[1] = ""
        draw_cells(sheet.canvas, cols, baseline, cells, t.size)
        for k, text in enumerate(lines):
            draw_string(sheet.canvas, name_col.x, baseline - k * size * LEADING, text, BOLD, size)
    return sheet.pdf()


def _name_lines(name: str, col: Placed, t: Type) -> tuple[list[str], float, float]:
    """The lines a name is printed on, their type size, and the height of its row."""
    full = width(name, BOLD, t.size)
    if full <= col.width:
        return [name], t.size, t.row
    if full * NAME_SHRINK <= col.width:
        return [name], t.size * col.width / full, t.row
    size = t.size * NAME_SHRINK
    longest = longest_piece_width(name, BOLD, size)
    if longest > col.width:  # keep words whole when a smaller size allows it
        size = max(t.size * WORD_SHRINK, size * col.width / longest)
    lines = wrap(name, BOLD, size, col.width)
    return lines, size, max(t.row, t.row + (len(lines) - 1) * size * LEADING)


def _cells(line: StandingLine, final: bool) -> tuple[str, ...]:
    head = (line.rank, line.name, line.playoff) if final else (line.rank, line.name)
    return (*head, str(line.points), line.record, line.omw, line.gw, line.ogw)
